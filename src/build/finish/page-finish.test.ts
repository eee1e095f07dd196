import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { AstroPrerenderer } from 'astro';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HOOKS } from '../internals/hooks.ts';
import { pageFinisher, renderedFile } from './page-finish.ts';
import { bodyBytes } from './side-files.ts';
import { scriptHash, secureSite } from './site-csp.ts';

let site: string;
beforeAll(() => {
  site = mkdtempSync(join(tmpdir(), 'page-finish-test-'));
});
afterAll(() => rmSync(site, { recursive: true, force: true }));

describe('renderedFile', () => {
  test("names the file Astro writes for a path, as its build.format 'directory' does", () => {
    expect(renderedFile('/out', '/', 'page')).toBe('/out/index.html');
    expect(renderedFile('/out', '/product/1-laser/', 'page')).toBe('/out/product/1-laser/index.html');
    expect(renderedFile('/out', '/zh-CN/product/1-laser', 'page')).toBe('/out/zh-CN/product/1-laser/index.html');
    expect(renderedFile('/out', '/404/', 'page')).toBe('/out/404.html');
    expect(renderedFile('/out', '/zh-CN/404/', 'page')).toBe('/out/zh-CN/404/index.html');
    expect(renderedFile('/out', '/sitemaps/en-products-1.xml', 'endpoint')).toBe('/out/sitemaps/en-products-1.xml');
    // The request's path is encoded; the file's name is not.
    expect(renderedFile('/out', '/search/%E5%85%89%E8%B0%B1/', 'page')).toBe('/out/search/光谱/index.html');
    expect(renderedFile('/out', '/old', 'redirect')).toBeUndefined();
  });
});

// Astro's prerenderer is Astro's; the build tests (tests/build) run the real one. Here a stand-in answers
// each path with a page carrying one inline script, as Astro's would.
const page = (script: string, words: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><script>${script}</script></head><body>${words.repeat(300)}</body></html>`;
const astro = (pages: Record<string, string>): AstroPrerenderer => ({
  name: 'stand-in',
  getStaticPaths: async () => [],
  render: async (request) => {
    const html = pages[new URL(request.url).pathname];
    return html === undefined ? new Response(null, { status: 404 }) : new Response(html, { status: 200 });
  },
});
/** The scripts these tests' pages carry, as the build's own (own-scripts.ts). */
const ownScripts = () => new Set(['a()', 'b()', 'g()', 'a("光谱")'].map((script) => scriptHash(script)));
const routeData = (type: 'page' | 'endpoint') => ({ routeData: { type } }) as Parameters<AstroPrerenderer['render']>[1];

// As the build's copy of Astro's renderPage does (pageTextPlugin): the page's text is offered first, and
// encoded only when not taken. The answer may wait (another page renders meanwhile).
const textOffered = (pages: Record<string, string>, wait: (path: string) => Promise<void>): AstroPrerenderer => ({
  name: 'stand-in offering text',
  getStaticPaths: async () => [],
  render: async (request) => {
    const path = new URL(request.url).pathname;
    const html = pages[path] as string;
    await wait(path);
    const offer = (globalThis as Record<symbol, ((text: string) => Uint8Array | undefined) | undefined>)[
      HOOKS.pageText
    ];
    const body = offer?.(html) ?? new TextEncoder().encode(html);
    await wait(path);
    return new Response(body as Uint8Array<ArrayBuffer>, { status: path === '/gone/' ? 410 : 200 });
  },
});

describe('pageFinisher', () => {
  test("takes each page as Astro's text, each render its own, when renders overlap", async () => {
    const outDir = join(site, 'text');
    const writtenElsewhere = new Set<string>();
    const finisher = pageFinisher({ outDir, connectOrigins: [], ownScripts, writtenElsewhere });
    const pages = {
      '/a/': page('a()', '拉曼光谱 '),
      // Larger than the finisher's first encoding space, in three- and four-byte characters.
      '/b/': page('b()', 'FTIR 光谱仪 😀 '.repeat(200)),
      '/gone/': page('g()', 'gone '),
    };
    // b waits longer than a at each step: a's text is offered while b's render is under way, and b's after.
    const wait = (path: string) => new Promise<void>((resolve) => setTimeout(resolve, path === '/b/' ? 30 : 10));
    const prerenderer = finisher.wrap(textOffered(pages, wait));
    const answers = await Promise.all(
      ['/b/', '/a/', '/gone/'].map(async (path) => {
        const rendered = await prerenderer.render(new Request(`http://localhost${path}`), routeData('page'));
        const response = rendered instanceof Response ? rendered : rendered.response;
        return { status: response.status, text: await response.text() };
      }),
    );
    // Taken by the thread: Astro is answered an empty body. A page not finished is answered in full.
    expect(answers).toEqual([
      { status: 200, text: '' },
      { status: 200, text: '' },
      { status: 410, text: pages['/gone/'] },
    ]);
    const { fromText, compressing } = finisher.finished();
    expect(fromText).toBe(2);
    await compressing.done();
    for (const [path, script] of [
      ['a', 'a()'],
      ['b', 'b()'],
    ] as const) {
      const written = readFileSync(join(outDir, path, 'index.html'), 'utf8');
      expect(written).toBe(
        (pages[`/${path}/`] as string).replace(
          '<meta charset="utf-8">',
          `<meta charset="utf-8"><meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' ${scriptHash(script)}; style-src 'self' 'unsafe-inline'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'">`,
        ),
      );
    }
  });

  test('puts the policy in each page as rendered, compresses it, and secureSite then only counts it', async () => {
    const outDir = join(site, 'finished');
    const finisher = pageFinisher({ outDir, connectOrigins: ['https://api.example.com'], ownScripts });
    const prerenderer = finisher.wrap(astro({ '/a/': page('a()', 'Raman '), '/b/': page('b()', 'FTIR ') }));
    const rendered = await prerenderer.render(new Request('http://localhost/a/'), routeData('page'));
    const html = await (rendered instanceof Response ? rendered : rendered.response).text();
    expect(html).toContain(
      `<meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' ${scriptHash('a()')};`,
    );
    expect(html).toContain("connect-src 'self' https://api.example.com;");
    // Astro writes what it was answered.
    mkdirSync(join(outDir, 'a'), { recursive: true });
    writeFileSync(join(outDir, 'a/index.html'), html);
    // A file written beside the pages (a payload) is compressed too; a download is not.
    const payload = Buffer.from(JSON.stringify({ spectra: 'Raman '.repeat(400) }));
    mkdirSync(join(outDir, 'a'), { recursive: true });
    writeFileSync(join(outDir, 'a/_payload.json'), payload);
    finisher.compress(join(outDir, 'a/_payload.json'), payload);
    finisher.compress(join(outDir, 'files/sheet.pdf'), payload);

    const { policies, compressing } = finisher.finished();
    await compressing.done();
    // Pages and payloads get a gzip copy only (precompress.ts: encodingsOf).
    expect(gunzipSync(readFileSync(join(outDir, 'a/index.html.gz'))).toString()).toBe(html);
    expect(gunzipSync(readFileSync(join(outDir, 'a/_payload.json.gz'))).equals(payload)).toBe(true);
    expect(() => statSync(join(outDir, 'a/index.html.br'))).toThrow();
    expect(() => statSync(join(outDir, 'files/sheet.pdf.gz'))).toThrow();

    // A page written by other means (b) is secured after; the finished one is left as it is.
    mkdirSync(join(outDir, 'b'), { recursive: true });
    writeFileSync(join(outDir, 'b/index.html'), page('b()', 'FTIR '));
    const secured = await secureSite(outDir, {
      ownScripts: ownScripts(),
      connectOrigins: ['https://api.example.com'],
      only: [join(outDir, 'a/index.html'), join(outDir, 'b/index.html')],
      stateFile: join(site, 'finished-policy.json'),
      secured: policies,
    });
    expect(secured.rewritten).toEqual([join(outDir, 'b/index.html')]);
    expect(secured.scriptHashes).toEqual([scriptHash('a()'), scriptHash('b()')].sort());
    expect(readFileSync(join(outDir, 'a/index.html'), 'utf8')).toBe(html);
  });

  test('stops the build at a rendered page carrying an inline script the build does not make, naming the page', async () => {
    const outDir = join(site, 'injected');
    const finisher = pageFinisher({ outDir, connectOrigins: [], ownScripts });
    const prerenderer = finisher.wrap(
      astro({ '/a/': page('a()', 'Raman '), '/zh-CN/product/9-laser/': page('window.pwned=1', '拉曼光谱 ') }),
    );
    await prerenderer.render(new Request('http://localhost/a/'), routeData('page'));
    await expect(
      prerenderer.render(new Request('http://localhost/zh-CN/product/9-laser/'), routeData('page')),
    ).rejects.toThrow(
      `/zh-CN/product/9-laser/ carries an inline script the build does not make (${scriptHash('window.pwned=1')}: "window.pwned=1")`,
    );
    const { policies, compressing } = finisher.finished();
    await compressing.done();
    expect([...policies.keys()]).toEqual([join(outDir, 'a/index.html')]);
  });

  test('puts the policy in every page but compresses only up to its limit; endpoints and failed answers stay as Astro gave them', async () => {
    const outDir = join(site, 'limited');
    const finisher = pageFinisher({ outDir, connectOrigins: [], ownScripts, limit: 1 });
    const pages = { '/a/': page('a()', 'Raman '), '/b/': page('b()', 'FTIR '), '/feed.xml': '<rss/>' };
    const prerenderer = finisher.wrap(astro(pages));
    const text = async (path: string, type: 'page' | 'endpoint') => {
      const rendered = await prerenderer.render(new Request(`http://localhost${path}`), routeData(type));
      const response = rendered instanceof Response ? rendered : rendered.response;
      return response.ok ? response.text() : response.status;
    };
    expect(await text('/a/', 'page')).toContain('content-security-policy');
    expect(await text('/b/', 'page')).toContain(`script-src 'self' ${scriptHash('b()')};`);
    expect(await text('/feed.xml', 'endpoint')).toBe('<rss/>');
    expect(await text('/missing/', 'page')).toBe(404);
    const { policies, compressing } = finisher.finished();
    expect([...policies.keys()]).toEqual([join(outDir, 'a/index.html'), join(outDir, 'b/index.html')]);
    expect(policies.get(join(outDir, 'b/index.html'))).toEqual([scriptHash('b()')]);
    expect([...compressing.files]).toEqual([join(outDir, 'a/index.html')]);
    await compressing.done();
    expect(statSync(join(outDir, 'a/index.html.gz')).isFile()).toBe(true);
    expect(() => statSync(join(outDir, 'b/index.html.gz'))).toThrow();
  });
});

describe('pages the thread writes (writtenElsewhere)', () => {
  test('writes each page it takes with its policy, names it for Astro to skip, and answers Astro an empty body', async () => {
    const outDir = join(site, 'elsewhere');
    const writtenElsewhere = new Set<string>();
    // A page in Chinese: the script's hash is of its UTF-8 bytes, as a browser hashes it.
    const pages = { '/a/': page('a("光谱")', '拉曼光谱 '), '/b/': page('b()', 'FTIR ') };
    const finisher = pageFinisher({ outDir, connectOrigins: [], ownScripts, limit: 1, writtenElsewhere });
    const prerenderer = finisher.wrap(astro(pages));
    const answer = async (path: string) => {
      const rendered = await prerenderer.render(new Request(`http://localhost${path}`), routeData('page'));
      return bodyBytes(rendered instanceof Response ? rendered : rendered.response);
    };
    expect((await answer('/a/')).length).toBe(0);
    // Past its limit the thread takes no more: Astro is answered the page, and writes it.
    const b = new TextDecoder().decode(await answer('/b/'));
    expect(b).toContain(`script-src 'self' ${scriptHash('b()')};`);
    expect([...writtenElsewhere]).toEqual([join(outDir, 'a/index.html')]);
    await finisher.finished().compressing.done();
    const a = readFileSync(join(outDir, 'a/index.html'), 'utf8');
    expect(a).toBe(
      (pages['/a/'] as string).replace(
        '<meta charset="utf-8">',
        `<meta charset="utf-8"><meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' ${scriptHash('a("光谱")')}; style-src 'self' 'unsafe-inline'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'">`,
      ),
    );
    expect(gunzipSync(readFileSync(join(outDir, 'a/index.html.gz'))).toString()).toBe(a);
    expect(() => statSync(join(outDir, 'b/index.html'))).toThrow();
  });
});
