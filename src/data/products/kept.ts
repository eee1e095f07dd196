import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { ProductDetail } from '#api/product.ts';
import { appendFits, linesOf, openLineLog, writeLineLog } from '#lib/line-log.ts';
import type { Bilingual } from '../bilingual.ts';
import { sharePool, shareValues } from '../compact.ts';
import type { StoredProduct } from './refresh.ts';

// The products kept between builds (decisions 0029 and 0030): an index and the records, a line each, in
// Astro's cache directory, where the next load finds them.

/** Raise when what the loader keeps changes shape: the next load is a full one. */
export const FORMAT = '6';

type Entry = Bilingual<ProductDetail>;

/**
 * What the refresh rules look at in a stored product (`StoredProduct`), kept in the index so that a load
 * plans without parsing the records: category, breadcrumbs', related and alternatives' ids.
 */
export type Refs = [categoryId: number, crumbs: number[], related: number[], alternatives: number[]];

export const refsOf = ({ categoryId, breadcrumbs, related, alternatives }: StoredProduct): Refs => [
  categoryId,
  breadcrumbs.map((crumb) => crumb.id),
  related.map((card) => card.id),
  alternatives.map((card) => card.id),
];

export const storedOf = (id: string, [categoryId, crumbs, related, alternatives]: Refs): StoredProduct => ({
  id: Number(id),
  categoryId,
  breadcrumbs: crumbs.map((crumb) => ({ id: crumb })),
  related: related.map((card) => ({ id: card })),
  alternatives: alternatives.map((card) => ({ id: card })),
});

/**
 * `products-store.json`: the format, the change feed's position the records are current to (`seq`; -1 when
 * the load had no credential for the feed, decision 0064), the UTC day
 * of the load that made them whole, the products' ids in the API's order with each one's refs, and the
 * records file's size when last written whole. Beside it, the records, a line each (line-log.ts): a load
 * that changes some products appends their lines instead of writing 10,000 records again.
 */
export interface KeptIndex {
  format: string;
  seq: number;
  day: string;
  order: string[];
  refs: Refs[];
  whole: number;
}

const recordsFile = (file: string) => file.replace(/\.json$/, '.ndjson');

/** An entry's line starts with its id (`pairLanguages` makes it the first key): read without parsing. */
const ENTRY_LINE = /^\{"id":"(\d+)",/;

/** The products' index, when it is there and whole; one of another format has only that. */
export function readIndex(file: string): KeptIndex | Pick<KeptIndex, 'format'> | undefined {
  try {
    const index = JSON.parse(readFileSync(file, 'utf8')) as KeptIndex;
    if (index.format !== FORMAT) return { format: String(index.format) };
    const whole =
      Number.isSafeInteger(index.seq) &&
      Number.isSafeInteger(index.whole) &&
      Array.isArray(index.order) &&
      Array.isArray(index.refs) &&
      index.refs.length === index.order.length;
    return whole ? index : undefined;
  } catch {
    return undefined;
  }
}

/** Entries parsed at a time before the loader lets the event loop do other work. */
const PARSED_AT_ONCE = 250;

/**
 * The records of `order`, parsed a few hundred at a time, each slice after a turn of the event loop: the
 * parsing (half a second at 10,000 products) fills the time the build waits on the API and on Vite's
 * bundler instead of adding to it. Undefined when a product has no line; a line that no longer parses
 * rejects the promise (and removes the index, so the next load is a full one).
 */
export function parseKept(file: string, order: readonly string[]): Promise<Entry[]> | undefined {
  const log = openLineLog<Entry>(
    recordsFile(file),
    (entry) => entry?.id,
    (line) => ENTRY_LINE.exec(line)?.[1],
  );
  if (!log || !order.every((id) => log.has(id))) return undefined;
  return (async () => {
    const entries: Entry[] = [];
    // Held to the last page: their strings, objects and arrays shared with every other record's (compact.ts).
    const pool = sharePool();
    for (const id of order) {
      if (entries.length % PARSED_AT_ONCE === 0) await new Promise((resolve) => setImmediate(resolve));
      const entry = log.value(id);
      if (!entry) {
        rmSync(file, { force: true });
        throw new Error(
          `Build stopped: the kept record of product ${id} in ${recordsFile(file)} is damaged; the next build loads every product again.`,
        );
      }
      shareValues(entry.en, pool);
      shareValues(entry.zh, pool);
      entries.push(entry);
    }
    return entries;
  })();
}

/**
 * Keeps the products for the next build: the records of `changed` appended when the file has room, else
 * every entry (`all`, awaited only then) written whole; then the index. A build stopped half-way leaves
 * records newer than the index's feed position at worst, which the next load reads again.
 */
export async function writeKept(
  file: string,
  index: Omit<KeptIndex, 'whole'>,
  all: () => Promise<Entry[]>,
  changed?: readonly Entry[],
): Promise<void> {
  const before = readIndex(file);
  const whole = before && 'whole' in before ? before.whole : 0;
  const records = recordsFile(file);
  const appended = changed ? linesOf(changed) : undefined;
  const entries = appended !== undefined && appendFits(records, whole, appended) ? undefined : await all();
  const written = writeLineLog(records, { changed, all: () => entries ?? [], whole });
  writeFileSync(`${file}.tmp`, JSON.stringify({ ...index, whole: written } satisfies KeptIndex));
  renameSync(`${file}.tmp`, file);
}
