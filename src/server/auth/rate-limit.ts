import type { MessageKey } from '../../i18n/index.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';

/** A counter with a ceiling per window, e.g. at most 10 failed logins per 15 minutes. */
export interface Limit {
  name: string;
  max: number;
  minutes: number;
  /** The message of the 429 answer; it gets `{{minutes}}` until the window ends. */
  message: MessageKey;
}

// Every limit of the API in one place. The counters live in PostgreSQL (table rate_limit), so
// several API processes share them.
export const LIMITS = {
  loginPerAddress: { name: 'login:address', max: 10, minutes: 15, message: 'api.tooManyLogins' },
  loginPerAccount: { name: 'login:account', max: 10, minutes: 15, message: 'api.tooManyLogins' },
  codeSendPerAddress: { name: 'code-send:address', max: 20, minutes: 60, message: 'api.tooManyRequests' },
  codeSendPerEmail: { name: 'code-send:email', max: 10, minutes: 60, message: 'api.tooManyRequests' },
  wrongCodePerAddress: { name: 'wrong-code:address', max: 30, minutes: 15, message: 'api.tooManyRequests' },
} as const satisfies Record<string, Limit>;

/** One counter: a limit applied to one subject (an address, an account, an email). */
export type Counter = [limit: Limit, subject: string | number];

const keyOf = ([limit, subject]: Counter) => `${limit.name}:${subject}`;

/** Throws 429 when any of the counters has reached its limit in its current window. */
export async function assertUnderLimits(db: Queryable, counters: Counter[]): Promise<void> {
  const [full] = await db.query<{ i: number; minutes: number }>(
    `select l.i, greatest(1, ceil(extract(epoch from r.window_start + make_interval(mins => l.minutes) - now()) / 60))::int
       as minutes
     from unnest($1::text[], $2::int[], $3::int[]) with ordinality as l(key, max, minutes, i)
     join rate_limit r on r.key = l.key
     where r.count >= l.max and r.window_start > now() - make_interval(mins => l.minutes)
     limit 1`,
    [counters.map(keyOf), counters.map(([limit]) => limit.max), counters.map(([limit]) => limit.minutes)],
  );
  const counter = full && counters[Number(full.i) - 1];
  if (counter) throw new ApiError(429, counter[0].message, { minutes: full.minutes });
}

/** Counts one event on each counter; a counter whose window has passed starts a new one. */
export async function countEvent(db: Queryable, counters: Counter[]): Promise<void> {
  for (const counter of counters) {
    await db.query(
      `insert into rate_limit (key, window_start, count) values ($1, now(), 1)
       on conflict (key) do update set
         window_start = case when rate_limit.window_start <= now() - make_interval(mins => $2) then now()
                        else rate_limit.window_start end,
         count = case when rate_limit.window_start <= now() - make_interval(mins => $2) then 1
                 else rate_limit.count + 1 end`,
      [keyOf(counter), counter[0].minutes],
    );
  }
}

/** Forgets a counter (an account's failed logins after it logs in or resets its password). */
export async function clearCounter(db: Queryable, counter: Counter): Promise<void> {
  await db.query('delete from rate_limit where key = $1', [keyOf(counter)]);
}
