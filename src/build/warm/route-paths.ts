import type { AstroPrerenderer } from 'astro';
import { StaticPaths } from 'astro/runtime/prerender/static-paths.js';

// A warm build's paths, asked of each route on its own (decision 0076): Astro's `StaticPaths` over an app
// whose manifest holds that one route, with the app's own route cache and component loader, so each
// route's paths come out as Astro's prerenderer gives them for the whole site, in the same order; an entry
// a route gave last time (the same object) keeps the path it had.

type PathWithRoute = Awaited<ReturnType<AstroPrerenderer['getStaticPaths']>>[number];
export type RouteData = PathWithRoute['route'];

/** A getStaticPaths entry, as a route gave it. */
type StaticPath = object;

/** A route's entry in Astro's route cache: its module, and the paths its getStaticPaths gave, by params. */
interface CachedRoute {
  mod?: unknown;
  staticPaths?: StaticPath[] & { keyed?: Map<string, StaticPath> };
}

/** A page module, as far as its paths go. */
interface RouteModule {
  getStaticPaths?: (options: unknown) => Promise<StaticPath[]> | StaticPath[];
}

/** The parts of Astro's build app a warm build reaches (internals: docs/build.md, decision 0076). */
interface BuildApp {
  manifest: { routes: { routeData: RouteData }[] };
  routeCache: { cache: Record<string, CachedRoute | undefined>; key(route: RouteData): string };
  getComponentByRoute(route: RouteData): Promise<RouteModule>;
}

/** Astro's app of its default prerenderer; throws when the reach no longer applies (another Astro). */
export function buildApp(base: AstroPrerenderer): BuildApp {
  const app = (base as { app?: Partial<BuildApp> }).app;
  const cache = app?.routeCache;
  if (
    !Array.isArray(app?.manifest?.routes) ||
    typeof app.getComponentByRoute !== 'function' ||
    typeof cache?.key !== 'function' ||
    typeof cache.cache !== 'object'
  ) {
    throw new Error(
      "Astro's prerenderer no longer holds app.manifest.routes, app.getComponentByRoute and app.routeCache.cache: the warm builder cannot run.",
    );
  }
  return app as BuildApp;
}

/** One route's paths and what asking for them took. */
export interface RoutePaths {
  route: RouteData;
  paths: PathWithRoute[];
  /** Milliseconds to ask for them. */
  ms: number;
  /** Of its paths, those whose entry was the one it gave last time. */
  same: number;
}

/**
 * Every prerendered route's paths, in the manifest's order (as Astro's prerenderer gives them), each
 * route asked again (`askRoute`); `last` gives a route's paths from the last build.
 */
export async function routePaths(
  base: AstroPrerenderer,
  last: (route: RouteData) => readonly PathWithRoute[] | undefined = () => undefined,
): Promise<RoutePaths[]> {
  const app = buildApp(base);
  const answers: RoutePaths[] = [];
  for (const entry of app.manifest.routes) {
    const route = entry.routeData;
    if (!route.prerender) continue;
    const started = performance.now();
    const { paths, same } = await askRoute(app, entry, last(route));
    answers.push({ route, paths, ms: performance.now() - started, same });
  }
  return answers;
}

/**
 * One route's paths, asked again. A dynamic route's getStaticPaths runs; an entry it gave last time (the
 * same object: src/data/entry-memo.ts) keeps the path it had, and only the others go through Astro's
 * `StaticPaths` (its checks, its params made a path twice: a third of the time at 10,000 products). The
 * route's cache entry is then all its entries by their paths, as Astro's own would be, so a page
 * rendered finds its props there. `last` is the route's paths from the last build, in the order of its
 * cache entry's.
 */
async function askRoute(
  app: BuildApp,
  entry: BuildApp['manifest']['routes'][number],
  last: readonly PathWithRoute[] | undefined,
): Promise<{ paths: PathWithRoute[]; same: number }> {
  const route = entry.routeData;
  const cache = app.routeCache;
  const key = cache.key(route);
  const before = cache.cache[key]?.staticPaths;
  for (const each of [route, ...route.fallbackRoutes]) delete cache.cache[cache.key(each)];
  const dynamic = !route.pathname && route.type !== 'redirect' && route.type !== 'fallback';
  const mod = dynamic ? await app.getComponentByRoute(route) : undefined;
  // Each entry the route gave last time with its path, when the cache entry and the paths agree.
  const had = new Map<StaticPath, PathWithRoute>();
  if (before && last && before.length === last.length) {
    for (const [at, path] of before.entries()) had.set(path, last[at] as PathWithRoute);
  }
  let all: StaticPath[] | undefined;
  const getStaticPaths = mod?.getStaticPaths;
  const asked =
    mod && getStaticPaths
      ? (Object.create(mod as object, {
          getStaticPaths: {
            value: async (options: unknown) => {
              all = await getStaticPaths(options);
              return had.size > 0 ? all.filter((path) => !had.has(path)) : all;
            },
          },
        }) as RouteModule)
      : undefined;
  const one = new StaticPaths({
    manifest: { ...app.manifest, routes: [entry] } as ConstructorParameters<typeof StaticPaths>[0]['manifest'],
    routeCache: cache as unknown as ConstructorParameters<typeof StaticPaths>[0]['routeCache'],
    getComponentByRoute: async (wanted) =>
      (wanted === route && asked ? asked : await app.getComponentByRoute(wanted)) as Awaited<
        ReturnType<NonNullable<ConstructorParameters<typeof StaticPaths>[0]['getComponentByRoute']>>
      >,
  });
  const fresh = await one.getAll();
  if (!asked || !all) return { paths: fresh, same: 0 };
  // The route's paths in its order: each kept entry's as it was, the new ones as Astro gave them.
  const entries = all;
  let next = 0;
  const paths = entries.map((path) => had.get(path) ?? (fresh[next++] as PathWithRoute));
  if (next !== fresh.length) throw new Error(`${route.route}: the warm build's paths do not match its entries`);
  // Astro's cache entry for the route as its own would be: the module, every entry, by params (a path is
  // its params made a string, as the cache's key is).
  const cached = cache.cache[key];
  cache.cache[key] = {
    ...cached,
    mod,
    staticPaths: Object.assign(entries, {
      keyed: new Map(entries.map((path, at) => [(paths[at] as PathWithRoute).pathname, path])),
    }),
  };
  return { paths, same: entries.length - fresh.length };
}
