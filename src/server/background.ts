import type { Db } from './db/index.ts';
import type { Outbox } from './mail/outbox.ts';

/** Deletes what no rule needs any more: old sessions, codes, rate-limit windows, and mail sent or given up 90 days ago. */
async function pruneExpired(db: Db): Promise<void> {
  await db.query("delete from session where expires_at < now() - interval '7 days'");
  await db.query("delete from verification_code where expires_at < now() - interval '1 day'");
  await db.query("delete from rate_limit where window_start < now() - interval '1 day'");
  await db.query(
    "delete from mail_outbox where sent_at < now() - interval '90 days' or failed_at < now() - interval '90 days'",
  );
}

/**
 * The server process's small loop: retries due mail every few seconds (a kick after each write
 * sends new mail at once; the outbox gives a message up after MAX_ATTEMPTS tries) and prunes now and then. Any number of processes may run it on one
 * database: the outbox claims messages with a lease.
 */
export function startBackground(
  db: Db,
  outbox: Outbox,
  { mailEveryMs = 5000, pruneEveryMs = 10 * 60_000 }: { mailEveryMs?: number; pruneEveryMs?: number } = {},
): { stop(): Promise<void> } {
  const log = (what: string) => (error: unknown) => console.error(`${what} failed:`, (error as Error).message);
  const mail = setInterval(() => outbox.kick(), mailEveryMs);
  let pruning: Promise<void> | undefined;
  const prune = setInterval(() => {
    pruning ??= pruneExpired(db)
      .catch(log('pruning'))
      .finally(() => {
        pruning = undefined;
      });
  }, pruneEveryMs);
  mail.unref();
  prune.unref();
  outbox.kick();
  return {
    async stop() {
      clearInterval(mail);
      clearInterval(prune);
      await Promise.all([outbox.idle(), pruning]);
    },
  };
}
