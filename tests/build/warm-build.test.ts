import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { releasesTidied } from '#build/publish/releases.ts';
import { buildSite } from '#build/site-build.ts';
import type { Db } from '#server/db/index.ts';
import type { RunningServer } from '#server/server.ts';
import { type Rebuilding, startRebuilding } from '#tests/support/rebuilding.ts';

// The warm builder (decision 0076) against a cold full build of the same content: the demo catalogue on
// PGlite, this process's builder publishing edits through Astro's process kept up, then `buildSite` from
// nothing into another directory with a cache of its own, and every file compared.

/** Files every build writes afresh: the manifest naming the build, and the release's own record. */
const PER_BUILD = /^(builds\/|release\.json$)/;

/**
 * Every file of a site but the compressed copies, by path: its bytes' digest, a payload's without the
 * build that made it (a payload is written again only when its data changes, so it names an earlier build
 * when it did not: decision 0048).
 */
function contents(dir: string): Map<string, string> {
  const sums = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const name = relative(dir, path);
    if (PER_BUILD.test(name)) continue;
    let bytes = readFileSync(path);
    if (entry.name === '_payload.json') bytes = Buffer.from(bytes.toString().replace(/"buildId":"[^"]*"/, ''));
    sums.set(name, createHash('sha256').update(bytes).digest('hex'));
  }
  return sums;
}

describe('the warm builder', { timeout: 600_000 }, () => {
  let dir: string;
  let outDir: string;
  let db: Db;
  let server: RunningServer;
  const lines: string[] = [];

  let site: Rebuilding;

  beforeAll(async () => {
    site = await startRebuilding('warm', { log: (line) => lines.push(line) });
    ({ dir, outDir, db, server } = site);
  });

  afterAll(() => site.close());

  /** Queues a build, lets this process's builder run it, and answers how it ended and what it logged. */
  const rebuild = async () => {
    const row = await site.rebuild();
    return { ...row, line: lines.findLast((line) => line.includes(`build ${row.id}: published`)) ?? '' };
  };

  /** The warm process's last line that has `text` (Astro's output, in the staging state). */
  const warmLine = (text: string) =>
    readFileSync(join(`${outDir}.next-state`, 'astro-output.log'), 'utf8')
      .split('\n')
      .findLast((line) => line.includes(text)) ?? '';
  const pathsLine = () => warmLine('warm build: paths:');

  /** Builds the same content cold, from nothing, and compares every file with the published site. */
  const expectSameAsCold = async (name: string) => {
    const cold = join(dir, name);
    await buildSite({
      apiBaseUrl: `${server.url}/api`,
      outDir: cold,
      cacheDir: join(dir, `${name}-cache`),
      verbose: false,
    });
    const warm = contents(outDir);
    const full = contents(cold);
    expect([...warm.keys()].filter((file) => !full.has(file))).toEqual([]);
    expect([...full.keys()].filter((file) => !warm.has(file))).toEqual([]);
    const differ = [...warm.keys()].filter((file) => warm.get(file) !== full.get(file));
    // The first difference of each file, to read in the failure.
    const where = differ.map((file) => {
      const [a, b] = [readFileSync(join(outDir, file), 'utf8'), readFileSync(join(cold, file), 'utf8')];
      let at = 0;
      while (at < a.length && a[at] === b[at]) at++;
      return `${file} at ${at}: warm …${a.slice(at - 80, at + 80)}… cold …${b.slice(at - 80, at + 80)}…`;
    });
    expect(where).toEqual([]);
    expect(warm.size).toBeGreaterThan(500);
  };

  test('edits published warm are byte for byte what a cold full build makes of the same content', async () => {
    const first = await rebuild();
    expect(first).toMatchObject({ status: 'published', error: null });
    expect(first.line).toMatch(/; cold\)$/);
    await releasesTidied();

    // Nothing changed: nothing is rendered or written, and the release published stays.
    const published = readlinkSync(outDir);
    const unchanged = await rebuild();
    expect(unchanged.line).toMatch(/\(nothing changed since release \S+, which stays; warm\)$/);
    expect(unchanged).toMatchObject({ status: 'published', pages_rendered: 0, release: first.id });
    expect(readlinkSync(outDir)).toBe(published);
    // (Astro's process writes its output a few times a second: the line may come a moment after.)
    await expect.poll(() => warmLine('warm build:')).toMatch(/nothing changed since the last build, nothing written/);

    // A product many others relate to renamed, another's price, a third's Chinese summary only, and a
    // fourth unpublished.
    const ids = (
      await db.query<{ id: number }>(
        `select p.id from product p left join product_relation r on r.related_id = p.id
         where p.published group by p.id order by count(r.*) desc, p.id limit 4`,
      )
    ).map((row) => row.id);
    await db.query("update product set name_en = 'Warm Spectrometer', name_zh = '热光谱仪' where id = $1", [ids[0]]);
    await db.query('update product set price = price + 11 where id = $1', [ids[1]]);
    await db.query("update product set summary_zh = summary_zh || '（更新）' where id = $1", [ids[2]]);
    const second = await rebuild();
    expect(second).toMatchObject({ status: 'published', error: null });
    expect(second.line).toMatch(/; warm\)$/);
    expect(second.pages_rendered).toBeGreaterThan(0);
    expect(second.pages_reused).toBeGreaterThan(second.pages_rendered);
    // The routes were asked again, and the entries of products that did not change kept their paths.
    await expect.poll(pathsLine).toMatch(/routes asked/);
    const asked = /(\d+) routes asked \((\d+) paths, (\d+) of them as they were\)/.exec(pathsLine());
    // (319 of 967 in the demo catalogue when this was written: the renamed product is related to many.)
    expect(Number(asked?.[3])).toBeGreaterThan(100);

    await db.query('update product set published = false where id = $1', [ids[3]]);
    const third = await rebuild();
    expect(third.line).toMatch(/; warm\)$/);

    await expectSameAsCold('cold-1');
  });

  test('a category renamed is built warm too, through the collection put into Astro’s store', async () => {
    await db.query("update category set name_en = name_en || ' (renamed)' where id = (select min(id) from category)");
    const build = await rebuild();
    expect(build).toMatchObject({ status: 'published', error: null });
    expect(build.line).toMatch(/; warm\)$/);
    await expect.poll(() => warmLine('the categories collection read again')).not.toBe('');
    await expectSameAsCold('cold-2');
  });
});
