import { randomBytes, scryptSync } from 'node:crypto';
import { expect, test } from 'vitest';
import { hashPassword, needsRehash, verifyNothing, verifyPassword } from './password.ts';

/** A hash as the scrypt version stored it: `scrypt$N$r$p$salt$key`. */
function scryptHash(password: string, N: number) {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', N, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

test('hashes with argon2id at OWASP parameters, a random salt, in the PHC string format', async () => {
  const one = await hashPassword('correct horse battery staple');
  const two = await hashPassword('correct horse battery staple');
  expect(one).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
  expect(one).not.toBe(two);
});

test('verifies the right password and refuses a wrong one', async () => {
  const stored = await hashPassword('correct horse battery staple');
  expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
  expect(await verifyPassword('correct horse battery stapler', stored)).toBe(false);
  expect(await verifyPassword('', stored)).toBe(false);
});

test('still verifies scrypt hashes, with the parameters each was made with', async () => {
  for (const N of [1024, 2 ** 15]) {
    const older = scryptHash('secret words', N);
    expect(await verifyPassword('secret words', older)).toBe(true);
    expect(await verifyPassword('other words', older)).toBe(false);
  }
});

test('asks for a rehash of scrypt hashes and of argon2id hashes with other parameters, not of current ones', async () => {
  expect(needsRehash(await hashPassword('current'))).toBe(false);
  expect(needsRehash(scryptHash('older', 1024))).toBe(true);
  const current = await hashPassword('cheaper');
  expect(needsRehash(current.replace('m=19456,t=2,p=1', 'm=8192,t=1,p=1'))).toBe(true);
});

test('refuses a stored value that is no hash it knows', async () => {
  expect(await verifyPassword('x', 'plain-text-password')).toBe(false);
  expect(await verifyPassword('x', 'bcrypt$2b$10$abc')).toBe(false);
  expect(await verifyPassword('x', '$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaA')).toBe(false);
  expect(await verifyPassword('x', '$argon2id$v=19$m=99999999,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaA')).toBe(false);
});

test('spends the time of a verification for an unknown account and answers false', async () => {
  const stored = await hashPassword('a real password');
  const timed = async (work: () => Promise<boolean>) => {
    const started = performance.now();
    await work();
    return performance.now() - started;
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[1] ?? 0;
  expect(await verifyNothing('whatever')).toBe(false);
  const real: number[] = [];
  const nothing: number[] = [];
  for (let i = 0; i < 3; i++) {
    real.push(await timed(() => verifyPassword('a guess', stored)));
    nothing.push(await timed(() => verifyNothing('a guess')));
  }
  const ratio = median(nothing) / median(real);
  expect(ratio).toBeGreaterThan(0.33);
  expect(ratio).toBeLessThan(3);
});
