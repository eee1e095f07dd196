// Slugs already made: the API makes the same few on every cart and list call. Emptied when full.
const made = new Map<string, string>();
const MADE_MAX = 4096;

/** Turns an English name into the readable part of a slug: 'Raman Spectrometer 532' -> 'raman-spectrometer-532'. */
export function slugify(name: string): string {
  let slug = made.get(name);
  if (slug === undefined) {
    if (made.size >= MADE_MAX) made.clear();
    slug = makeSlug(name);
    made.set(name, slug);
  }
  return slug;
}

function makeSlug(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'item'
  );
}

/** The id-and-name slug of a page: `{id}-{name-slug}`. */
export function idSlug(id: number, name: string): string {
  return `${id}-${slugify(name)}`;
}

/** The id at the start of an id-and-name slug, or undefined when there is none. */
export function idFromSlug(slug: string): number | undefined {
  const match = /^([1-9]\d{0,9})(?:-|$)/.exec(slug);
  return match ? Number(match[1]) : undefined;
}
