import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { staticSite } from '#server/middleware/static.ts';
import { astroSteps, parseDuration } from './astro-process.ts';
import { spareRelease } from './publish/release-process.ts';
import {
  abandonRelease,
  currentRelease,
  keepAsSpare,
  listReleases,
  prepareRelease,
  publishRelease,
  RELEASE_FILE,
  RELEASES_KEPT,
  releasesDir,
  releasesTidied,
  rollback,
  spareOf,
} from './publish/releases.ts';
import { newBuildId } from './queue.ts';
import { claimWorkDir } from './work-dir.ts';

// A real build takes a while (tests/build and tests/e2e make real ones), so these drive the steps around
// `astro build`: where a build writes, how a finished build is published as a release, and rollback.
describe('builds, releases and rollback', () => {
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
    for (let i = 0; i < 20; i++) writeFileSync(join(workDir, `page-${i}.html`), name);
    writeFileSync(join(workDir, 'index.html'), name);
  };
  const published = () => readFileSync(join(outDir, 'index.html'), 'utf8');
  /**
   * Builds and publishes as buildSite does: into the kept staging tree, the release begun meanwhile from
   * the one before, then a snapshot of it as a release.
   */
  const publish = async (name: string, id = newBuildId()) => {
    const work = await claimWorkDir(outDir);
    try {
      const prepared = work.base ? await prepareRelease(outDir, id, work.base) : undefined;
      build(work.dir, name);
      const written = new Set(readdirSync(work.dir));
      const release = await publishRelease(
        work.dir,
        outDir,
        id,
        { ms: 1, rendered: 21, reused: 0 },
        { written, base: work.base, prepared },
      );
      await work.keep(release);
    } finally {
      await work.release();
    }
    return id;
  };
  const inode = (path: string) => statSync(path).ino;

  test('builds into one outDir take turns in one working directory beside it, empty when the last did not publish', async () => {
    const first = await claimWorkDir(outDir);
    expect(first.dir).toBe(`${outDir}.next`);
    writeFileSync(join(first.dir, 'left-over.html'), 'from the first build');
    let secondClaimed = false;
    const second = claimWorkDir(outDir).then((work) => {
      secondClaimed = true;
      return work;
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(secondClaimed).toBe(false);
    await first.release();
    const work = await second;
    expect(work.dir).toBe(first.dir);
    expect(readdirSync(work.dir)).toEqual([]);
    await work.release();
  });

  test('what a build whose process is gone left (its lock, directories, links) is taken over or removed', async () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const running = `site.next-${process.pid}-running`;
    for (const leftover of [`site.next-${gone.stdout}-killed`, `site.link-${gone.stdout}-killed`, running])
      mkdirSync(join(dir, leftover));
    mkdirSync(join(dir, 'site.next.lock'));
    writeFileSync(join(dir, 'site.next.lock', 'pid'), gone.stdout);
    // In the releases: one begun and never published, one half removed by a process that is gone, and one
    // this process is removing.
    const removing = `.removing-${process.pid}-20260101000000-aaaaaa`;
    for (const leftover of [
      '.making-20260101000001-aaaaaa',
      `.removing-${gone.stdout}-20260101000002-aaaaaa`,
      removing,
    ])
      mkdirSync(join(releasesDir(outDir), leftover, 'en'), { recursive: true });
    const work = await claimWorkDir(outDir);
    expect(readdirSync(dir).sort()).toEqual(
      ['site', 'site.next', 'site.next-state', 'site.next.lock', 'site.releases', running].sort(),
    );
    expect(readdirSync(releasesDir(outDir))).toEqual([removing]);
    await work.release();
    expect(readdirSync(dir).sort()).toEqual(['site', 'site.next', 'site.next-state', 'site.releases', running].sort());
  });

  test('the staging tree is kept for the next build; a release copies what a build wrote and links the rest', async () => {
    const first = await publish('first');
    const second = join(releasesDir(outDir), first);
    const work = await claimWorkDir(outDir);
    expect(work.base).toBe(second);
    expect(readFileSync(join(work.dir, 'page-3.html'), 'utf8')).toBe('first');
    // The next build writes one page and leaves the others as they are.
    writeFileSync(join(work.dir, 'page-7.html'), 'second');
    const id = newBuildId();
    const written = new Set(['page-7.html']);
    const release = await publishRelease(
      work.dir,
      outDir,
      id,
      { ms: 1, rendered: 1, reused: 20 },
      { written, base: work.base },
    );
    await work.keep(release);
    await work.release();
    expect(readFileSync(join(outDir, 'page-7.html'), 'utf8')).toBe('second');
    expect(readFileSync(join(outDir, 'page-3.html'), 'utf8')).toBe('first');
    expect(inode(join(release, 'page-3.html'))).toBe(inode(join(second, 'page-3.html')));
    expect(inode(join(release, 'page-7.html'))).not.toBe(inode(join(second, 'page-7.html')));
    // Staging shares no file with a release: writing there in place changes no published byte.
    expect(inode(join(release, 'page-7.html'))).not.toBe(inode(join(`${outDir}.next`, 'page-7.html')));
    writeFileSync(join(`${outDir}.next`, 'page-3.html'), 'changed in staging');
    expect(readFileSync(join(outDir, 'page-3.html'), 'utf8')).toBe('first');

    // A build that claims the tree and never publishes (it failed, or died) leaves it to be emptied.
    const failed = await claimWorkDir(outDir);
    writeFileSync(join(failed.dir, 'half.html'), 'half written');
    await failed.release();
    const next = await claimWorkDir(outDir);
    expect(readdirSync(next.dir)).toEqual([]);
    expect(next.base).toBeUndefined();
    await next.release();
  });

  test('a release begun while Astro builds links the release before, then takes what the build wrote, added and removed', async () => {
    /** A build from nothing (everything copied), with one more file than `build` writes. */
    const buildWhole = async (name: string, extra: string) => {
      const work = await claimWorkDir(outDir);
      build(work.dir, name);
      mkdirSync(dirname(join(work.dir, extra)), { recursive: true });
      writeFileSync(join(work.dir, extra), `${extra} of the ${name} build`);
      const release = await publishRelease(
        work.dir,
        outDir,
        newBuildId(),
        { ms: 1, rendered: 22, reused: 0 },
        { written: undefined, base: work.base },
      );
      await work.keep(release);
      await work.release();
      return release;
    };
    // Its extra page goes in no later build.
    const firstRelease = await buildWhole('first', join('gone', 'deep', 'index.html'));
    const releaseFile = readFileSync(join(firstRelease, 'release.json'), 'utf8');
    const files = (root: string) =>
      readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
        .sort();
    const before = Object.fromEntries(
      files(firstRelease).map((name) => [name, readFileSync(join(firstRelease, name), 'utf8')]),
    );

    // A build that fails: its begun release goes, the published one stays byte for byte.
    const failed = await claimWorkDir(outDir);
    const abandoned = await prepareRelease(outDir, newBuildId(), failed.base ?? '');
    expect([...abandoned.files].sort()).toEqual(files(firstRelease).filter((name) => name !== 'release.json'));
    await abandonRelease(abandoned);
    await failed.discard();
    await failed.release();
    expect(readdirSync(releasesDir(outDir)).filter((name) => name.startsWith('.'))).toEqual([]);
    expect(
      Object.fromEntries(files(firstRelease).map((name) => [name, readFileSync(join(firstRelease, name), 'utf8')])),
    ).toEqual(before);

    // The staging tree was emptied by that failure: build again from nothing, then edit.
    const base = await buildWhole('second', join('meta', '1.json'));
    const baseBytes = Object.fromEntries(files(base).map((name) => [name, readFileSync(join(base, name), 'utf8')]));
    const next = await claimWorkDir(outDir);
    expect(next.base).toBe(base);
    const id = newBuildId();
    const prepared = await prepareRelease(outDir, id, base);
    // Meanwhile the build writes one page, adds one in a new folder and removes one.
    writeFileSync(join(next.dir, 'page-7.html'), 'third');
    mkdirSync(join(next.dir, 'new'));
    writeFileSync(join(next.dir, 'new', 'index.html'), 'a new page');
    rmSync(join(next.dir, 'page-9.html'));
    // A folder whose one file goes and another comes.
    rmSync(join(next.dir, 'meta', '1.json'));
    writeFileSync(join(next.dir, 'meta', '2.json'), 'the manifest of the third build');
    const release = await publishRelease(
      next.dir,
      outDir,
      id,
      { ms: 1, rendered: 2, reused: 19 },
      { written: new Set(['page-7.html', join('new', 'index.html'), join('meta', '2.json')]), base, prepared },
    );
    await next.keep(release);
    await next.release();
    expect(release).toBe(join(releasesDir(outDir), id));
    expect(files(release)).toEqual(files(next.dir).concat('release.json').sort());
    expect(readFileSync(join(outDir, 'page-7.html'), 'utf8')).toBe('third');
    expect(readFileSync(join(outDir, 'new', 'index.html'), 'utf8')).toBe('a new page');
    expect(inode(join(release, 'page-3.html'))).toBe(inode(join(base, 'page-3.html')));
    expect(inode(join(release, 'page-7.html'))).not.toBe(inode(join(base, 'page-7.html')));
    expect(JSON.parse(readFileSync(join(release, 'release.json'), 'utf8'))).toMatchObject({ id, rendered: 2 });
    // The release before is as it was, its own release.json too.
    expect(Object.fromEntries(files(base).map((name) => [name, readFileSync(join(base, name), 'utf8')]))).toEqual(
      baseBytes,
    );
    expect(readFileSync(join(firstRelease, 'release.json'), 'utf8')).toBe(releaseFile);
  });

  test("a release's spare is made after its publish, begins the next build's release, and goes when another is published", async () => {
    const first = await publish('first');
    const firstDir = join(releasesDir(outDir), first);
    const spare = spareOf(outDir, firstDir);
    // Made as the builder does after a publish, in a process of its own.
    await spareRelease(outDir, firstDir);
    expect(readdirSync(spare).sort()).toEqual(
      readdirSync(firstDir)
        .filter((name) => name !== RELEASE_FILE)
        .sort(),
    );
    expect(inode(join(spare, 'page-3.html'))).toBe(inode(join(firstDir, 'page-3.html')));
    // The next build begins from it: the folder is taken (no longer a spare), its files as listed.
    const id = newBuildId();
    const begun = await prepareRelease(outDir, id, firstDir);
    expect(begun.dir).toBe(join(releasesDir(outDir), `.making-${id}`));
    expect([...begun.files].sort()).toEqual(readdirSync(begun.dir).sort());
    expect(readdirSync(releasesDir(outDir)).filter((name) => name.startsWith('.spare-'))).toEqual([]);
    // Not needed (nothing changed): kept as the spare again, and taken again by the next.
    await keepAsSpare(outDir, firstDir, begun);
    expect(readdirSync(spare).length).toBe(begun.files.size);
    const again = await prepareRelease(outDir, newBuildId(), firstDir);
    expect(again.files).toEqual(begun.files);
    await abandonRelease(again);
    // A spare whose release is no longer published goes with the tidying after the next publish, and a
    // half-made one of a process that is gone with the next claim.
    await spareRelease(outDir, firstDir);
    await publish('second');
    await releasesTidied();
    expect(readdirSync(releasesDir(outDir)).filter((name) => name.startsWith('.spare-'))).toEqual([]);
    mkdirSync(`${spare}.partial-999999999`);
    const work = await claimWorkDir(outDir);
    await work.release();
    expect(readdirSync(releasesDir(outDir)).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  test('a build is published as a release that outDir links to; the site published before is kept as one', async () => {
    const id = await publish('first');
    expect(lstatSync(outDir).isSymbolicLink()).toBe(true);
    expect(published()).toBe('first');
    expect(await currentRelease(outDir)).toBe(id);
    const releases = await listReleases(outDir);
    expect(releases).toHaveLength(2);
    expect(releases[1]).toBe(id);
    expect(readFileSync(join(releasesDir(outDir), releases[0] as string, 'index.html'), 'utf8')).toBe(
      'the published site',
    );
    expect(JSON.parse(readFileSync(join(outDir, 'release.json'), 'utf8'))).toMatchObject({ id, rendered: 21 });
    // Nothing is left beside outDir but the releases and the staging tree the next build starts from.
    expect(readdirSync(dir).sort()).toEqual(['site', 'site.next', 'site.next-state', 'site.releases']);
    expect(basename((await currentRelease(outDir)) ?? '')).toBe(id);
  });

  test(`keeps the last ${RELEASES_KEPT} releases; rollback goes back one at a time and says when it cannot`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await publish(`build ${i}`, `2026010100000${i}-aaaaaa`));
    await releasesTidied();
    expect(await listReleases(outDir)).toEqual(ids.slice(-RELEASES_KEPT));
    expect(readdirSync(releasesDir(outDir))).toHaveLength(RELEASES_KEPT);
    expect(await rollback(outDir)).toEqual({ from: ids[6], to: ids[5] });
    expect(published()).toBe('build 5');
    await rollback(outDir);
    expect(published()).toBe('build 4');
    await rollback(outDir, ids[6]);
    expect(published()).toBe('build 6');
    await expect(rollback(outDir, 'no-such-release')).rejects.toThrow(/There is no release no-such-release/);
    for (let i = 0; i < 4; i++) await rollback(outDir);
    expect(published()).toBe('build 2');
    await expect(rollback(outDir)).rejects.toThrow(/no release before/);
  });

  test('a release published after a rollback is kept with the one rolled back to', async () => {
    const ids: string[] = [];
    for (let i = 0; i < RELEASES_KEPT; i++) ids.push(await publish(`build ${i}`, `2026010100000${i}-aaaaaa`));
    await rollback(outDir, ids[0]);
    await publish('newest', '20260101000009-aaaaaa');
    expect(published()).toBe('newest');
    await releasesTidied();
    expect(await listReleases(outDir)).toHaveLength(RELEASES_KEPT);
  });

  test('builds that finish together each publish whole; the last link wins and every release is intact', async () => {
    for (let round = 0; round < 5; round++) {
      await Promise.all([0, 1, 2].map((i) => publish(`round ${round} build ${i}`)));
      const index = published();
      for (let i = 0; i < 20; i++) expect(readFileSync(join(outDir, `page-${i}.html`), 'utf8')).toBe(index);
    }
    expect(readdirSync(dir).sort()).toEqual(['site', 'site.next', 'site.next-state', 'site.releases']);
  });

  test('a request while releases are switched never gets a 404 and always gets one whole release', async () => {
    await publish('first', '20260101000001-aaaaaa');
    await publish('second', '20260101000002-aaaaaa');
    const app = new Hono();
    app.use('*', staticSite(outDir));
    let switching = true;
    const switcher = (async () => {
      let flips = 0;
      while (switching) {
        await rollback(outDir, flips++ % 2 === 0 ? '20260101000001-aaaaaa' : '20260101000002-aaaaaa');
      }
      return flips;
    })();
    const statuses = new Map<number, number>();
    for (let i = 0; i < 400; i++) {
      const answers = await Promise.all(
        ['/', `/page-${i % 20}.html`].map(async (path) => {
          const response = await app.request(path);
          return [response.status, await response.text()] as const;
        }),
      );
      for (const [status, body] of answers) {
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        expect(['first', 'second']).toContain(body);
      }
    }
    switching = false;
    expect(await switcher).toBeGreaterThan(10);
    expect([...statuses.keys()]).toEqual([200]);
  });
});

describe("a build's steps, from Astro's output", () => {
  test('reads durations as Astro and the finish-site integration print them', () => {
    expect(parseDuration('1m 19s')).toBe(79_000);
    expect(parseDuration('10.13s')).toBe(10_130);
    expect(parseDuration('186ms')).toBe(186);
    expect(parseDuration('(8.1 s)')).toBe(8_100);
  });

  test('times setup, Vite, the pages and the finishing steps', () => {
    const timing = astroSteps();
    for (const line of [
      '22:39:53 [content] Synced content',
      '22:39:53 [build] Collecting build info...',
      '22:39:53 [build] ✓ Completed in 10.13s.',
      '22:39:56 [vite] ✓ built in 2.84s',
      '22:39:56 [vite] ✓ built in 162ms',
      ' generating static routes ',
      '22:39:57   ├─ /index.html (+3ms)',
      '22:41:16 ✓ Completed in 1m 19s.',
      '22:41:16 ✓ Completed in 186ms.',
      '22:41:16 [build] ✓ Completed in 1m 23s.',
      '22:41:17 [finish-site] 61171 files written, 0 left over from the build before removed (1.2 s)',
      '22:41:25 [finish-site] Content-Security-Policy in 22866 pages, 10 inline scripts allowed by hash (8.1 s)',
      '22:42:05 [finish-site] 43029 files precompressed in 2 thread(s): 264.7 MB brotli, 288.2 MB gzip (40.0 s)',
    ]) {
      timing.read(line);
    }
    expect(timing.steps).toEqual({
      setup: 10_130,
      vite: 3_002,
      render: 79_000,
      settle: 1_200,
      csp: 8_100,
      compress: 40_000,
    });
  });
});
