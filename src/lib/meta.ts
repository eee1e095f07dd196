import type { MetaItem } from '#api/system.ts';

/** A meta name as a camelCase key: `og:title` becomes `ogTitle`, `twitter:card` becomes `twitterCard`. */
export function metaKey(name: string): string {
  return name.replace(/[:_-]+([a-zA-Z0-9])/g, (_, next: string) => next.toUpperCase());
}

/** A page's metaJson (a JSON list of {name, content}) as a map of camelCase keys; bad JSON gives none. */
export function parseMetaJson(metaJson: string): Record<string, string> {
  let items: unknown;
  try {
    items = JSON.parse(metaJson);
  } catch {
    return {};
  }
  if (!Array.isArray(items)) return {};
  const entries = items
    .filter((item): item is MetaItem => typeof item?.name === 'string' && typeof item?.content === 'string')
    .map((item) => [metaKey(item.name), item.content] as const);
  return Object.fromEntries(entries);
}
