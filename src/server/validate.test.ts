import { expect, test } from 'vitest';
import { readyForDatabase, shortened, utcTimestamp } from './validate.ts';

test('reads an ISO timestamp of any offset as UTC, keeping its fraction', () => {
  expect(utcTimestamp('2024-01-01T00:00:00Z')).toBe('2024-01-01T00:00:00Z');
  expect(utcTimestamp('2024-01-01T05:30:00.123456789+05:30')).toBe('2024-01-01T00:00:00.123456789Z');
  expect(utcTimestamp('2024-01-01 00:00:00 -0100')).toBe('2024-01-01T01:00:00Z');
  expect(utcTimestamp('2024-03-01T00:00:00+23:59')).toBe('2024-02-29T00:01:00Z');
  expect(utcTimestamp('0001-01-01T12:00:00Z')).toBe('0001-01-01T12:00:00Z');
});

test('refuses days that do not exist and instants outside the years 1 to 9999', () => {
  for (const text of [
    '2023-02-29T00:00:00Z',
    '2024-02-30T00:00:00Z',
    '2024-06-31T00:00:00Z',
    '0000-06-01T00:00:00Z',
    '0001-01-01T00:00:00+05:00',
    '9999-12-31T23:00:00-02:00',
    'yesterday',
  ])
    expect(utcTimestamp(text), text).toBeUndefined();
});

test('shortens a value it repeats, without splitting a character', () => {
  expect(shortened('"short"')).toBe('"short"');
  expect(shortened(`"${'x'.repeat(100)}"`)).toBe(`"${'x'.repeat(40)}…"`);
  expect(shortened(`${'y'.repeat(38)}🧪🧪`)).toBe(`${'y'.repeat(38)}🧪…`);
  expect(shortened(`${'y'.repeat(39)}🧪🧪`)).toBe(`${'y'.repeat(39)}…`);
  expect(shortened('a'.repeat(300), 120)).toBe(`${'a'.repeat(120)}…`);
});

test('finds text the database cannot store, and passes over a file’s bytes at once', () => {
  expect(readyForDatabase({ a: { b: ['ok', 'x\u0000'] } }, [])).toEqual({ field: 'a.b.1', reason: 'nul' });
  const started = performance.now();
  const file = { name: 'big.pdf', type: 'application/pdf', bytes: new Uint8Array(20 * 1024 * 1024) };
  expect(readyForDatabase({ file }, [])).toBeUndefined();
  expect(performance.now() - started).toBeLessThan(100);
});
