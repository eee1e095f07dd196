import { timingSafeEqual } from 'node:crypto';
import type { Db, Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { assertUnderLimits, type Counter, countEvent, LIMITS } from './rate-limit.ts';
import { newCode, sha256 } from './token.ts';

export type CodePurpose = 'register' | 'reset';

/** How long a code lives, how many wrong tries burn it, how soon another may be sent. */
export const CODE_MINUTES = 10;
export const CODE_TRIES = 5;
export const RESEND_SECONDS = 60;

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
  /** The client address, for the limit on wrong codes per address. */
  address: string;
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: ApiError; wrong: boolean };

/**
 * Checks a code. A wrong one counts as a try (the count is committed even though the call fails);
 * after CODE_TRIES wrong tries the code is burnt, and even the right one fails. When it is right,
 * `onValid` runs in the same transaction, and with `consume` the code is used up with it: all or
 * nothing, so a failing `onValid` (say, a taken username) leaves the code usable.
 */
export async function verifyCode<T>(
  db: Db,
  check: CodeCheck,
  { consume, onValid }: { consume: boolean; onValid: (tx: Queryable) => Promise<T> },
): Promise<T> {
  const perAddress: Counter = [LIMITS.wrongCodePerAddress, check.address];
  await assertUnderLimits(db, [perAddress]);
  const outcome = await db.transaction(async (tx): Promise<Outcome<T>> => {
    const [row] = await tx.query<{ code_hash: string; live: boolean; attempts: number; used: boolean }>(
      `select code_hash, expires_at > now() as live, attempts, consumed_at is not null as used
       from verification_code where email = $1 and purpose = $2 for update`,
      [check.email, check.purpose],
    );
    if (!row) return { ok: false, error: new ApiError(400, 'api.codeWrong'), wrong: true };
    if (row.used || !row.live) return { ok: false, error: new ApiError(400, 'api.codeExpired'), wrong: false };
    if (row.attempts >= CODE_TRIES) return { ok: false, error: new ApiError(400, 'api.codeBurnt'), wrong: false };
    const expected = Buffer.from(row.code_hash, 'hex');
    const actual = Buffer.from(codeHash(check.email, check.purpose, check.code), 'hex');
    if (!timingSafeEqual(expected, actual)) {
      await tx.query('update verification_code set attempts = attempts + 1 where email = $1 and purpose = $2', [
        check.email,
        check.purpose,
      ]);
      return { ok: false, error: new ApiError(400, 'api.codeWrong'), wrong: true };
    }
    if (consume) {
      await tx.query('update verification_code set consumed_at = now() where email = $1 and purpose = $2', [
        check.email,
        check.purpose,
      ]);
    }
    return { ok: true, value: await onValid(tx) };
  });
  if (outcome.ok) return outcome.value;
  if (outcome.wrong) await countEvent(db, [perAddress]);
  throw outcome.error;
}
