import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { settleStaging } from './staging.ts';

describe('settling the staging tree after Astro', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'staging-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const file = (name: string, seconds: number) => {
    const path = join(dir, name);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, name);
    utimesSync(path, seconds, seconds);
    return path;
  };

  test('answers the files modified since the build began and those it says it wrote; removes what no route made', async () => {
    const since = 2_000_000;
    const page = file('product/a/index.html', since / 1000 + 1);
    const kept = file('product/b/index.html', 1);
    // A download linked from the kept files: its time is its kept file's.
    const linked = file('files/datasheets/a.pdf', 1);
    const gone = file('product/c/index.html', 1);
    const settled = await settleStaging(dir, {
      outputs: [page, kept, linked],
      publicFiles: [],
      since,
      written: [linked],
    });
    expect(settled.written.toSorted()).toEqual([linked, page].toSorted());
    expect(settled.removed).toBe(1);
    await expect(settleStaging(dir, { outputs: [page, kept, linked], publicFiles: [], since })).resolves.toEqual({
      written: [page],
      removed: 0,
    });
    expect(existsSync(gone)).toBe(false);
    expect(existsSync(join(dir, 'product/c'))).toBe(false);
  });
});
