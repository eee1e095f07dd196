import { argon2, randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { channel } from 'node:diagnostics_channel';

// argon2id at OWASP's first recommendation (m=19 MiB, t=2, p=1), in libuv's thread pool: 82 ms a
// hash on the busy 2-core dev box, where the scrypt it replaces (N=2^15, r=8) took 178 ms. Stored as a PHC string, `$argon2id$v=19$m=19456,t=2,p=1$salt$hash`, so the
// parameters travel with the hash; a hash with other ones still verifies and is rehashed at login.
const ARGON2 = { memory: 19456, passes: 2, parallelism: 1 };
const KEY_BYTES = 32;
const SALT_BYTES = 16;
const PREFIX = `$argon2id$v=19$m=${ARGON2.memory},t=${ARGON2.passes},p=${ARGON2.parallelism}$`;
// A stored hash names its own cost; past these it is not ours, and verifying it could exhaust memory.
const MAX_MEMORY_KIB = 256 * 1024;
const MAX_PASSES = 10;

/** Published once per key derivation (a hash or a verification), so the costly work can be counted. */
export const PASSWORD_WORK_CHANNEL = 'lumenlab:password-work';
const work = channel(PASSWORD_WORK_CHANNEL);

const unpadded = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

function deriveArgon2(password: string, salt: Buffer, params: typeof ARGON2): Promise<Buffer> {
  work.publish({ scheme: 'argon2id' });
  return new Promise((resolve, reject) =>
    argon2(
      'argon2id',
      { message: password.normalize('NFKC'), nonce: salt, tagLength: KEY_BYTES, ...params },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

// The hashes stored before argon2id: `scrypt$N$r$p$salt$key` (salt and key base64url).
function deriveScrypt(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  work.publish({ scheme: 'scrypt' });
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** A self-describing argon2id hash of the password, with a fresh random salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveArgon2(password, salt, ARGON2);
  return `${PREFIX}${unpadded(salt)}$${unpadded(key)}`;
}

/** The key a stored hash expects for the password, or undefined when the hash is not one we know. */
function recompute(password: string, stored: string): { expected: Buffer; actual: Promise<Buffer> } | undefined {
  const argon = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(stored);
  if (argon) {
    const [, m, t, p, salt = '', key = ''] = argon;
    const params = { memory: Number(m), passes: Number(t), parallelism: Number(p) };
    if (params.memory > MAX_MEMORY_KIB || params.passes > MAX_PASSES || params.parallelism > 16) return undefined;
    return {
      expected: Buffer.from(key, 'base64'),
      actual: deriveArgon2(password, Buffer.from(salt, 'base64'), params),
    };
  }
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return undefined;
  return {
    expected: Buffer.from(key, 'base64url'),
    actual: deriveScrypt(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) }),
  };
}

/** Whether the password matches the stored hash (argon2id or an older scrypt one), compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const check = recompute(password, stored);
  if (!check) return false;
  try {
    const actual = await check.actual;
    return actual.length === check.expected.length && timingSafeEqual(actual, check.expected);
  } catch {
    return false;
  }
}

/** Whether a stored hash was made otherwise than hashPassword makes them now (scrypt, other parameters). */
export const needsRehash = (stored: string) => !stored.startsWith(PREFIX);

let dummy: Promise<string> | undefined;

/**
 * Spends the time of one verification against a throwaway hash, so an unknown account answers
 * no faster than a wrong password.
 */
export async function verifyNothing(password: string): Promise<false> {
  dummy ??= hashPassword('not a real password');
  await verifyPassword(password, await dummy);
  return false;
}
