// The build's global hooks: values on `globalThis` under `Symbol.for` keys, for code that Astro's process
// loads more than once and apart (the preload, the config and its integration, the bundle of the pages, a
// patched dependency's module), which therefore shares no module instance. Each key is made here, under
// one prefix; README.md beside this file lists who sets each and who reads it. One more key under the
// prefix is a mark on components, not a hook: src/islands/server-render.ts makes it (islands import nothing
// of the build).

const PREFIX = 'lumenlab.build.';

/** Every hook's key. */
export const HOOKS = {
  /** Renders a React island marked `sameHtml` once per props (island-render.ts): the config sets it. */
  islandHtml: Symbol.for(`${PREFIX}island-html`),
  /** Takes a page's text before Astro encodes it (page-text.ts): the config sets it. */
  pageText: Symbol.for(`${PREFIX}page-text`),
  /** The files the finisher's thread writes, which Astro must not write too (written-elsewhere.ts). */
  writtenElsewhere: Symbol.for(`${PREFIX}written-elsewhere`),
  /** Takes a side file's body from its route (src/data/side-body.ts): the config sets it. */
  sideBody: Symbol.for(`${PREFIX}side-body`),
  /** The products the loader read (src/data/products/loader.ts), for the pages. */
  products: Symbol.for(`${PREFIX}products`),
  /** The products loader's writing of its store for the next build, which the build awaits before it ends. */
  productsKept: Symbol.for(`${PREFIX}products-kept`),
  /** Each entry's digests, made once a build (src/data/entry-digest.ts). */
  entryDigests: Symbol.for(`${PREFIX}entry-digests`),
  /** Every BuildMemo's entries in this process (src/data/build-memo.ts), for the warm builder to empty between builds. */
  buildMemos: Symbol.for(`${PREFIX}build-memos`),
  /** Which build of this process renders now: the warm builder counts its builds (src/build/warm/). */
  buildGeneration: Symbol.for(`${PREFIX}build-generation`),
  /** Astro's data store as the bundle reads it (internals/data-store.ts), for the warm builder to refresh. */
  dataStore: Symbol.for(`${PREFIX}data-store`),
  /** The other collections' loads and what they gave, for the warm builder to check (src/content.config.ts). */
  collectionLoads: Symbol.for(`${PREFIX}collection-loads`),
  /** The downloads still queued for the worker threads (src/build/downloads/queue.ts). */
  queuedDownloads: Symbol.for(`${PREFIX}queued-downloads`),
} as const;

type HookKey = (typeof HOOKS)[keyof typeof HOOKS];
const hooks = globalThis as unknown as Record<HookKey, unknown>;

/** The hook's value in this process, if set. */
export const getHook = <T>(key: HookKey): T | undefined => hooks[key] as T | undefined;

/** Sets the hook's value in this process. */
export function setHook<T>(key: HookKey, value: T): T {
  hooks[key] = value;
  return value;
}

/** The expression, in patched code, for the hook under `key` (build-patch.ts). */
export const hookIn = (key: HookKey) => `globalThis[Symbol.for(${JSON.stringify(key.description)})]`;
