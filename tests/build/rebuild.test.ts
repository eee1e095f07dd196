import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Resource } from '#api/product.ts';
import { BROTLI_MIN_BYTES } from '#build/finish/precompress.ts';
import { currentRelease, listReleases, releasesTidied, rollback } from '#build/publish/releases.ts';
import { buildStatus, requestBuild } from '#build/queue.ts';
import { walkTree } from '#build/tree-thread.ts';
import { FILE_LOCALES, fileUrl } from '#data/resource-links.ts';
import { MIN_COMPRESS_BYTES } from '#lib/published-site.ts';
import { createEditorToken } from '#server/auth/editors.ts';
import type { Db } from '#server/db/index.ts';
import type { RunningServer } from '#server/server.ts';
import { pngBytes } from '#tests/support/images.ts';
import { type Rebuilding, startRebuilding } from '#tests/support/rebuilding.ts';

// Editors' rebuilds, real ones: the demo catalogue on PGlite, the API serving the build, Astro's incremental
// build with the page keys of src/data/cache-key.ts, verification and publishing as releases.

/** sha256 of every file of the published site but the precompressed copies, by path. */
function checksums(dir: string): Map<string, string> {
  const sums = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    sums.set(relative(dir, path), createHash('sha256').update(readFileSync(path)).digest('hex'));
  }
  return sums;
}

const changedFiles = (before: Map<string, string>, after: Map<string, string>) =>
  [...new Set([...before.keys(), ...after.keys()])].filter((file) => before.get(file) !== after.get(file)).sort();

/** Files every build writes afresh: the manifest naming the build, and the release's own record. */
const PER_BUILD = /^(builds\/|release\.json$)/;

describe('rebuilding after an edit', { timeout: 300_000 }, () => {
  let dir: string;
  let outDir: string;
  let db: Db;
  let server: RunningServer;

  let site: Rebuilding;

  beforeAll(async () => {
    // The first files each build renders are finished as rendered, the rest after Astro (page-finish.ts):
    // both ways, in every build here.
    process.env.SITE_FINISH_AS_RENDERED = '40';
    site = await startRebuilding('rebuild');
    ({ dir, outDir, db, server } = site);
  });

  afterAll(async () => {
    delete process.env.SITE_FINISH_AS_RENDERED;
    await site.close();
  });

  const rebuild = () => site.rebuild();

  test('renaming a product re-renders its pages, the lists and the pages that relate to it, and no other page', async () => {
    const first = await rebuild();
    expect(first).toMatchObject({ status: 'published', error: null });
    expect(first.pages_rendered).toBeGreaterThan(500);
    // Astro's copy of each page it renders is left out (astro-preload.ts): the staging tree has them.
    expect(existsSync(join(dir, 'astro-cache', 'dist'))).toBe(false);
    // The first build's staging tree became its release, and a copy of it the staging tree again: no file
    // of the one is a file of the other, so the next build writes its staging tree without touching it.
    await releasesTidied();
    const staged = walkTree(`${outDir}.next`).files;
    expect(staged.length).toBeGreaterThan(first.pages_rendered);
    for (const name of staged.filter((_, i) => i % 50 === 0)) {
      expect(statSync(join(`${outDir}.next`, name)).ino, name).not.toBe(statSync(join(outDir, name)).ino);
    }
    const before = checksums(outDir);

    // The product most others point at, renamed by SQL typed straight into the database.
    const [product] = await db.query<{ id: number; slug: string }>(
      `select p.id, p.slug from product p join product_relation r on r.related_id = p.id
       where p.published group by p.id order by count(*) desc, p.id limit 1`,
    );
    if (!product) throw new Error('no related product in the demo catalogue');
    const names = { en: 'Renamed Spectrometer Zeta', zh: '重命名光谱仪泽塔' };
    await db.query('update product set name_en = $2, name_zh = $3 where id = $1', [product.id, names.en, names.zh]);

    const second = await rebuild();
    expect(second).toMatchObject({ status: 'published', changes: 1 });
    expect(second.pages_reused).toBeGreaterThan(second.pages_rendered);
    const after = checksums(outDir);
    const changed = changedFiles(before, after);
    const pages = changed.filter((file) => file.endsWith('.html'));
    const shows = (file: string) => {
      const html = readFileSync(join(outDir, file), 'utf8');
      return html.includes(names.en) || html.includes(names.zh);
    };
    const productPage = `product/${product.id}-${product.slug}/index.html`;
    expect(pages).toContain(productPage);
    expect(pages).toContain(`zh-CN/${productPage}`);
    expect(pages.some((file) => file.startsWith('category/list/'))).toBe(true);
    expect(pages.some((file) => file.startsWith('zh-CN/category/list/'))).toBe(true);
    // Every page whose bytes changed shows the new name; every page that shows it changed.
    expect(pages.filter((file) => !shows(file))).toEqual([]);
    const showing = [...after.keys()].filter((file) => file.endsWith('.html') && shows(file));
    expect(showing.filter((file) => !pages.includes(file))).toEqual([]);
    // Besides pages: payloads holding the product, its own downloads in each language (made from its
    // records), and the files every build writes.
    const downloads = (
      await db.query<Resource>('select kind, title_en as title, url from product_resource where product_id = $1', [
        product.id,
      ])
    ).flatMap((resource) => FILE_LOCALES[resource.kind].map((locale) => fileUrl(resource, locale).slice(1)));
    const others = changed.filter((file) => !file.endsWith('.html') && !PER_BUILD.test(file));
    for (const file of others) {
      if (file.endsWith('_payload.json') || file.endsWith('/products.json')) {
        expect(readFileSync(join(outDir, file), 'utf8')).toMatch(/Zeta|泽塔/);
      } else if (file.startsWith('files/')) expect(downloads).toContain(file);
      else expect(file).toMatch(/^(sitemap\.xml|sitemaps\/[\w-]+\.xml|_headers)$/);
    }
    expect(others.filter((file) => file.endsWith('_payload.json')).length).toBeGreaterThanOrEqual(2);
    // Its downloads name it: the release has them made again (linked from the kept files, decision 0083).
    expect(downloads).not.toEqual([]);
    expect(others.filter((file) => file.startsWith('files/'))).not.toEqual([]);

    // The files this build wrote and those it kept agree: one policy in every page, and every compressed
    // copy holds its file's bytes (a kept copy of a page written again would be a stale page).
    for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
      const path = join(entry.parentPath, entry.name);
      if (/\.(html|json)$/.test(entry.name) && statSync(path).size >= MIN_COMPRESS_BYTES) {
        // Pages and payloads compress well: each has its gzip copy, whichever way it was finished, and a
        // brotli copy when it is large (precompress.ts: encodingsOf).
        expect(existsSync(`${path}.gz`), path).toBe(true);
        expect(existsSync(`${path}.br`), path).toBe(statSync(path).size >= BROTLI_MIN_BYTES);
      }
      if (entry.name.endsWith('.html')) {
        expect(readFileSync(path, 'utf8').split('http-equiv="content-security-policy"'), path).toHaveLength(2);
      } else if (entry.name.endsWith('.br')) {
        expect(brotliDecompressSync(readFileSync(path)).equals(readFileSync(path.slice(0, -3))), path).toBe(true);
      } else if (entry.name.endsWith('.gz')) {
        expect(gunzipSync(readFileSync(path)).equals(readFileSync(path.slice(0, -3))), path).toBe(true);
      }
    }
  });

  /**
   * A rename by SQL (`$1` the id, `$2` and `$3` the English and Chinese names), then a build: answers the
   * pages whose bytes changed, having checked that each shows a new name and every page that shows one
   * changed. The header's panels take their lists from /menu.json (decision 0082), so the rename reaches
   * both menu files and a small share of the pages, not every page as when each page carried the lists.
   */
  async function renamed(sql: string, id: number, names: { en: string; zh: string }): Promise<string[]> {
    const before = checksums(outDir);
    await db.query(sql, [id, names.en, names.zh]);
    expect(await rebuild()).toMatchObject({ status: 'published' });
    const after = checksums(outDir);
    const pages = changedFiles(before, after).filter((file) => file.endsWith('.html'));
    const shows = (file: string) => {
      const html = readFileSync(join(outDir, file), 'utf8');
      return html.includes(names.en) || html.includes(names.zh);
    };
    expect(pages.filter((file) => !shows(file))).toEqual([]);
    const allPages = [...after.keys()].filter((file) => file.endsWith('.html'));
    expect(allPages.filter((file) => shows(file) && !pages.includes(file))).toEqual([]);
    expect(pages.length).toBeLessThan(allPages.length / 4);
    expect(readFileSync(join(outDir, 'menu.json'), 'utf8')).toContain(names.en);
    expect(readFileSync(join(outDir, 'zh-CN/menu.json'), 'utf8')).toContain(names.zh);
    return pages;
  }

  test('renaming a subcategory re-renders the pages that show its name and the menu file, not every page', async () => {
    const [category] = await db.query<{ id: number }>(
      'select min(id) as id from category where parent_id is not null and published',
    );
    if (!category?.id) throw new Error('no subcategory in the demo catalogue');
    const pages = await renamed('update category set name_en = $2, name_zh = $3 where id = $1', category.id, {
      en: 'Renamed Subcategory Kappa',
      zh: '重命名子类卡帕',
    });
    // Its own pages, its products' breadcrumbs, the sitemap, the contact form's interests.
    expect(pages).toContain('sitemap/index.html');
    expect(pages).toContain('zh-CN/contact/index.html');
  });

  test('renaming a solution re-renders the pages that list or show it and the menu file, not every page', async () => {
    const [solution] = await db.query<{ id: number }>('select min(id) as id from solution where published');
    if (!solution?.id) throw new Error('no solution in the demo catalogue');
    const pages = await renamed('update solution set title_en = $2, title_zh = $3 where id = $1', solution.id, {
      en: 'Renamed Solution Lambda',
      zh: '重命名方案拉姆达',
    });
    // Its own page, its group's, the solutions page, the sitemap.
    expect(pages).toContain('solutions/index.html');
    expect(pages).toContain('zh-CN/sitemap/index.html');
  });

  test('a build with no change renders only what every build writes, and publishes the same bytes', async () => {
    const before = checksums(outDir);
    const again = await rebuild();
    expect(again).toMatchObject({ status: 'published', changes: 0 });
    // The manifest (latest and meta), robots.txt, sitemap.xml and the workspace's page have no key; every
    // other file is reused.
    expect(again.pages_rendered).toBeLessThanOrEqual(5);
    expect(changedFiles(before, checksums(outDir)).filter((file) => !PER_BUILD.test(file))).toEqual([]);
  });

  test('a build against a failing API fails with the reason and leaves the published site byte for byte', async () => {
    const before = checksums(outDir);
    const published = await currentRelease(outDir);
    await db.query('alter table product rename to product_gone');
    // And an edit, which the feed records: the API reads the database again rather than answer the
    // catalogue from memory as it was (decision 0075), and fails.
    await db.query('update category set sort = sort where id = (select min(id) from category)');
    try {
      const failed = await rebuild();
      expect(failed.status).toBe('failed');
      expect(failed.error).toMatch(/Build stopped: POST \S+ .*answered HTTP 500/);
    } finally {
      await db.query('alter table product_gone rename to product');
    }
    expect(await currentRelease(outDir)).toBe(published);
    expect(changedFiles(before, checksums(outDir))).toEqual([]);
  });

  test('unpublishing a product by the editor call removes its page and leaves no link to it', async () => {
    const { token } = await createEditorToken(db, 'unpublish@example.com');
    const [product] = await db.query<{ id: number; slug: string }>(
      'select id, slug from product where published order by id desc limit 1',
    );
    if (!product) throw new Error('no product');
    const answer = await fetch(`${server.url}/api/editor/product/publish`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ id: product.id, published: false }),
    });
    expect(answer.status).toBe(200);
    const built = await rebuild();
    // Published means the build passed its checks, every internal link among them (verify-site.ts).
    expect(built.status).toBe('published');
    const path = `product/${product.id}-${product.slug}`;
    expect(existsSync(join(outDir, path, 'index.html'))).toBe(false);
    expect(existsSync(join(outDir, 'zh-CN', path, 'index.html'))).toBe(false);
    const linking = [...checksums(outDir).keys()]
      .filter((file) => file.endsWith('.html'))
      .filter((file) => readFileSync(join(outDir, file), 'utf8').includes(`/${path}"`));
    expect(linking).toEqual([]);
    // And it is served as gone, from the new release, by the server that was running all along.
    expect((await fetch(`${server.url}/${path}`)).status).toBe(404);
  });

  test('an editor’s uploaded picture shows on its product page, sized and with its alt text escaped, and the server serves it', async () => {
    const { token } = await createEditorToken(db, 'pictures@example.com');
    const post = async (path: string, body: Record<string, unknown>) =>
      (await (
        await fetch(`${server.url}/api${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        })
      ).json()) as { code: number; msg: string; data: Record<string, unknown> };
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pngBytes(64, 16))]), 'front view.png');
    const uploaded = (await (
      await fetch(`${server.url}/api/editor/file/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      })
    ).json()) as { data: { url: string } };
    const { url } = uploaded.data;
    const [product] = await db.query<{ id: number; slug: string }>(
      'select id, slug from product where published order by id limit 1',
    );
    if (!product) throw new Error('no product');
    const { record } = (await post('/editor/record/item', { entity: 'product', key: String(product.id) })).data;
    const alt = { en: 'Front <panel> & "ports"', zh: '' };
    const saved = await post('/editor/product/save', { ...(record as object), images: [{ url, alt }] });
    expect(saved.code, saved.msg).toBe(200);

    // Published: the page's link to the upload is not looked for among the build's files.
    expect(await rebuild()).toMatchObject({ status: 'published', error: null });
    const path = `product/${product.id}-${product.slug}/index.html`;
    for (const page of [path, `zh-CN/${path}`]) {
      const html = readFileSync(join(outDir, page), 'utf8');
      const gallery = /<div class="gallery"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
      const images = gallery.match(/<img\b(?:[^>"]|"[^"]*")*>/g) ?? [];
      expect(images, page).toHaveLength(1);
      const img = images[0] ?? '';
      expect(img).toContain(`src="${url}"`);
      expect(img).not.toContain('srcset');
      // 64 x 16 in the 480 x 360 box; the Chinese page reads the English alt text.
      expect(img).toContain('width="480"');
      expect(img).toContain('height="120"');
      // In a quoted attribute only `&` and `"` need escaping: `<` is text there.
      expect(img).toContain('alt="Front <panel> &amp; &quot;ports&quot;"');
    }
    const served = await fetch(`${server.url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  test('triggers during a build give exactly one more build', async () => {
    const { buildId } = await requestBuild(db, 'test');
    const running = server.builder?.kick();
    for (let i = 0; i < 200 && (await buildStatus(db, buildId))?.status !== 'building'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await buildStatus(db, buildId))?.status).toBe('building');
    const during = await Promise.all([1, 2, 3].map(() => requestBuild(db, 'test')));
    expect(new Set(during.map((d) => d.buildId)).size).toBe(1);
    await running;
    await server.builder?.kick();
    const statuses = await Promise.all([buildId, during[0]?.buildId ?? ''].map((id) => buildStatus(db, id)));
    expect(statuses.map((s) => s?.status)).toEqual(['published', 'published']);
    const [{ queued } = { queued: -1 }] = await db.query<{ queued: number }>(
      "select count(*)::int as queued from site_build where status in ('queued', 'building')",
    );
    expect(queued).toBe(0);
  });

  test('rollback publishes the release before, byte for byte, and the running server serves it', async () => {
    const releases = await listReleases(outDir);
    expect(await currentRelease(outDir)).toBe(releases.at(-1));
    const previous = releases.at(-2) as string;
    const expected = checksums(join(`${outDir}.releases`, previous));
    await rollback(outDir);
    expect(await currentRelease(outDir)).toBe(previous);
    expect(changedFiles(expected, checksums(outDir))).toEqual([]);
    const latest = (await (await fetch(`${server.url}/builds/latest.json`)).json()) as { id: string };
    expect(latest.id).toBe(JSON.parse(readFileSync(join(outDir, 'release.json'), 'utf8')).id);
  });
});
