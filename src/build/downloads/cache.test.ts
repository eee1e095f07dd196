import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { type ResourceFile, renderers } from '#data/resource-render.ts';
import { untilWithoutYielding } from '#tests/support/turnless.ts';
import { FILES_AHEAD, keptFile, makeInWorkers, pruneResourceCache, resourceCacheDir } from './cache.ts';
import { makeQueuedHere } from './queue.ts';

describe('the downloads kept between builds', () => {
  let state: string;
  beforeEach(() => {
    state = mkdtempSync(join(tmpdir(), 'resource-cache-'));
    vi.stubEnv('SITE_STAGING_STATE', state);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    rmSync(state, { recursive: true, force: true });
  });

  /** The bytes of the file kept for a digest, made by `render` when the cache lacks it. */
  const keptBytes = async (digest: string, render: () => Uint8Array<ArrayBuffer>) =>
    readFileSync((await keptFile(digest, render)) ?? 'nothing kept');

  test('renders a file once and takes it from the cache while its content is the same', async () => {
    pruneResourceCache([]);
    const render = vi.fn(() => new TextEncoder().encode('%PDF-1.4 one'));
    expect((await keptBytes('digest-one', render)).toString()).toBe('%PDF-1.4 one');
    expect(await keptFile('digest-one', render)).toBe(join(state, 'resource-files', 'digest-one'));
    expect(render).toHaveBeenCalledTimes(1);
    // Other content, another digest: rendered.
    await keptBytes('digest-two', () => new TextEncoder().encode('two'));
    expect(readdirSync(resourceCacheDir() ?? '').toSorted()).toEqual(['digest-one', 'digest-two']);
  });

  test('forgets the files no build makes any more', async () => {
    pruneResourceCache([]);
    await keptFile('kept', () => new Uint8Array([1]));
    await keptFile('gone', () => new Uint8Array([2]));
    pruneResourceCache(['kept']);
    expect(readdirSync(resourceCacheDir() ?? '')).toEqual(['kept']);
  });

  test('keeps nothing without a staging state, and never a name that is not a digest', async () => {
    const render = vi.fn(() => new Uint8Array([3]));
    expect(await keptFile('../escape', render)).toBeUndefined();
    expect(existsSync(join(state, 'escape'))).toBe(false);
    vi.stubEnv('SITE_STAGING_STATE', '');
    expect(resourceCacheDir()).toBeUndefined();
    expect(await keptFile('plain', render)).toBeUndefined();
    // Nothing kept, nothing rendered here: the route renders the bytes itself.
    expect(render).not.toHaveBeenCalled();
  });

  const file = (n: number): ResourceFile => {
    const source = { kind: 'software' as const, title: `Lab Suite ${n}`, products: [], locale: 'en' as const };
    return {
      url: `/files/software/lab-suite-${n}.zip`,
      kind: 'software',
      file: `lab-suite-${n}.zip`,
      contentType: 'application/zip',
      digest: `suite-${n}`,
      render: () => renderers.software.bytes(source.title, source.products, source.locale),
      source,
    };
  };

  test('worker threads make the files the cache lacks, the same bytes the build would', async () => {
    vi.stubEnv('RESOURCE_WORKER', fileURLToPath(new URL('./worker.ts', import.meta.url)));
    pruneResourceCache([]);
    const files = [1, 2, 3].map(file);
    await keptFile('suite-1', () => renderers.software.bytes('Lab Suite 1', [], 'en'));
    // The one already kept is not made again.
    expect(makeInWorkers(files, 2)).toBe(2);
    const inline = vi.fn(() => new Uint8Array([0]));
    for (const one of files) {
      // The same archive (its entries' time stamp aside, which follows the clock when no product dates it).
      const made = await keptBytes(one.digest, inline);
      expect(made.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
      expect(made.length).toBe(one.render().length);
    }
    expect(inline).not.toHaveBeenCalled();
    expect(readdirSync(resourceCacheDir() ?? '').toSorted()).toEqual(['suite-1', 'suite-2', 'suite-3']);
  });

  test("a worker makes the files it was given ahead with no turn of this thread's event loop", async () => {
    vi.stubEnv('RESOURCE_WORKER', fileURLToPath(new URL('./worker.ts', import.meta.url)));
    pruneResourceCache([]);
    const files = Array.from({ length: 100 }, (_, n) => file(n + 1000));
    expect(makeInWorkers(files, 1)).toBe(files.length);
    // This thread never yields, as one rendering pages seldom does: only what the worker was given is made.
    const made = () => readdirSync(resourceCacheDir() ?? '').filter((name) => !name.endsWith('.tmp')).length;
    untilWithoutYielding(() => made() === files.length, 20);
    expect(made()).toBe(files.length);
    for (const one of files) await keptFile(one.digest, () => new Uint8Array([0]));
  });

  test('once the pages are rendered, this thread makes the queued files too, from the back of the queue', async () => {
    vi.stubEnv('RESOURCE_WORKER', fileURLToPath(new URL('./worker.ts', import.meta.url)));
    pruneResourceCache([]);
    const files = Array.from({ length: FILES_AHEAD + 4 }, (_, n) => file(n + 4));
    const rendered = files.map((one) => vi.spyOn(one, 'render'));
    // One worker, given the first FILES_AHEAD files as it starts; the rest wait in the queue.
    expect(makeInWorkers(files, 1)).toBe(files.length);
    const made = await makeQueuedHere();
    expect(made).toBeGreaterThanOrEqual(1);
    expect(made).toBeLessThanOrEqual(4);
    // The first are the worker's; this thread took from the last.
    expect(rendered.slice(0, FILES_AHEAD).every((spy) => spy.mock.calls.length === 0)).toBe(true);
    expect(rendered.at(-1)).toHaveBeenCalledTimes(1);
    expect(rendered.filter((spy) => spy.mock.calls.length > 0)).toHaveLength(made);
    const inline = vi.fn(() => new Uint8Array([0]));
    for (const one of files) {
      const bytes = await keptBytes(one.digest, inline);
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    }
    expect(inline).not.toHaveBeenCalled();
    expect(readdirSync(resourceCacheDir() ?? '').toSorted()).toEqual(files.map((one) => one.digest).toSorted());
    // Nothing left: a second call makes none.
    expect(await makeQueuedHere()).toBe(0);
  });
});
