import { getHook, HOOKS, setHook } from '#build/internals/hooks.ts';
import { digestOf } from './entry-digest.ts';

// The collections other than products are read whole each build (a few calls) into Astro's data store,
// which the build bundles with the pages. The warm builder (src/build/warm/) cannot change that store
// between its builds: it reads them again through the same loads and builds warm only when each gives
// what the bundled store holds (the digest of the load's answer); otherwise a cold build takes the change.

/** A collection's load and the digest of what it gave the build (its entries as the store got them). */
export interface RecordedLoad {
  load: () => Promise<unknown[]>;
  digest: string | undefined;
}

/** Every recorded load of this process, by collection. */
function recordedLoads(): Map<string, RecordedLoad> {
  return (
    getHook<Map<string, RecordedLoad>>(HOOKS.collectionLoads) ??
    setHook(HOOKS.collectionLoads, new Map<string, RecordedLoad>())
  );
}

/** The loader of a collection, its answer's digest recorded when it loads. */
export function recordedLoad<T extends { id: number | string }>(name: string, load: () => Promise<T[]>) {
  return async (): Promise<T[]> => {
    const entries = await load();
    recordedLoads().set(name, { load, digest: digestOf(entries) });
    return entries;
  };
}

/** The collections whose load now gives other entries than the last build had, with those entries. */
export async function changedCollections(): Promise<{ name: string; entries: unknown[]; digest: string }[]> {
  const loads = [...recordedLoads()];
  const now = await Promise.all(loads.map(async ([, { load }]) => await load()));
  return loads.flatMap(([name, recorded], at) => {
    const entries = now[at] as unknown[];
    const digest = digestOf(entries);
    return digest === recorded.digest ? [] : [{ name, entries, digest }];
  });
}

/** Records what a collection holds now (the warm builder put it in the store). */
export function recordLoaded(name: string, digest: string): void {
  const recorded = recordedLoads().get(name);
  if (recorded) recorded.digest = digest;
}
