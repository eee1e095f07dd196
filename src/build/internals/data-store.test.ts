import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { dataStorePlugin, replaceCollection } from './data-store.ts';
import { getHook, HOOKS } from './hooks.ts';

interface Store {
  collections(): Map<string, Map<string, { id: string; data: unknown }>>;
  values(collection: string): { id: string; data: unknown }[];
}

/** The installed Astro's data-store.js as the build's bundle has it, loaded from a data: URL. */
async function patchedDataStore(): Promise<{ globalDataStore: { get(): Promise<Store> } }> {
  const file = join(process.cwd(), 'node_modules/astro/dist/content/data-store.js');
  const transformed = dataStorePlugin().transform(readFileSync(file, 'utf8'), file);
  expect(transformed).toBeDefined();
  const base = pathToFileURL(file).href;
  const devalue = pathToFileURL(createRequire(file).resolve('devalue')).href;
  // Its imports made absolute, so it loads from where it is not.
  const code = (transformed as string)
    .replace(/from "(\.\.?\/[^"]+)"/g, (_, path: string) => `from "${new URL(path, base)}"`)
    .replace('from "devalue"', `from "${devalue}"`);
  return import(`data:text/javascript,${encodeURIComponent(code)}`);
}

describe('the data store patch', () => {
  test("hands the installed Astro's store to the warm builder, which puts a collection in as Astro orders it", async () => {
    const patched = await patchedDataStore();
    expect(getHook(HOOKS.dataStore)).toBe(patched.globalDataStore);
    const store = await patched.globalDataStore.get();
    // Outside Vite the store has no collections: one as Astro would have loaded it.
    store.collections().set('categories', new Map([['1', { id: '1', data: { id: 1, name: 'Lasers' } }]]));
    const entries = [
      { id: 2, name: 'Spectrometers' },
      { id: 10, name: 'Objectives' },
      { id: 1, name: 'Lasers, renamed' },
    ];
    expect(await replaceCollection('categories', entries)).toBe(true);
    // By id as text, as Astro writes its store (data-store-writer.js): 1, 10, 2.
    expect(store.values('categories')).toEqual([
      { id: '1', data: entries[2] },
      { id: '10', data: entries[1] },
      { id: '2', data: entries[0] },
    ]);
    // A collection the store never had is not made up.
    expect(await replaceCollection('unknown', entries)).toBe(false);
  });

  test('leaves other modules alone', () => {
    const other = join(process.cwd(), 'node_modules/astro/dist/content/runtime.js');
    expect(dataStorePlugin().transform(readFileSync(other, 'utf8'), other)).toBeUndefined();
  });
});
