import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { lineLogFits, openLineLog, readLineLog, writeLineLog } from './line-log.ts';

const dir = mkdtempSync(join(tmpdir(), 'line-log-'));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('appends what changed until twice the whole size, then writes all whole; a later line wins, a cut one is skipped', () => {
  const file = join(dir, 'deep', 'log.ndjson');
  const keyOf = (value: { id: string }) => value.id;
  const all = [
    { id: 'a', n: 1 },
    { id: 'b', n: 1 },
  ];
  const whole = writeLineLog(file, { changed: [{ id: 'a', n: 9 }], all: () => all, whole: 0 });
  expect(whole).toBe(readFileSync(file).length);
  expect(lineLogFits(file, whole)).toBe(true);

  expect(writeLineLog(file, { changed: [{ id: 'a', n: 2 }], all: () => all, whole })).toBe(whole);
  appendFileSync(file, '{"id":"b","n":');
  expect([...readLineLog(file, keyOf).values()]).toEqual([
    { id: 'a', n: 2 },
    { id: 'b', n: 1 },
  ]);

  const again = writeLineLog(file, {
    changed: [
      { id: 'b', n: 3 },
      { id: 'b', n: 4 },
    ],
    all: () => all,
    whole,
  });
  expect(again).toBe(whole);
  expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(2);
  expect(lineLogFits(file, whole / 4)).toBe(false);
  expect(lineLogFits(join(dir, 'none'), whole)).toBe(false);
});

test('a log written whole past a megabyte, a megabyte at a time, has every line once and in order; its size in bytes is answered', () => {
  const file = join(dir, 'big.ndjson');
  const all = Array.from({ length: 40_000 }, (_, i) => ({
    id: `page-${i}`,
    links: ['/', `/product/p${i}/`, '/产品/'],
  }));
  const whole = writeLineLog(file, { all: () => all, whole: 0 });
  const text = readFileSync(file, 'utf8');
  expect(whole).toBeGreaterThan(2 ** 20);
  expect(whole).toBe(Buffer.byteLength(text));
  expect(text).toBe(all.map((value) => `${JSON.stringify(value)}\n`).join(''));
});

test('an opened log finds each key by its lines and parses only when asked, falling back past a cut line', () => {
  const file = join(dir, 'open.ndjson');
  writeLineLog(file, {
    all: () => [
      { id: 'a', n: 1 },
      { id: 'b', n: 1 },
    ],
    whole: 0,
  });
  appendFileSync(file, '{"id":"a","n":2}\n{"id":"b","n":');
  const keyOfLine = (line: string) => /^\{"id":"(\w+)"/.exec(line)?.[1];
  const log = openLineLog<{ id: string; n: number }>(file, (value) => value.id, keyOfLine);
  expect(log?.has('a')).toBe(true);
  expect(log?.has('c')).toBe(false);
  expect(log?.value('a')).toEqual({ id: 'a', n: 2 });
  expect(log?.value('b')).toEqual({ id: 'b', n: 1 });
  expect(log?.value('c')).toBeUndefined();
  expect(openLineLog(join(dir, 'none.ndjson'), () => 'x', keyOfLine)).toBeUndefined();
});
