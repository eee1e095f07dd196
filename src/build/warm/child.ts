import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import type { AstroConfig, AstroPrerenderer } from 'astro';
import { endBuildMemos } from '#data/build-memo.ts';
import { changedCollections, recordLoaded } from '#data/collection-loads.ts';
import { keptWritten, loadedProducts, productsChanged, productsLoader } from '#data/products/loader.ts';
import { renderedFile } from '../finish/page-finish.ts';
import { readHandoff } from '../handoff.ts';
import { replaceCollection } from '../internals/data-store.ts';
import { HOOKS, setHook } from '../internals/hooks.ts';
import type { WarmAnswer, WarmRequest } from './protocol.ts';
import { type RoutePaths, routePaths } from './route-paths.ts';

// The warm builder's side in Astro's process (decision 0076). After its first build (a cold one, as every
// build was) the process does not end: it keeps what Astro set up (the bundled site, its prerenderer, the
// collections in its data store), the products and their digests, and every page's key, and waits for the
// next build on the IPC channel. A build then reads the change feed into the products, asks every route for
// its paths and keys again, renders through the same prerenderer chain the pages whose keys changed (and
// the side files theirs), removes the pages no route gives any more, and finishes the tree as a cold build
// does (finish-site.ts). What it cannot take (another collection changed) it answers `cold`, with the
// reason, and the builder runs a cold build.

type PathWithRoute = Awaited<ReturnType<AstroPrerenderer['getStaticPaths']>>[number];
type RouteData = PathWithRoute['route'];

/** The prerenderer chain of one build (finish-site.ts makes it). */
export interface Chain {
  prerenderer: AstroPrerenderer;
}

export interface WarmContext {
  /** Astro's own prerenderer, set up by the first build. */
  base: AstroPrerenderer;
  config: AstroConfig;
  outDir: string;
  /** Routes whose files are side files (their paths never reach the page loop). */
  sideRoutes: ReadonlySet<string>;
  /** Every path the first build rendered or reused, with its key. */
  firstPaths: readonly PathWithRoute[];
  /** Every path the first build's routes gave, side files' too, as Astro's prerenderer gave them. */
  firstRoutePaths: readonly PathWithRoute[];
  /** Astro's image registry's function, kept from the first build. */
  staticImages: StaticImages | undefined;
  makeChain: (astro: AstroPrerenderer, log: (line: string) => void, elsewhere: Set<string> | undefined) => Chain;
  finishBuild: (options: {
    outDir: string;
    outputs: readonly string[];
    since: number;
    log: (line: string) => void;
    known?: { written: readonly string[]; removed: readonly string[] };
  }) => Promise<void>;
  log: (line: string) => void;
}

/**
 * Astro's image registry in a build (`globalThis.astroAsset`, astro/dist/assets/vite-plugin-assets.js): a
 * page's `getImage` registers its transform there and gets the file's final path; once the build's images
 * are made, Astro deletes `addStaticImage`, and `getImage` would answer `/_image?…` URLs, which a static
 * site does not serve.
 */
interface AstroAsset {
  addStaticImage?: unknown;
  staticImages?: Map<string, { transforms: Map<string, unknown> }>;
}

/** What a warm build restores of Astro's image registry. */
export interface StaticImages {
  addStaticImage: unknown;
}

const astroAsset = () => (globalThis as { astroAsset?: AstroAsset }).astroAsset;

/** Keeps Astro's `addStaticImage` while the build has it (once its prerenderer is set up). */
export function keepStaticImages(): StaticImages | undefined {
  const add = astroAsset()?.addStaticImage;
  return add ? { addStaticImage: add } : undefined;
}

/** How many image transforms the build has registered. */
const transformCount = () =>
  [...(astroAsset()?.staticImages?.values() ?? [])].reduce((sum, image) => sum + image.transforms.size, 0);

/** Pages rendered at once, as Astro's own loop does (`build.concurrency`). */
const CONCURRENCY = 4;

/**
 * The URL Astro's build renders a path at (`getUrlForPath` in astro/dist/core/build/generate.js, for the
 * `directory` format, base `/` and the default trailing slash): a page's ends with a slash, an endpoint's
 * is its path.
 */
export function renderUrl(pathname: string, route: RouteData, origin: string): URL {
  if (pathname === '/' || pathname === '') return new URL('/', origin);
  if (route.type === 'endpoint') return new URL(pathname, origin);
  return new URL(`${pathname.replace(/\/+$/, '')}/`, origin);
}

/** Astro's incremental-build manifest as this process last read or wrote it, with the file's size and time then. */
let manifestRead: { file: string; size: number; mtimeMs: number; manifest: IncrementalManifest } | undefined;

interface IncrementalManifest {
  routes?: Record<string, { paths?: Record<string, unknown> }>;
}

/** Keeps Astro's incremental-build manifest true for a cold build after warm ones: their paths' entries go. */
function forgetInManifest(config: AstroConfig, paths: Iterable<PathWithRoute>): void {
  const file = fileURLToPath(new URL('incremental-build.json', config.cacheDir));
  const found = statSync(file, { throwIfNoEntry: false });
  if (!found) return;
  // Read again only when someone else wrote it since (a warm build's Astro does not).
  const same =
    manifestRead?.file === file && manifestRead.size === found.size && manifestRead.mtimeMs === found.mtimeMs;
  const manifest = same
    ? (manifestRead?.manifest as IncrementalManifest)
    : (JSON.parse(readFileSync(file, 'utf8')) as IncrementalManifest);
  let forgotten = 0;
  for (const { pathname, route } of paths) {
    const entries = manifest.routes?.[route.component]?.paths;
    if (entries && pathname in entries) {
      delete entries[pathname];
      forgotten++;
    }
  }
  if (forgotten > 0) writeFileSync(file, JSON.stringify(manifest, null, '\t'));
  const now = forgotten > 0 ? statSync(file) : found;
  manifestRead = { file, size: now.size, mtimeMs: now.mtimeMs, manifest };
}

/**
 * How far V8 grows the heap past what is live, in percent, once the first build is done (decision 0084).
 * The cold build renders every page with 50 (ASTRO_HEAP_FLAGS): fewer full collections, for 50 % more
 * heap. A warm build starts from what the process keeps (about 285 MiB at 10,000 products) and renders a
 * few hundred pages at most: at 60 it grew the heap by up to 170 MiB of garbage before collecting, and the
 * builder peaked at 1,040-1,110 MiB; at 25, 958-995, no slower. V8 reads the setting each time it sets the
 * heap's next limit, after each full collection: the first is the one `betweenBuilds` makes.
 */
export const WARM_HEAP_GROWING_PERCENT = 25;

/**
 * What the process lets go once a build is done, before it waits for the next (and sets the heap's growth
 * for the warm builds to come, WARM_HEAP_GROWING_PERCENT): the build's memos
 * (build-memo.ts), esbuild's service (a process of 15 MiB that Astro and Vite start for the first build and
 * a warm one does not use; esbuild starts it again if asked), and, when the process was started with
 * `--expose-gc` (astro-process.ts does for a warm one), the build's garbage in a full collection, so that
 * the heap shrinks to what the process keeps between builds.
 */
async function betweenBuilds(): Promise<void> {
  endBuildMemos();
  setFlagsFromString(`--heap-growing-percent=${WARM_HEAP_GROWING_PERCENT}`);
  await import('esbuild').then((esbuild) => esbuild.stop()).catch(() => undefined);
  // V8's last-resort collection: a full one that also gives back the heap's free pages (a plain `gc()`
  // left about 150 MiB of heap holding nothing).
  (globalThis as { gc?: (options: object) => void }).gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

/**
 * Runs a warm build, with a CPU profile of it written to `WARM_CPU_PROFILE` (a directory) when that is set:
 * `warm-<n>.cpuprofile`, for Chrome's DevTools (docs/build.md).
 */
async function profiled<T>(build: number, run: () => Promise<T>): Promise<T> {
  const dir = readHandoff().warmCpuProfile;
  if (!dir) return run();
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `warm-${build}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

/** Serves warm builds on the IPC channel until the builder says `exit` (or the channel closes). */
export async function serveWarmBuilds(context: WarmContext): Promise<void> {
  const send = (answer: WarmAnswer) => process.send?.(answer);
  let keys = new Map(context.firstPaths.map((path) => [path.pathname, path]));
  let byRoute = groupByRoute(context.firstRoutePaths);
  let generation = 0;
  // The cold build's garbage is collected before the builder hears it is done: its checks start a process of
  // their own (decision 0078), and the render left this one at its largest (about 950 MiB at 10,000
  // products, 700 once collected), so the two together were the full build's peak. A warm build's is
  // collected while the builder checks, as its own garbage is a fraction of that.
  const collecting = performance.now();
  await betweenBuilds();
  context.log(`warm process: the first build's garbage collected in ${Math.round(performance.now() - collecting)} ms`);
  send({ kind: 'ready' });
  let busy = Promise.resolve();
  await new Promise<void>((done) => {
    const stop = () => {
      process.off('message', take);
      process.off('disconnect', stop);
      done();
    };
    const take = (message: WarmRequest) => {
      if (message.kind === 'exit') {
        void busy.then(stop);
        return;
      }
      busy = busy.then(async () => {
        try {
          setHook(HOOKS.buildGeneration, ++generation);
          const answer = await profiled(generation, () => warmBuild(context, { keys, byRoute }, message));
          if (answer.kind === 'built') ({ keys, byRoute } = answer);
          send(answer.kind === 'built' ? { kind: 'built', rendered: answer.rendered, reused: answer.reused } : answer);
          await betweenBuilds();
        } catch (error) {
          send({ kind: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
        }
      });
    };
    process.on('message', take);
    process.on('disconnect', stop);
  });
}

/** Each route's paths, as the last build's routes gave them. */
type ByRoute = Map<RouteData, PathWithRoute[]>;

function groupByRoute(paths: readonly PathWithRoute[]): ByRoute {
  const byRoute: ByRoute = new Map();
  for (const path of paths) {
    const list = byRoute.get(path.route);
    if (list) list.push(path);
    else byRoute.set(path.route, [path]);
  }
  return byRoute;
}

type Outcome =
  | { kind: 'built'; rendered: number; reused: number; keys: Map<string, PathWithRoute>; byRoute: ByRoute }
  | { kind: 'unchanged' }
  | { kind: 'cold'; reason: string };

async function warmBuild(
  { base, config, outDir, sideRoutes, makeChain, finishBuild, log, staticImages }: WarmContext,
  last: { keys: ReadonlyMap<string, PathWithRoute>; byRoute: ByRoute },
  { buildId, since }: Extract<WarmRequest, { kind: 'build' }>,
): Promise<Outcome> {
  const started = performance.now();
  const before = last.keys;
  // Each step's milliseconds, for the log line.
  const steps: string[] = [];
  let mark = started;
  const step = (name: string) => {
    const now = performance.now();
    steps.push(`${name} ${Math.round(now - mark)}`);
    mark = now;
  };
  // The other collections are read while the products are (their changes apply after: a collection that
  // shows products, as the solutions do, changes with them).
  const otherCollections = changedCollections();
  otherCollections.catch(() => {});
  // The products the last build loaded are in memory, in the order of the index it wrote: the loader
  // takes them rather than parse the store again (1-2 s at 10,000 products).
  const inMemory = loadedProducts();
  const kept = (order: readonly string[]) =>
    inMemory?.then((entries) => {
      if (entries.length !== order.length || entries.some((entry, at) => String(entry.id) !== order[at])) {
        throw new Error('the products in memory are not those of the kept index');
      }
      return entries;
    });
  await productsLoader({ kept }).load({
    store: { clear() {} },
    meta: { delete() {} },
    logger: { info: log, warn: log, error: log, debug() {} },
    config,
  } as unknown as Parameters<ReturnType<typeof productsLoader>['load']>[0]);
  // A full load returns before its records come and its store is written (loader.ts): the next build reads it.
  await keptWritten();
  step('products and collections read');
  // The other collections read again, and those that changed put into Astro's store (internals/data-store.ts).
  const changed = await otherCollections;
  for (const { name, entries, digest } of changed) {
    if (!(await replaceCollection(name, entries as { id: number | string }[]))) {
      return { kind: 'cold', reason: `the ${name} collection changed, and Astro's data store cannot be reached` };
    }
    recordLoaded(name, digest);
    log(`warm build: the ${name} collection read again`);
  }
  step('collections');
  // Images: the pages' `getImage` registers with Astro as in the first build. A transform it never made
  // (a picture or size no page had) has no file: such a build is cold, which makes it.
  const asset = astroAsset();
  if (!staticImages || !asset) return { kind: 'cold', reason: "Astro's image registry was not kept" };
  asset.addStaticImage = staticImages.addStaticImage;
  const transforms = transformCount();
  // Nothing a page shows changed (no collection, no product; a new day reloads every product, their ship
  // dates): the tree is the published one, and nothing is written.
  if (changed.length === 0 && !productsChanged()) {
    log(`warm build: nothing changed since the last build, nothing written (${steps.join(', ')} ms)`);
    return { kind: 'unchanged' };
  }
  process.env.BUILD_ID = buildId;
  // Each route asked for its paths on its own (route-paths.ts), timed.
  let byRoute: RoutePaths[] = [];
  const routesAsked: AstroPrerenderer = {
    ...base,
    async getStaticPaths() {
      byRoute = await routePaths(base, (route) => last.byRoute.get(route));
      return byRoute.flatMap(({ paths }) => paths);
    },
  };
  const chain = makeChain(routesAsked, log, new Set());
  const all = await chain.prerenderer.getStaticPaths();
  step('paths');
  const slowest = byRoute
    .toSorted((a, b) => b.ms - a.ms)
    .slice(0, 4)
    .map(({ route, paths, ms }) => `${route.route} ${paths.length} in ${Math.round(ms)} ms`);
  const count = byRoute.reduce((sum, { paths }) => sum + paths.length, 0);
  log(
    `warm build: paths: ${byRoute.length} routes asked (${count} paths, ${byRoute.reduce((sum, { same }) => sum + same, 0)} of them as they were); slowest ${slowest.join(', ')}`,
  );
  const origin = new URL(config.site ?? 'http://localhost').origin;
  const paths = all.filter(({ route }) => !sideRoutes.has(route.component));
  const now = new Map(paths.map((path) => [path.pathname, path]));
  const render = paths.filter(
    (path) => path.cacheKey === undefined || before.get(path.pathname)?.cacheKey !== path.cacheKey,
  );
  const gone = [...before.values()].filter((path) => !now.has(path.pathname));
  let next = 0;
  const work = async () => {
    for (let at = next++; at < render.length; at = next++) {
      const { pathname, route } = render[at] as PathWithRoute;
      const rendered = await chain.prerenderer.render(new Request(renderUrl(pathname, route, origin)), {
        routeData: route,
        collectMetadata: true,
      } as Parameters<AstroPrerenderer['render']>[1]);
      const response = rendered instanceof Response ? rendered : rendered.response;
      if (response.status >= 300) throw new Error(`${pathname} answered ${response.status} in a warm build`);
      const body = new Uint8Array(await response.arrayBuffer());
      // Empty: the finishing thread writes the page (page-finish.ts); else it is written here, as Astro would.
      const file = renderedFile(outDir, pathname, route.type);
      if (!file) throw new Error(`${pathname}: a ${route.type} route, which the warm builder cannot write`);
      if (body.byteLength > 0) {
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, body);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, work));
  step('pages');
  if (transformCount() !== transforms) {
    await chain.prerenderer.teardown?.();
    return { kind: 'cold', reason: 'an image to make that the last cold build did not' };
  }
  // The side files and downloads are written when the pages are done (side-files.ts).
  await chain.prerenderer.teardown?.();
  step('side files');
  forgetInManifest(config, [...render, ...gone]);
  const fileOf = ({ pathname, route }: PathWithRoute) => renderedFile(outDir, pathname, route.type) as string;
  const outputs = paths.map(fileOf);
  // What it wrote and what went are known: the tree is not walked (staging.ts, settleKnown).
  const known = { written: render.map(fileOf), removed: gone.map(fileOf) };
  await finishBuild({ outDir, outputs, since, log, known });
  step('finish');
  const keyless = render.filter((path) => path.cacheKey === undefined).map((path) => path.pathname);
  log(
    `warm build: ${render.length} pages rendered (${keyless.length} without a key: ${keyless.slice(0, 8).join(' ')}), ${paths.length - render.length} kept, ${gone.length} gone (${((performance.now() - started) / 1000).toFixed(1)} s: ${steps.join(', ')} ms)`,
  );
  return {
    kind: 'built',
    rendered: render.length,
    reused: paths.length - render.length,
    keys: now,
    byRoute: new Map(byRoute.map(({ route, paths }) => [route, paths])),
  };
}
