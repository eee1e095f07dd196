import type { Db, Queryable } from '../db/index.ts';
import { getQuote } from '../db/quotes.ts';
import { quoteCompany, quoteFileName, quotePdf } from '../quote/document.ts';
import type { Mailer, MailMessage } from './mailer.ts';

/**
 * Stores a message for sending. Call it inside the transaction of the write the message belongs
 * to: the message exists exactly when the write does. Then kick the outbox. An inquiry's attachment
 * goes by reference (`attachmentId`): it is read from the database when the message is sent; a quote's
 * PDF (`quoteId`) is made then.
 */
export async function queueMail(
  q: Queryable,
  message: MailMessage,
  { attachmentId, quoteId }: { attachmentId?: number | undefined; quoteId?: number } = {},
): Promise<void> {
  await q.query(
    `insert into mail_outbox (to_address, subject, text, html, reply_to, headers, attachment_id, quote_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      message.to,
      message.subject,
      message.text,
      message.html,
      message.replyTo ?? null,
      message.headers ? JSON.stringify(message.headers) : null,
      attachmentId ?? null,
      quoteId ?? null,
    ],
  );
}

interface QueuedRow {
  id: number;
  to_address: string;
  subject: string;
  text: string;
  html: string;
  reply_to: string | null;
  headers: Record<string, string> | string | null;
  attachment_id: number | null;
  quote_id: number | null;
  attempts: number;
}

/** The message a queued row stands for, its attachment read now. */
async function messageOf(db: Db, row: QueuedRow): Promise<MailMessage> {
  const message: MailMessage = { to: row.to_address, subject: row.subject, text: row.text, html: row.html };
  if (row.reply_to) message.replyTo = row.reply_to;
  if (row.headers) message.headers = typeof row.headers === 'string' ? JSON.parse(row.headers) : row.headers;
  if (row.attachment_id !== null) {
    const [file] = await db.query<{ file_name: string; content_type: string; data: Uint8Array }>(
      'select file_name, content_type, data from inquiry_attachment where id = $1',
      [row.attachment_id],
    );
    if (file) message.attachments = [{ filename: file.file_name, contentType: file.content_type, content: file.data }];
  }
  if (row.quote_id !== null) {
    const quote = await getQuote(db, row.quote_id, null);
    if (quote) {
      const content = quotePdf(quote, await quoteCompany(db, quote.language));
      message.attachments = [{ filename: quoteFileName(quote), contentType: 'application/pdf', content }];
    }
  }
  return message;
}

/** Sends what the mail_outbox table holds. */
export interface Outbox {
  /** Starts a delivery in the background (after a commit that queued mail); never throws. */
  kick(): void;
  /** Sends every message that is due; answers how many went. */
  deliverDue(): Promise<number>;
  /** Waits for the delivery under way, if any. */
  idle(): Promise<void>;
}

// A claimed message is not claimed again for this long, even by another process: more than a send
// can take with the mailer's timeouts. A process that dies mid-send leaves it for the next claim.
const LEASE_SECONDS = 120;
const BATCH = 20;
/** Seconds before the next try after `attempts` failures: 30 s doubling, at most an hour. */
export const retryDelaySeconds = (attempts: number) => Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
/**
 * Tries before a message is given up and marked failed: with the back-off above, the 10th try comes
 * about 3 hours (11,010 s) after the first, long enough to ride out a mail server's restart or a
 * short outage, short enough that a message which cannot go stops costing a connection every hour.
 */
export const MAX_ATTEMPTS = 10;

/** The outbox over a database and a mailer. Several processes may deliver from one database. */
export function createOutbox(db: Db, mailer: Mailer): Outbox {
  let running: Promise<void> | undefined;
  let again = false;

  async function deliverDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await db.query<QueuedRow>(
        `update mail_outbox set next_attempt_at = now() + make_interval(secs => $1)
         where id in (select id from mail_outbox
                      where sent_at is null and failed_at is null and next_attempt_at <= now()
                      order by next_attempt_at, id limit $2 for update skip locked)
         returning id, to_address, subject, text, html, reply_to, headers, attachment_id, quote_id, attempts`,
        [LEASE_SECONDS, BATCH],
      );
      for (const row of batch) {
        try {
          await mailer.send(await messageOf(db, row));
          await db.query(
            'update mail_outbox set sent_at = now(), attempts = attempts + 1, last_error = null where id = $1',
            [row.id],
          );
          sent++;
        } catch (error) {
          const attempts = row.attempts + 1;
          const givenUp = attempts >= MAX_ATTEMPTS;
          await db.query(
            `update mail_outbox set attempts = $2, last_error = $3, next_attempt_at = now() + make_interval(secs => $4),
               failed_at = case when $5::boolean then now() end
             where id = $1`,
            [
              row.id,
              attempts,
              String((error as Error).message ?? error).slice(0, 1000),
              retryDelaySeconds(attempts),
              givenUp,
            ],
          );
          console.error(
            givenUp
              ? `mail ${row.id} to ${row.to_address} failed (try ${attempts} of ${MAX_ATTEMPTS}), given up; \`npm run outbox -- retry ${row.id}\` sends it again:`
              : `mail ${row.id} to ${row.to_address} failed (try ${attempts} of ${MAX_ATTEMPTS}), retrying later:`,
            (error as Error).message,
          );
        }
      }
      if (batch.length < BATCH) return sent;
    }
  }

  function kick(): void {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await deliverDue();
        } catch (error) {
          console.error('mail delivery failed:', (error as Error).message);
        }
      } while (again);
    })().finally(() => {
      running = undefined;
    });
  }

  return {
    kick,
    deliverDue,
    async idle() {
      await running;
    },
  };
}

/** A message as `npm run outbox -- list` shows it. */
export interface OutboxEntry {
  id: number;
  to: string;
  subject: string;
  state: 'pending' | 'failed';
  attempts: number;
  createdAt: Date;
  /** When a pending message is tried next; for a failed one, when it was given up. */
  at: Date;
  lastError: string | null;
}

/** The messages not sent yet (or only the failed ones), oldest first, at most `limit`, and how many there are in all. */
export async function listOutbox(
  db: Queryable,
  { failedOnly = false, limit = 200 }: { failedOnly?: boolean; limit?: number } = {},
): Promise<{ entries: OutboxEntry[]; total: number }> {
  const where = failedOnly ? 'failed_at is not null' : 'sent_at is null';
  const rows = await db.query<{
    id: number;
    to_address: string;
    subject: string;
    failed_at: Date | null;
    attempts: number;
    created_at: Date;
    next_attempt_at: Date;
    last_error: string | null;
  }>(
    `select id, to_address, subject, failed_at, attempts, created_at, next_attempt_at, last_error
     from mail_outbox where ${where} order by id limit $1`,
    [limit],
  );
  const [count] = await db.query<{ total: number }>(`select count(*)::int as total from mail_outbox where ${where}`);
  return {
    total: count?.total ?? 0,
    entries: rows.map((row) => ({
      id: row.id,
      to: row.to_address,
      subject: row.subject,
      state: row.failed_at ? 'failed' : 'pending',
      attempts: row.attempts,
      createdAt: row.created_at,
      at: row.failed_at ?? row.next_attempt_at,
      lastError: row.last_error,
    })),
  };
}

/**
 * Puts failed messages back to pending with a fresh set of tries, due at once: the one with `id`, or
 * every failed one when `id` is 'all'. Answers the ids put back (none for an id that is not failed).
 */
export async function retryFailed(db: Queryable, id: number | 'all'): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `update mail_outbox set failed_at = null, attempts = 0, next_attempt_at = now()
     where failed_at is not null and ($1::int is null or id = $1::int)
     returning id`,
    [id === 'all' ? null : id],
  );
  return rows.map((row) => row.id).sort((a, b) => a - b);
}
