/** A build manifest's route rules, as builds/meta/{buildId}.json holds them. */
interface BuildMeta {
  routeRules?: Record<string, { redirect?: { to: string } }>;
}

/** The redirect target of a path under the given rules, if one matches (trailing slash ignored). */
export function matchRedirect(rules: BuildMeta['routeRules'], pathname: string): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return rules?.[path]?.redirect?.to;
}

/**
 * On the 404 page: loads the build manifest and follows a redirect rule for this path (a renamed
 * product's old link). A failed load or no match is only logged.
 */
export async function followRouteRule(pathname: string): Promise<void> {
  try {
    const latest = (await (await fetch('/builds/latest.json', { cache: 'no-cache' })).json()) as { id: string };
    const meta = (await (await fetch(`/builds/meta/${encodeURIComponent(latest.id)}.json`)).json()) as BuildMeta;
    const to = matchRedirect(meta.routeRules, pathname);
    if (to) location.replace(to + location.search + location.hash);
    else console.info(`No route rule for ${pathname}`);
  } catch (error) {
    console.warn('Failed to load the build manifest:', error);
  }
}
