import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { databaseKinds, freshDb } from '../testing.ts';
import { createMailer } from './mailer.ts';
import { createOutbox, queueMail, retryDelaySeconds } from './outbox.ts';
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
