import { timingSafeEqual } from 'node:crypto';
import type { Db, Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { type Counter, giveBack, LIMITS, takeSlots } from './rate-limit.ts';
import { newCode, sha256 } from './token.ts';

/** What a code is for: a customer's registration or password reset, or an editor's sign-in (issue 39). */
export type CodePurpose = 'register' | 'reset' | 'editor';

/** How long a code lives, how many wrong tries burn it, how soon another may be sent. */
const CODE_MINUTES = 10;
export const CODE_TRIES = 5;
const RESEND_SECONDS = 60;

const codeHash = (email: string, purpose: CodePurpose, code: string) => sha256(`${purpose}\n${email}\n${code}`);

/**
 * Stores a fresh code for the email and purpose, replacing an earlier one, and answers it.
 * Throws 429 when the last one went out less than a minute ago (atomic: one statement).
 */
export async function issueCode(db: Queryable, email: string, purpose: CodePurpose): Promise<string> {
  const code = newCode();
  const stored = await db.query(
    `insert into verification_code (email, purpose, code_hash, expires_at)
     values ($1, $2, $3, now() + make_interval(mins => $4))
     on conflict (email, purpose) do update set
       code_hash = excluded.code_hash, expires_at = excluded.expires_at, attempts = 0,
       last_sent_at = now(), consumed_at = null
     where verification_code.last_sent_at <= now() - make_interval(secs => $5)
     returning 1`,
    [email, purpose, codeHash(email, purpose, code), CODE_MINUTES, RESEND_SECONDS],
  );
  if (stored.length === 0) {
    const [row] = await db.query<{ seconds: number }>(
      `select greatest(1, ceil($3 - extract(epoch from now() - last_sent_at)))::int as seconds
       from verification_code where email = $1 and purpose = $2`,
      [email, purpose, RESEND_SECONDS],
    );
    throw new ApiError(429, 'api.codeResendTooSoon', { seconds: row?.seconds ?? RESEND_SECONDS });
  }
  return code;
}

export interface CodeCheck {
  email: string;
  purpose: CodePurpose;
  code: string;
  /** The client address, for the limit on failed code checks per address. */
  address: string;
}

/**
 * Checks a code and, with `claim`, marks it used in the same transaction. The limit
 * on failed checks per address takes its slot first (one statement), so a burst of guesses is cut
 * at the limit before any code is looked at; a right code gives the slot back. A wrong code also
 * counts as a try on the code itself: after CODE_TRIES the code is burnt, and even the right one fails.
 */
async function inspect(db: Db, check: CodeCheck, claim: boolean): Promise<void> {
  const perAddress: Counter = [LIMITS.wrongCodePerAddress, check.address];
  await takeSlots(db, [perAddress]);
  const error = await db.transaction(async (tx): Promise<ApiError | undefined> => {
    const [row] = await tx.query<{ code_hash: string; live: boolean; attempts: number; used: boolean }>(
      `select code_hash, expires_at > now() as live, attempts, consumed_at is not null as used
       from verification_code where email = $1 and purpose = $2 for update`,
      [check.email, check.purpose],
    );
    // A used code answers as no code at all: "expired" would tell that this email registered lately.
    if (!row || row.used) return new ApiError(400, 'api.codeWrong');
    if (!row.live) return new ApiError(400, 'api.codeExpired');
    if (row.attempts >= CODE_TRIES) return new ApiError(400, 'api.codeBurnt');
    const expected = Buffer.from(row.code_hash, 'hex');
    const actual = Buffer.from(codeHash(check.email, check.purpose, check.code), 'hex');
    if (!timingSafeEqual(expected, actual)) {
      await tx.query('update verification_code set attempts = attempts + 1 where email = $1 and purpose = $2', [
        check.email,
        check.purpose,
      ]);
      return new ApiError(400, 'api.codeWrong');
    }
    if (claim) {
      await tx.query('update verification_code set consumed_at = now() where email = $1 and purpose = $2', [
        check.email,
        check.purpose,
      ]);
    }
    return undefined;
  });
  if (error) throw error;
  await giveBack(db, [perAddress]);
}

/** Checks a code without using it up (a wrong one counts as a try). */
export const checkCode = (db: Db, check: CodeCheck) => inspect(db, check, false);

/**
 * Uses a code up for `work`, which runs only once the code is right (so its costly parts, a
 * password hash, never run for a guess). Should `work` fail (say, on a taken username), the code is
 * usable again, less one try: so one code can ask whether a username is taken at most CODE_TRIES
 * times, and listing usernames costs a code email (itself limited) per few names.
 * Parallel requests with the same right code: one gets it, the others find it used.
 */
export async function useCode<T>(db: Db, check: CodeCheck, work: () => Promise<T>): Promise<T> {
  await inspect(db, check, true);
  try {
    return await work();
  } catch (error) {
    await db.query(
      `update verification_code set consumed_at = null, attempts = attempts + 1
       where email = $1 and purpose = $2 and code_hash = $3`,
      [check.email, check.purpose, codeHash(check.email, check.purpose, check.code)],
    );
    throw error;
  }
}
