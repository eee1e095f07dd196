import { expect, test } from 'vitest';
import { hashPassword, verifyNothing, verifyPassword } from './password.ts';

test('hashes with scrypt, a random salt and the parameters stored with the hash', async () => {
  const one = await hashPassword('correct horse battery staple');
  const two = await hashPassword('correct horse battery staple');
  expect(one).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
  expect(one).not.toBe(two);
});

test('verifies the right password and refuses a wrong one', async () => {
  const stored = await hashPassword('correct horse battery staple');
  expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
  expect(await verifyPassword('correct horse battery stapler', stored)).toBe(false);
  expect(await verifyPassword('', stored)).toBe(false);
});

test('verifies with the parameters the hash was made with', async () => {
  const stored = await hashPassword('secret words');
  const [, , , , salt] = stored.split('$');
  // A hash made with cheaper parameters (as an older version might have stored) still verifies.
  const { scryptSync } = await import('node:crypto');
  const key = scryptSync('secret words', Buffer.from(salt ?? '', 'base64url'), 32, { N: 1024, r: 8, p: 1 });
  const older = ['scrypt', 1024, 8, 1, salt, key.toString('base64url')].join('$');
  expect(await verifyPassword('secret words', older)).toBe(true);
  expect(await verifyPassword('other words', older)).toBe(false);
});

test('refuses a stored value that is not a scrypt hash', async () => {
  expect(await verifyPassword('x', 'plain-text-password')).toBe(false);
  expect(await verifyPassword('x', 'bcrypt$2b$10$abc')).toBe(false);
});

test('spends the time of a verification for an unknown account and answers false', async () => {
  expect(await verifyNothing('whatever')).toBe(false);
});
