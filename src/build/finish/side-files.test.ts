import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AstroPrerenderer } from 'astro';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { keptFileResponse, sideFileResponse } from '#data/side-body.ts';
import { bodyBytes, codeDigest, outputFile, ownBytes, sidePrerenderer, writeSideFiles } from './side-files.ts';

describe('the side files a build writes beside its pages', () => {
  let dir: string;
  let outDir: string;
  let state: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'side-files-'));
    outDir = join(dir, 'site');
    state = join(dir, 'state');
    mkdirSync(outDir);
    mkdirSync(state);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const paths = [
    { pathname: '/product/a/_payload.json', cacheKey: 'a1' },
    { pathname: '/zh-CN/product/a/_payload.json', cacheKey: 'a1-zh' },
    { pathname: '/files/datasheets/a.pdf', cacheKey: 'pdf-a' },
  ];
  const rendering = () => {
    const asked: string[] = [];
    return {
      asked,
      render: async (pathname: string) => {
        asked.push(pathname);
        return new TextEncoder().encode(`body of ${pathname}`);
      },
    };
  };

  test('writes every file the first time, each at its path', async () => {
    const { asked, render } = rendering();
    const result = await writeSideFiles(paths, render, { outDir, state, code: 'v1' });
    expect(result).toMatchObject({ written: 3, unchanged: 0 });
    expect(asked.toSorted()).toEqual(paths.map((path) => path.pathname).toSorted());
    expect(result.files).toEqual(paths.map((path) => join(outDir, path.pathname)));
    expect(readFileSync(join(outDir, 'zh-CN/product/a/_payload.json'), 'utf8')).toBe(
      'body of /zh-CN/product/a/_payload.json',
    );
  });

  test('leaves a file alone while its key and the code are the same, and makes it again when either changes', async () => {
    await writeSideFiles(paths, rendering().render, { outDir, state, code: 'v1' });
    const file = join(outDir, 'product/a/_payload.json');
    utimesSync(file, 1, 1);

    const same = rendering();
    expect(await writeSideFiles(paths, same.render, { outDir, state, code: 'v1' })).toMatchObject({
      written: 0,
      unchanged: 3,
    });
    expect(same.asked).toEqual([]);
    expect(statSync(file).mtimeMs).toBe(1000);

    const edited = paths.map((path, i) => (i === 0 ? { ...path, cacheKey: 'a2' } : path));
    const one = rendering();
    expect(await writeSideFiles(edited, one.render, { outDir, state, code: 'v1' })).toMatchObject({ written: 1 });
    expect(one.asked).toEqual(['/product/a/_payload.json']);
    expect(statSync(file).mtimeMs).toBeGreaterThan(1000);

    const newCode = rendering();
    expect(await writeSideFiles(edited, newCode.render, { outDir, state, code: 'v2' })).toMatchObject({ written: 3 });
  });

  test('writes a file again that is gone, and every file without a state or a key', async () => {
    await writeSideFiles(paths, rendering().render, { outDir, state, code: 'v1' });
    rmSync(join(outDir, 'files/datasheets/a.pdf'));
    const again = rendering();
    await writeSideFiles(paths, again.render, { outDir, state, code: 'v1' });
    expect(again.asked).toEqual(['/files/datasheets/a.pdf']);

    const stateless = rendering();
    await writeSideFiles(paths, stateless.render, { outDir, code: 'v1' });
    expect(stateless.asked).toHaveLength(3);
    const keyless = rendering();
    await writeSideFiles([{ pathname: '/product/a/_payload.json' }], keyless.render, { outDir, state, code: 'v1' });
    await writeSideFiles([{ pathname: '/product/a/_payload.json' }], keyless.render, { outDir, state, code: 'v1' });
    expect(keyless.asked).toHaveLength(2);
  });

  test('a failed render fails the whole and keeps no keys of it', async () => {
    await expect(
      writeSideFiles(
        paths,
        async (pathname) => {
          if (pathname.endsWith('.pdf')) throw new Error('no PDF today');
          return new Uint8Array([1]);
        },
        { outDir, state, code: 'v1' },
      ),
    ).rejects.toThrow('no PDF today');
    const after = rendering();
    await writeSideFiles(paths, after.render, { outDir, state, code: 'v1' });
    expect(after.asked).toHaveLength(3);
  });

  test('refuses a path outside the site or without a file name', () => {
    expect(() => outputFile(outDir, '/../escape.json')).toThrow('inside the site');
    expect(() => outputFile(outDir, '/product/a/')).toThrow('inside the site');
    expect(outputFile(`${outDir}/`, '/product/caf%C3%A9/_payload.json')).toBe(
      join(outDir, 'product/café/_payload.json'),
    );
  });

  test('the code digest follows every source file and the lockfile', () => {
    const root = join(dir, 'project');
    mkdirSync(join(root, 'src/pages'), { recursive: true });
    writeFileSync(join(root, 'src/pages/a.ts'), 'one');
    writeFileSync(join(root, 'package-lock.json'), '{}');
    const digest = () => codeDigest(root, ['src'], ['package-lock.json', 'astro.config.mjs']);
    const first = digest();
    expect(digest()).toBe(first);
    writeFileSync(join(root, 'src/pages/a.ts'), 'two!');
    const second = digest();
    expect(second).not.toBe(first);
    writeFileSync(join(root, 'package-lock.json'), '{"x":1}');
    expect(digest()).not.toBe(second);
  });
});

describe('bodyBytes', () => {
  test("answers a body made from bytes as its one chunk, and joins a streamed body's chunks", async () => {
    const text = '拉曼 '.repeat(2000);
    expect(new TextDecoder().decode(await bodyBytes(new Response(new TextEncoder().encode(text))))).toBe(text);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of ['a', 'bc', '光谱']) controller.enqueue(new TextEncoder().encode(part));
        controller.close();
      },
    });
    expect(new TextDecoder().decode(await bodyBytes(new Response(stream)))).toBe('abc光谱');
    expect((await bodyBytes(new Response(null))).length).toBe(0);
  });
});

describe("a side file's body handed to the writer", () => {
  let outDir: string;
  beforeEach(() => {
    outDir = mkdtempSync(join(tmpdir(), 'side-bodies-'));
  });
  afterEach(() => rmSync(outDir, { recursive: true, force: true }));

  test('in a side file render the route answers an empty body and the file gets its body; elsewhere the route answers it', async () => {
    const component = 'src/pages/[...payload].ts';
    const answers: Response[] = [];
    // Astro's prerenderer, as far as sidePrerenderer uses it: its routes, and each rendered by the route.
    const base = {
      name: 'astro',
      getStaticPaths: async () => [
        { pathname: '/a/_payload.json', route: { component } },
        { pathname: '/files/b.pdf', route: { component } },
      ],
      render: async (request: Request) => {
        const { pathname } = new URL(request.url);
        const answer = pathname.endsWith('.pdf')
          ? sideFileResponse(Buffer.from('%PDF bytes'), 'application/pdf')
          : sideFileResponse(JSON.stringify({ path: pathname, text: '光谱' }), 'application/json');
        answers.push(answer);
        return answer;
      },
    } as unknown as AstroPrerenderer;
    const { prerenderer, done } = sidePrerenderer(base, {
      components: new Set([component]),
      site: new URL('http://localhost/'),
      options: () => ({ outDir, code: 'v1' }),
      log: () => {},
    });
    expect(await prerenderer.getStaticPaths()).toEqual([]);
    expect((await done())?.written).toBe(2);
    expect(JSON.parse(readFileSync(join(outDir, 'a/_payload.json'), 'utf8'))).toEqual({
      path: '/a/_payload.json',
      text: '光谱',
    });
    expect(readFileSync(join(outDir, 'files/b.pdf'), 'latin1')).toBe('%PDF bytes');
    expect(answers.map((answer) => answer.body)).toEqual([null, null]);

    const outside = sideFileResponse('{"a":1}', 'application/json');
    expect(await outside.text()).toBe('{"a":1}');
    expect(outside.headers.get('content-type')).toBe('application/json');
  });

  test('a kept file is linked in place, never written through: a file linked before keeps its bytes', async () => {
    const component = 'src/pages/files/[kind]/[file].ts';
    const keptDir = join(outDir, '..', `${outDir.split('/').pop()}-kept`);
    mkdirSync(keptDir);
    const kept = (name: string, text: string) => {
      writeFileSync(join(keptDir, name), text);
      return join(keptDir, name);
    };
    const first = kept('digest-1', '%PDF first');
    const second = kept('digest-2', '%PDF second');
    let serving = first;
    const base = {
      name: 'astro',
      getStaticPaths: async () => [{ pathname: '/files/datasheets/a.pdf', route: { component } }],
      render: async () => keptFileResponse(serving, 'application/pdf'),
    } as unknown as AstroPrerenderer;
    const build = async () => {
      const { prerenderer, done } = sidePrerenderer(base, {
        components: new Set([component]),
        site: new URL('http://localhost/'),
        options: () => ({ outDir, code: 'v1' }),
        log: () => {},
      });
      await prerenderer.getStaticPaths();
      return await done();
    };
    const file = join(outDir, 'files/datasheets/a.pdf');
    expect((await build())?.writtenFiles).toEqual([file]);
    // The same file, not a copy of it.
    expect(statSync(file).ino).toBe(statSync(first).ino);
    // The next content: the name is linked to the other kept file; the first keeps its bytes.
    serving = second;
    await build();
    expect(statSync(file).ino).toBe(statSync(second).ino);
    expect(readFileSync(first, 'latin1')).toBe('%PDF first');
    expect(readFileSync(file, 'latin1')).toBe('%PDF second');
    // Outside a side file's render the route answers the bytes.
    expect(await keptFileResponse(first, 'application/pdf').text()).toBe('%PDF first');
    rmSync(keptDir, { recursive: true, force: true });
  });

  test('bytes keep their buffer only when it is theirs alone', () => {
    const own = new Uint8Array([1, 2, 3]);
    expect(ownBytes(own)).toBe(own);
    const pooled = Buffer.from('small'); // a slice of Node's shared pool
    const copied = ownBytes(pooled);
    expect(copied).not.toBe(pooled);
    expect(copied.buffer.byteLength).toBe(5);
    expect(Buffer.from(copied).toString()).toBe('small');
    expect(new TextDecoder().decode(ownBytes('拉曼'))).toBe('拉曼');
  });
});
