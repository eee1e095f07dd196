import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type CheckedApi, startCheckedApi } from '#tests/support/checked-api.ts';
import { releaseProcess } from './release-process.ts';
import { publishRelease, releasesDir } from './releases.ts';

// A build's release process on a small site written here against the real API (the demo catalogue): it
// begins the release from the one before, checks the staging tree, and makes the release, or removes what
// it began when the checks fail.
let checked: CheckedApi;
/** This process's children that are release processes (Linux: /proc), by process id. */
const releaseProcesses = () =>
  readdirSync(`/proc/${process.pid}/task`)
    .flatMap((task) => readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').split(' '))
    .filter((pid) => {
      try {
        return pid !== '' && readFileSync(`/proc/${pid}/environ`, 'utf8').includes('SITE_RELEASE_WORK=');
      } catch {
        return false; // ended meanwhile
      }
    });
let api = '';
let products = 0;
beforeAll(async () => {
  checked = await startCheckedApi();
  ({ api, products } = checked);
});
afterAll(() => checked.close());

test('a release process checks the staging tree and makes the release from it; a build that fails leaves nothing begun', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'release-process-'));
  try {
    const staging = join(dir, 'site.next');
    const state = join(dir, 'site.next-state');
    const outDir = join(dir, 'site');
    const write = (file: string, text: string) => {
      mkdirSync(dirname(join(staging, file)), { recursive: true });
      writeFileSync(join(staging, file), text);
    };
    const page = (path: string, links: string[]) => {
      const body = links.map((link) => `<a href="${link}">x</a>`).join('');
      write(join(path, 'index.html'), `<!doctype html><html><body>${body}</body></html>\n`);
      write(join(path, '_payload.json'), '{}');
    };
    const paths = ['/', ...Array.from({ length: products }, (_, i) => `/product/p${i}`)];
    for (const path of paths) page(path, ['/']);
    write('builds/latest.json', '{"id":"b1"}');
    write('builds/meta/b1.json', JSON.stringify({ prerendered: paths }));
    write(
      'sitemap.xml',
      '<sitemapindex><sitemap><loc>https://example.com/sitemap-en.xml</loc></sitemap></sitemapindex>',
    );
    write(
      'sitemap-en.xml',
      `<urlset>${paths.map((path) => `<url><loc>https://example.com${path}</loc></url>`).join('')}</urlset>`,
    );
    // The release before, made from the same tree.
    const base = join(releasesDir(outDir), 'b1');
    cpSync(staging, base, { recursive: true });
    mkdirSync(state);
    writeFileSync(join(state, 'written.json'), JSON.stringify(['index.html']));
    const making = (id: string) => join(releasesDir(outDir), `.making-${id}`);

    // A first build (no release before) has nothing to begin: its process starts when the checks are
    // asked, and one abandoned before them starts none.
    const unstarted = releaseProcess({ staging, state, apiBaseUrl: api, outDir, id: 'b0', base: undefined });
    await unstarted.abandon();
    await unstarted.end();
    const first = releaseProcess({ staging, state, apiBaseUrl: api, outDir, id: 'b0', base: undefined });
    expect(releaseProcesses()).toEqual([]);
    await first.check();
    expect(releaseProcesses()).toHaveLength(1);
    await first.end();
    expect(releaseProcesses()).toEqual([]);
    expect(readdirSync(releasesDir(outDir))).toEqual(['b1']);

    // The build wrote a home page with a link to nothing: the checks say so, and the release begun goes.
    page('/', ['/nowhere/']);
    const failed = releaseProcess({ staging, state, apiBaseUrl: api, outDir, id: 'b2', base });
    await expect(failed.check()).rejects.toThrow(/index\.html links to \/nowhere\/, which is missing/);
    expect(statSync(join(making('b2'), 'product', 'p1', 'index.html')).ino).toBe(
      statSync(join(base, 'product', 'p1', 'index.html')).ino,
    );
    await failed.abandon();
    await failed.end();
    expect(readdirSync(releasesDir(outDir))).toEqual(['b1']);

    // Mended, it passes; the release copies what the build wrote and links the rest to the release before.
    page('/', ['/', '/product/p1/']);
    const passed = releaseProcess({ staging, state, apiBaseUrl: api, outDir, id: 'b3', base });
    await passed.check();
    const made = await passed.make();
    await passed.end();
    expect(made).toBe(making('b3'));
    expect(statSync(join(made, 'index.html')).ino).not.toBe(statSync(join(base, 'index.html')).ino);
    expect(statSync(join(made, 'product', 'p1', 'index.html')).ino).toBe(
      statSync(join(base, 'product', 'p1', 'index.html')).ino,
    );
    const release = await publishRelease(staging, outDir, 'b3', { ms: 1, rendered: 1, reused: 0 }, { made });
    expect(readFileSync(join(outDir, 'index.html'), 'utf8')).toContain('/product/p1/');
    expect(readFileSync(join(base, 'index.html'), 'utf8')).not.toContain('/product/p1/');
    expect(readdirSync(releasesDir(outDir)).sort()).toEqual(['b1', 'b3']);
    expect(JSON.parse(readFileSync(join(release, 'release.json'), 'utf8'))).toMatchObject({ id: 'b3' });
    // A process that ended takes no more steps.
    await expect(passed.make()).rejects.toThrow(/the release process stopped/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
