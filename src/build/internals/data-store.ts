// Astro's data store, as the build's bundle reads it, reachable from the warm builder (decision 0076).
//
// The collections other than products (categories, solutions, articles, the site's settings) are loaded
// into Astro's data store before the bundle is made, and the bundle holds them in a module-level singleton
// (`globalDataStore` in astro/dist/content/data-store.js) that nothing outside the bundle can reach. A warm
// build reads them again (src/data/collection-loads.ts) and puts a collection that changed into that same
// store, so the pages read it as a cold build's would. The build's copy of Astro's module hands the
// singleton to a hook as it makes it.

import { patchModule } from './build-patch.ts';
import { getHook, HOOKS, hookIn } from './hooks.ts';

const ASTRO_DATA_STORE = /[\\/]astro[\\/]dist[\\/]content[\\/]data-store\.js$/;
/** The line of Astro's module that makes the singleton. */
const SINGLETON = 'const globalDataStore = dataStoreSingleton();';

/**
 * A Vite plugin for the build: Astro's data store singleton on the `dataStore` hook. Should Astro's code
 * change, the build stops (build-patch.ts); allowed to go on, a warm build finds no store and builds cold.
 */
export function dataStorePlugin() {
  return patchModule({
    name: 'data-store',
    module: ASTRO_DATA_STORE,
    patches: [{ from: SINGLETON, to: `const globalDataStore = (${hookIn(HOOKS.dataStore)} = dataStoreSingleton());` }],
    otherwise: 'a change to a collection other than the products is built cold',
  });
}

/** An entry as Astro's store keeps one: the loader's record under `data`. */
interface StoredEntry {
  id: string;
  data: unknown;
  [field: string]: unknown;
}

interface DataStoreSingleton {
  get(): Promise<{ collections(): Map<string, Map<string, StoredEntry>> }>;
}

/**
 * Puts a collection's entries (as its loader answered them, each with an `id`) into the bundle's data
 * store in place of what it held; answers false when the store cannot be reached.
 */
export async function replaceCollection(name: string, entries: readonly { id: number | string }[]): Promise<boolean> {
  const singleton = getHook<DataStoreSingleton>(HOOKS.dataStore);
  if (!singleton) return false;
  const collections = (await singleton.get()).collections();
  const before = collections.get(name);
  if (!before) return false;
  // An entry is what Astro's simple loader stores: `{ id, data }`, the id a string (content-layer.js); the
  // store the bundle holds has its entries in the order Astro wrote it, by id as text (`sortCollections` in
  // data-store-writer.js), which the pages list them in.
  const stored = entries
    .map((entry): [string, StoredEntry] => [String(entry.id), { id: String(entry.id), data: entry }])
    .sort(([a], [b]) => a.localeCompare(b));
  collections.set(name, new Map(stored));
  return true;
}
