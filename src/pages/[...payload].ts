import type { APIRoute, GetStaticPaths } from 'astro';
import { buildId } from '#data/build.ts';
import { digestOf } from '#data/cache-key.ts';
import { EntryMemo } from '#data/entry-memo.ts';
import type { RouteEntry } from '#data/routes.ts';
import { allRoutes } from '#data/routes.ts';
import { sideFileResponse } from '#data/side-body.ts';
import { LOCALES, type Locale, localePath } from '#i18n/index.ts';

// `{page path}/_payload.json`: the data each prebuilt page shows, for islands and other clients.
// (One rest parameter holds the whole file path: Astro ignores page files whose names start with `_`.)
// A payload is made again only when its data changes (its key digests it), so `buildId` names the build
// that last changed it.
/** A page's payload path in a locale, and its key: the data's digest, or the data itself. */
const payloadPath = (route: RouteEntry, locale: Locale, data: unknown) => {
  const path = localePath(locale, route.path);
  return {
    params: { payload: `${path === '/' ? '' : path.slice(1)}/_payload.json`.replace(/^\//, '') },
    props: { route, locale },
    cacheKey: digestOf([path, route.kind, data]),
  };
};

/** The paths of the routes whose data has a digest (a record's), kept while the route entry is the same (entry-memo.ts). */
const pathsOf = new EntryMemo<RouteEntry, ReturnType<typeof payloadPath>>();

export const getStaticPaths = (async () => {
  const routes = await allRoutes();
  return Promise.all(
    routes.flatMap((route) =>
      LOCALES.map(async (locale) => {
        const digest = route.payloadDigest;
        return digest
          ? pathsOf.get(route, locale, '', () => payloadPath(route, locale, digest(locale)))
          : payloadPath(route, locale, await route.payload(locale));
      }),
    ),
  );
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const { route, locale } = props as { route: RouteEntry; locale: Locale };
  const body = {
    buildId: buildId(),
    path: localePath(locale, route.path),
    locale,
    kind: route.kind,
    data: await route.payload(locale),
  };
  return sideFileResponse(JSON.stringify(body), 'application/json; charset=utf-8');
};
