import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { makeWorkDir, swapInto } from './site-build.ts';

// A real build takes minutes, so these drive the two steps around `astro build`: where a build
// writes, and how the finished build is put in place.
describe('builds into one outDir', () => {
  let dir = '';
  let outDir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'site-build-'));
    outDir = join(dir, 'site');
    mkdirSync(outDir);
    writeFileSync(join(outDir, 'index.html'), 'the published site');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** What a build writes: pages of its own, and an index naming it. */
  const build = (workDir: string, name: string) => {
    for (let i = 0; i < 20; i++) writeFileSync(join(workDir, `${name}-${i}.html`), name);
    writeFileSync(join(workDir, 'index.html'), name);
  };
  const published = () => readdirSync(outDir).sort();
  const pagesOf = (name: string) => [...Array.from({ length: 20 }, (_, i) => `${name}-${i}.html`), 'index.html'].sort();

  test('two builds get working directories of their own, empty and beside outDir', async () => {
    const [first, second] = await Promise.all([makeWorkDir(outDir), makeWorkDir(outDir)]);
    expect(first).not.toBe(second);
    for (const workDir of [first, second]) {
      expect(dirname(workDir)).toBe(dir);
      expect(readdirSync(workDir)).toEqual([]);
    }
  });

  test('directories left by a build whose process is gone are removed, those of a running build kept', async () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const running = `site.next-${process.pid}-running`;
    for (const leftover of [`site.next-${gone.stdout}-killed`, `site.previous-${gone.stdout}-killed`, running])
      mkdirSync(join(dir, leftover));
    const workDir = await makeWorkDir(outDir);
    expect(readdirSync(dir).sort()).toEqual(['site', running, basename(workDir)].sort());
  });

  test('a build that finishes after another replaces it whole', async () => {
    const first = await makeWorkDir(outDir);
    const second = await makeWorkDir(outDir);
    build(first, 'first');
    build(second, 'second');
    await swapInto(first, outDir);
    expect(published()).toEqual(pagesOf('first'));
    await swapInto(second, outDir);
    expect(published()).toEqual(pagesOf('second'));
    expect(readdirSync(dir)).toEqual(['site']);
  });

  test('two builds that finish together leave one of them whole in place and nothing beside it', async () => {
    for (let round = 0; round < 10; round++) {
      const workDirs = await Promise.all([makeWorkDir(outDir), makeWorkDir(outDir), makeWorkDir(outDir)]);
      workDirs.forEach((workDir, i) => {
        build(workDir, `build${i}`);
      });
      await Promise.all(workDirs.map((workDir) => swapInto(workDir, outDir)));
      const index = readFileSync(join(outDir, 'index.html'), 'utf8');
      expect(published()).toEqual(pagesOf(index));
      expect(readdirSync(dir)).toEqual(['site']);
    }
  });
});
