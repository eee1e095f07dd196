import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { databaseKinds, freshDb } from '#tests/support/testing.ts';
import { createMailer } from './mailer.ts';
import { createOutbox, listOutbox, MAX_ATTEMPTS, queueMail, retryDelaySeconds, retryFailed } from './outbox.ts';
import { type SmtpSink, startSmtpSink } from './sink.ts';

/** An SMTP URL on which nothing listens: every send fails to connect. */
async function deadSmtpUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `smtp://127.0.0.1:${port}`;
}

const message = (to: string) => ({ to, subject: `Hello ${to}`, text: 'Plain text', html: '<p>Plain text</p>' });

describe.each(databaseKinds)('mail outbox (%s)', (kind) => {
  let handle: Awaited<ReturnType<typeof freshDb>>;
  let sink: SmtpSink;
  beforeAll(async () => {
    handle = await freshDb(kind);
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
    await handle.drop();
  });

  test('keeps a message that fails to send and retries it with backoff until it goes', async () => {
    const { db } = handle;
    const broken = createMailer({ smtpUrl: await deadSmtpUrl() });
    const failing = createOutbox(db, broken);
    await queueMail(db, message('retry@example.com'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await failing.deliverDue()).toBe(0);
      expect(logged).toHaveBeenCalledTimes(1);
    } finally {
      logged.mockRestore();
      broken.close();
    }
    const [row] = await db.query<{ attempts: number; last_error: string; sent_at: null; wait: number }>(
      `select attempts, last_error, sent_at, round(extract(epoch from next_attempt_at - now()))::int as wait
       from mail_outbox where to_address = 'retry@example.com'`,
    );
    expect(row).toMatchObject({ attempts: 1, sent_at: null, wait: retryDelaySeconds(1) });
    expect(row?.last_error).toMatch(/ECONNREFUSED|connect/i);
    // Not due yet: nothing goes.
    const working = createMailer({ smtpUrl: sink.url });
    const outbox = createOutbox(db, working);
    expect(await outbox.deliverDue()).toBe(0);
    await db.query("update mail_outbox set next_attempt_at = now() where to_address = 'retry@example.com'");
    expect(await outbox.deliverDue()).toBe(1);
    working.close();
    const received = await sink.waitFor('retry@example.com');
    expect(received.subject).toBe('Hello retry@example.com');
    const [sent] = await db.query<{ attempts: number; sent: boolean }>(
      "select attempts, sent_at is not null as sent from mail_outbox where to_address = 'retry@example.com'",
    );
    expect(sent).toEqual({ attempts: 2, sent: true });
  });

  /** Queues a message and fails to send it MAX_ATTEMPTS times, making it due again after each try; answers its id. */
  async function giveUp(to: string): Promise<number> {
    const { db } = handle;
    await queueMail(db, message(to));
    const [{ id } = { id: 0 }] = await db.query<{ id: number }>('select id from mail_outbox where to_address = $1', [
      to,
    ]);
    const broken = createMailer({ smtpUrl: await deadSmtpUrl() });
    const outbox = createOutbox(db, broken);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (let tries = 1; tries <= MAX_ATTEMPTS; tries++) {
        expect(await outbox.deliverDue()).toBe(0);
        const [row] = await db.query<{ attempts: number; failed: boolean; wait: number }>(
          `select attempts, failed_at is not null as failed,
                  round(extract(epoch from next_attempt_at - now()))::int as wait
           from mail_outbox where id = $1`,
          [id],
        );
        expect(row).toEqual({ attempts: tries, failed: tries === MAX_ATTEMPTS, wait: retryDelaySeconds(tries) });
        await db.query('update mail_outbox set next_attempt_at = now() where id = $1', [id]);
      }
      expect(logged).toHaveBeenCalledTimes(MAX_ATTEMPTS);
      expect(logged).toHaveBeenLastCalledWith(
        expect.stringContaining(`given up; \`npm run outbox -- retry ${id}\``),
        expect.any(String),
      );
    } finally {
      logged.mockRestore();
      broken.close();
    }
    return id;
  }

  test('gives a message up after 10 failed tries, backing off between them, and keeps it as failed', async () => {
    const { db } = handle;
    expect(MAX_ATTEMPTS).toBe(10);
    const id = await giveUp('given-up@example.com');
    // Due, and the mail server works again: a failed message is still not tried.
    const working = createMailer({ smtpUrl: sink.url });
    try {
      expect(await createOutbox(db, working).deliverDue()).toBe(0);
    } finally {
      working.close();
    }
    await expect(sink.waitFor('given-up@example.com', undefined, 200)).rejects.toThrow(/no mail/);
    const [row] = await db.query<{ attempts: number; failed: boolean; sent: boolean; last_error: string }>(
      `select attempts, failed_at is not null as failed, sent_at is not null as sent, last_error
       from mail_outbox where id = $1`,
      [id],
    );
    expect(row).toMatchObject({ attempts: MAX_ATTEMPTS, failed: true, sent: false });
    expect(row?.last_error).toMatch(/ECONNREFUSED|connect/i);
    const failed = await listOutbox(db, { failedOnly: true });
    expect(failed.entries.map((entry) => [entry.id, entry.state, entry.attempts])).toContainEqual([
      id,
      'failed',
      MAX_ATTEMPTS,
    ]);
  });

  test('sends a failed message once retry puts it back to pending, with a fresh set of tries', async () => {
    const { db } = handle;
    const id = await giveUp('retried@example.com');
    const other = await giveUp('retried-too@example.com');
    expect(await retryFailed(db, id)).toEqual([id]);
    // Only a failed message goes back: again, it is pending already.
    expect(await retryFailed(db, id)).toEqual([]);
    expect(await retryFailed(db, 999_999)).toEqual([]);
    const pending = await listOutbox(db);
    expect(pending.entries.find((entry) => entry.id === id)).toMatchObject({ state: 'pending', attempts: 0 });
    expect(pending.entries.find((entry) => entry.id === other)).toMatchObject({ state: 'failed' });

    const working = createMailer({ smtpUrl: sink.url });
    try {
      expect(await createOutbox(db, working).deliverDue()).toBe(1);
      expect((await sink.waitFor('retried@example.com')).subject).toBe('Hello retried@example.com');
      // Every failed message goes back, this suite's earlier ones too.
      const failed = (await listOutbox(db, { failedOnly: true })).entries.map((entry) => entry.id);
      expect(failed).toContain(other);
      expect(await retryFailed(db, 'all')).toEqual(failed);
      expect(await createOutbox(db, working).deliverDue()).toBe(failed.length);
      expect((await sink.waitFor('retried-too@example.com')).subject).toBe('Hello retried-too@example.com');
    } finally {
      working.close();
    }
    const rows = await db.query<{ attempts: number; sent: boolean; failed: boolean }>(
      `select attempts, sent_at is not null as sent, failed_at is not null as failed
       from mail_outbox where id = any($1::int[]) order by id`,
      [[id, other]],
    );
    expect(rows).toEqual([
      { attempts: 1, sent: true, failed: false },
      { attempts: 1, sent: true, failed: false },
    ]);
    expect((await listOutbox(db, { failedOnly: true })).entries.map((entry) => entry.id)).not.toContain(other);
  });

  test('backs off from 30 seconds, doubling, to at most an hour', () => {
    expect([1, 2, 3, 4, 8, 20].map(retryDelaySeconds)).toEqual([30, 60, 120, 240, 3600, 3600]);
  });

  test('sends each message once when two outboxes deliver from one database at the same time', async () => {
    const { db } = handle;
    for (let i = 0; i < 30; i++) await queueMail(db, message(`once${i}@example.com`));
    const mailers = [createMailer({ smtpUrl: sink.url }), createMailer({ smtpUrl: sink.url })];
    const counts = await Promise.all(mailers.map((mailer) => createOutbox(db, mailer).deliverDue()));
    for (const mailer of mailers) mailer.close();
    expect(counts[0] + counts[1]).toBe(30);
    const onceMessages = sink.messages.filter((m) => m.to[0]?.startsWith('once'));
    expect(onceMessages).toHaveLength(30);
    expect(new Set(onceMessages.map((m) => m.to[0])).size).toBe(30);
  });
});
