import { expect, test } from 'vitest';
import { newCode, newToken, sha256 } from './token.ts';

test('a token is 256 random bits, base64url', () => {
  const token = newToken();
  expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(newToken()).not.toBe(token);
});

test('what is kept of a token is its SHA-256 in hex (the FIPS 180-2 vector, and UTF-8 text)', () => {
  expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  expect(sha256('é')).toBe('4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c');
});

test('a code is 6 digits', () => {
  for (let i = 0; i < 50; i++) expect(newCode()).toMatch(/^\d{6}$/);
});
