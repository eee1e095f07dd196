import type { MessageKey } from '#i18n/index.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';

/** A counter with a ceiling per window, e.g. at most 5 failed logins per 15 minutes. */
export interface Limit {
  name: string;
  max: number;
  minutes: number;
  /** The message of the 429 answer; it gets `{{minutes}}` until the window ends (`{{seconds}}` when spaced). */
  message: MessageKey;
  /** Past `max`, rather than refuse until the window ends, let one attempt through every so many seconds. */
  spacingSeconds?: number;
}

// Every limit of the API in one place (docs/decisions/0014-auth-limits.md). The counters live in
// PostgreSQL (table rate_limit), so several API processes share them. Logins are limited tightly per
// account and address, loosely per address, and per account by a ceiling that slows rather than
// blocks, so a stranger can neither guess fast nor lock the owner out.
export const LIMITS = {
  loginPerAccountAddress: { name: 'login:account-address', max: 5, minutes: 15, message: 'api.tooManyLogins' },
  loginPerAddress: { name: 'login:address', max: 30, minutes: 15, message: 'api.tooManyLogins' },
  loginPerAccount: {
    name: 'login:account',
    max: 20,
    minutes: 15,
    spacingSeconds: 15,
    message: 'api.loginSlowedDown',
  },
  codeSendPerAddress: { name: 'code-send:address', max: 20, minutes: 60, message: 'api.tooManyRequests' },
  codeSendPerEmail: { name: 'code-send:email', max: 10, minutes: 60, message: 'api.tooManyRequests' },
  wrongCodePerAddress: { name: 'wrong-code:address', max: 30, minutes: 15, message: 'api.tooManyRequests' },
  // An office behind one address may send a few inquiries an hour; a flood of forms (and mails) may not.
  inquiryPerAddress: { name: 'inquiry:address', max: 10, minutes: 60, message: 'api.tooManyInquiries' },
  inquiryPerEmail: { name: 'inquiry:email', max: 5, minutes: 60, message: 'api.tooManyInquiries' },
  newsletterPerAddress: { name: 'newsletter:address', max: 20, minutes: 60, message: 'api.tooManyRequests' },
  newsletterPerEmail: { name: 'newsletter:email', max: 3, minutes: 60, message: 'api.tooManyRequests' },
  // Wrong editor tokens: checked with refuseWhenOver, each wrong one counted with takeSlots; a right
  // token costs no slot, so an editor's tools may make any number of calls at once.
  wrongEditorTokenPerAddress: {
    name: 'wrong-editor-token:address',
    max: 20,
    minutes: 15,
    message: 'api.editor.tooManyWrongTokens',
  },
} as const satisfies Record<string, Limit>;

/** One counter: a limit applied to one subject (an address, an account, an email). */
export type Counter = [limit: Limit, subject: string | number];

const keyOf = ([limit, subject]: Counter) => `${limit.name}:${subject}`;

/**
 * Takes one slot on each counter and decides, in one statement per call, so parallel requests
 * cannot all slip under a limit: the count comes first, the decision is on the count it answers.
 * Over a limit it gives the other counters their slots back and throws 429. Counters without
 * spacing count every attempt; a spaced one past its ceiling counts (and admits) only one attempt
 * per `spacingSeconds`, so refused attempts never push the owner's turn further away.
 */
export async function takeSlots(db: Queryable, counters: Counter[]): Promise<void> {
  const keys = counters.map(keyOf);
  const rows = await db.query<{ key: string; count: number; age: number }>(
    `with l as (
       select key, max, now() - make_interval(mins => minutes) as stale_before,
         now() - make_interval(secs => spacing) as spaced_before
       from unnest($1::text[], $2::int[], $3::int[], $4::int[]) as u(key, max, minutes, spacing)
     )
     insert into rate_limit as r (key, window_start, count, last_at)
     select key, now(), 1, now() from l
     on conflict (key) do update set (window_start, count, last_at) = (
       select case when r.window_start <= l.stale_before then now() else r.window_start end,
         case when r.window_start <= l.stale_before then 1 else r.count + 1 end,
         now()
       from l where l.key = r.key)
     where exists (
       select 1 from l where l.key = r.key and (l.spaced_before is null or r.count < l.max
         or r.window_start <= l.stale_before or r.last_at <= l.spaced_before))
     returning r.key, r.count, extract(epoch from now() - r.window_start)::float8 as age`,
    [
      keys,
      counters.map(([limit]) => limit.max),
      counters.map(([limit]) => limit.minutes),
      counters.map(([limit]) => limit.spacingSeconds ?? null),
    ],
  );
  const taken = new Map(rows.map((row) => [row.key, row]));
  const over = counters.findIndex(([limit], i) => {
    const row = taken.get(keys[i] ?? '');
    return row === undefined || (limit.spacingSeconds === undefined && row.count > limit.max);
  });
  if (over < 0) return;
  const [limit] = counters[over] as Counter;
  await giveBack(
    db,
    counters.filter((_, i) => i !== over && taken.has(keys[i] ?? '')),
  );
  if (limit.spacingSeconds === undefined) {
    const seconds = limit.minutes * 60 - (taken.get(keys[over] ?? '')?.age ?? 0);
    throw new ApiError(429, limit.message, { minutes: Math.max(1, Math.ceil(seconds / 60)) });
  }
  const [row] = await db.query<{ seconds: number }>(
    `select greatest(1, ceil($2 - extract(epoch from now() - last_at)))::int as seconds from rate_limit where key = $1`,
    [keys[over], limit.spacingSeconds],
  );
  throw new ApiError(429, limit.message, { seconds: row?.seconds ?? limit.spacingSeconds });
}

/** Gives back the slot an attempt took on each counter: it turned out fine (a login, a sent code). */
export async function giveBack(db: Queryable, counters: Counter[]): Promise<void> {
  if (counters.length === 0) return;
  await db.query('update rate_limit set count = greatest(count - 1, 0) where key = any($1::text[])', [
    counters.map(keyOf),
  ]);
}

/** Forgets a counter (an account's failed logins at an address after it logs in there). */
export async function clearCounter(db: Queryable, counter: Counter): Promise<void> {
  await db.query('delete from rate_limit where key = $1', [keyOf(counter)]);
}

/**
 * 429 when a counter of failures is already at its limit, taking no slot: for checks where only a
 * failure counts (the caller takes a slot with takeSlots when it fails). Parallel attempts may each pass
 * this read before any failure counts, so a burst can go past the limit by the attempts in flight; after
 * it every attempt is refused until the window ends.
 */
export async function refuseWhenOver(db: Queryable, [limit, subject]: Counter): Promise<void> {
  const [row] = await db.query<{ count: number; age: number }>(
    `select count, extract(epoch from now() - window_start)::float8 as age from rate_limit
     where key = $1 and window_start > now() - make_interval(mins => $2)`,
    [keyOf([limit, subject]), limit.minutes],
  );
  if (row && row.count >= limit.max)
    throw new ApiError(429, limit.message, { minutes: Math.max(1, Math.ceil((limit.minutes * 60 - row.age) / 60)) });
}
