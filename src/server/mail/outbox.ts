import type { Db, Queryable } from '../db/index.ts';
import type { Mailer, MailMessage } from './mailer.ts';

/**
 * Stores a message for sending. Call it inside the transaction of the write the message belongs
 * to: the message exists exactly when the write does. Then kick the outbox.
 */
export async function queueMail(q: Queryable, message: MailMessage): Promise<void> {
  await q.query('insert into mail_outbox (to_address, subject, text, html) values ($1, $2, $3, $4)', [
    message.to,
    message.subject,
    message.text,
    message.html,
  ]);
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

/** The outbox over a database and a mailer. Several processes may deliver from one database. */
export function createOutbox(db: Db, mailer: Mailer): Outbox {
  let running: Promise<void> | undefined;
  let again = false;

  async function deliverDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await db.query<{
        id: number;
        to_address: string;
        subject: string;
        text: string;
        html: string;
        attempts: number;
      }>(
        `update mail_outbox set next_attempt_at = now() + make_interval(secs => $1)
         where id in (select id from mail_outbox where sent_at is null and next_attempt_at <= now()
                      order by next_attempt_at, id limit $2 for update skip locked)
         returning id, to_address, subject, text, html, attempts`,
        [LEASE_SECONDS, BATCH],
      );
      for (const row of batch) {
        try {
          await mailer.send({ to: row.to_address, subject: row.subject, text: row.text, html: row.html });
          await db.query(
            'update mail_outbox set sent_at = now(), attempts = attempts + 1, last_error = null where id = $1',
            [row.id],
          );
          sent++;
        } catch (error) {
          const attempts = row.attempts + 1;
          await db.query(
            `update mail_outbox set attempts = $2, last_error = $3, next_attempt_at = now() + make_interval(secs => $4)
             where id = $1`,
            [row.id, attempts, String((error as Error).message ?? error).slice(0, 1000), retryDelaySeconds(attempts)],
          );
          console.error(
            `mail to ${row.to_address} failed (try ${attempts}), retrying later:`,
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
