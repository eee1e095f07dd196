import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Loader, LoaderContext } from 'astro/loaders';
import type { Language } from '../api/common.ts';
import { type ProductDetail, productPage } from '../api/product.ts';
import { type ContentChange, systemChanges } from '../api/system.ts';
import { appendFits, linesOf, openLineLog, writeLineLog } from '../lib/line-log.ts';
import { compactCopy, sharePool, shareValues } from './compact.ts';
import { digestInTurns } from './entry-digest.ts';
import { callAllPages, callApi } from './fetch.server.ts';

// The `products` collection, loaded from the change feed (`/system/changes`) rather than whole each
// build: only the products whose records changed are read again. Decision 0024 has the rules and why
// they cover every record that changes; the entries are those a full load gives, in the same order.

/** Pairs the same records in English and Chinese by id: a collection's entries. */
export function pairLanguages<T extends { id: number }>(en: T[], zh: T[]): { id: string; en: T; zh: T }[] {
  const zhById = new Map(zh.map((record) => [record.id, record]));
  return en.map((record) => {
    const other = zhById.get(record.id);
    if (!other) throw new Error(`Build stopped: record ${record.id} has no Chinese version.`);
    return { id: String(record.id), en: record, zh: other };
  });
}

/** Entities whose changes reach product records in known ways (the rest force a full load). */
const PRODUCT_ENTITIES = new Set(['product', 'category']);
/** Entities that no product record shows: their changes are the other collections' business. */
const NOT_IN_PRODUCTS = new Set(['solution', 'solution_group', 'article', 'system_config', 'page_meta', 'site_page']);

/** What a load must do: read everything again, or the listed products. */
export type RefreshPlan =
  | { full: true; reason: string }
  | {
      full: false;
      /** Products to read again: those in the feed and those whose records show one that changed. */
      ids: number[];
      /** Products the feed has as created since the last load: the only ones that may join the store without a full load. */
      inserted: Set<number>;
    };

/** The parts of a stored product record the refresh rules look at. */
export interface StoredProduct {
  id: number;
  categoryId: number;
  breadcrumbs: readonly { id: number }[];
  related: readonly { id: number }[];
  alternatives: readonly { id: number }[];
}

/**
 * Which products to read again after `changes`, given the records in the store: each product that
 * changed; each stored product whose related or alternative cards show one of them (its name, price,
 * slug, or its leaving); each stored product whose category or any category of its breadcrumbs changed.
 * A change to anything else that product records may show (a product family, an entity this does not
 * know) asks for a full load.
 */
export function planRefresh(changes: readonly ContentChange[], stored: Iterable<StoredProduct>): RefreshPlan {
  const products = new Set<number>();
  const inserted = new Set<number>();
  const categories = new Set<number>();
  for (const change of changes) {
    if (NOT_IN_PRODUCTS.has(change.entity)) continue;
    if (!PRODUCT_ENTITIES.has(change.entity)) return { full: true, reason: `a change to ${change.entity}` };
    const id = Number(change.id);
    if (!Number.isSafeInteger(id)) return { full: true, reason: `a change to ${change.entity} "${change.id}"` };
    if (change.entity === 'category') categories.add(id);
    else {
      products.add(id);
      if (change.kind === 'insert') inserted.add(id);
    }
  }
  const ids = new Set(products);
  if (products.size > 0 || categories.size > 0) {
    for (const record of stored) {
      if (ids.has(record.id)) continue;
      const shows =
        record.related.some((card) => products.has(card.id)) ||
        record.alternatives.some((card) => products.has(card.id)) ||
        categories.has(record.categoryId) ||
        record.breadcrumbs.some((crumb) => categories.has(crumb.id));
      if (shows) ids.add(record.id);
    }
  }
  return { full: false, ids: [...ids].sort((a, b) => a - b), inserted };
}

/**
 * Whether the products read again can take their places in the store without a full load: one that
 * was not there before may only be a product created since the last load with an id above every stored
 * one. Such a product sorts last (the API gives a new product the next `sort`), and every product that
 * relates to it wrote its relation after it was created, so it is in the feed too. A product that comes
 * back (published again) may sit anywhere in the order and be related to by products not in the feed.
 */
export function joinsInPlace(
  returned: Iterable<number>,
  storedIds: ReadonlySet<number>,
  inserted: ReadonlySet<number>,
) {
  const top = Math.max(0, ...storedIds);
  for (const id of returned) if (!storedIds.has(id) && !(inserted.has(id) && id > top)) return false;
  return true;
}

/** Raise when what the loader keeps changes shape: the next load is a full one. */
const FORMAT = '4';
/** The most ids one `/product/page` call takes. */
const IDS_PER_CALL = 999;

type Entry = { id: string; en: ProductDetail; zh: ProductDetail };

async function readProducts(ids?: number[]): Promise<Entry[]> {
  // Held to the last page: compact copies, their strings, objects and arrays shared with every other
  // record's (compact.ts), made as each page of records comes while the API makes the next.
  const pool = sharePool();
  const keep = (record: ProductDetail) => compactCopy(record, pool);
  const read = async (language: Language) => {
    if (!ids) return callAllPages(productPage, { language }, keep);
    const records: ProductDetail[] = [];
    for (let start = 0; start < ids.length; start += IDS_PER_CALL) {
      records.push(
        ...(await callAllPages(productPage, { language, ids: ids.slice(start, start + IDS_PER_CALL) }, keep)),
      );
    }
    return records;
  };
  const [en, zh] = await Promise.all([read('en'), read('zh')]);
  return pairLanguages(en, zh);
}

/** The UTC day: product records carry a ship date counted from it. */
const utcDay = () => new Date().toISOString().slice(0, 10);

/**
 * Where the products live between a load and the pages (decision 0029): not in Astro's data store, which
 * the build inlines into its server bundle as one string (38 MB at 10,000 products: Vite parses it every
 * build, and the build holds it as code and again as objects), but in this process's memory, handed to
 * `getProducts` (catalogue.ts), and in a file of their own in Astro's cache directory between builds.
 */
const LOADED = Symbol.for('storefront.products');

/** The products the last load in this process left, in the API's order; undefined before any load. */
export function loadedProducts(): Promise<Entry[]> | undefined {
  return (globalThis as { [LOADED]?: Promise<Entry[]> })[LOADED];
}

function setLoaded(entries: Promise<Entry[]>): void {
  // Their digests for the pages' keys are made meanwhile (entry-digest.ts); a failure is the pages' to
  // report, when they ask (catalogue.ts).
  entries.then(digestInTurns).catch(() => {});
  (globalThis as { [LOADED]?: Promise<Entry[]> })[LOADED] = entries;
}

/**
 * What the refresh rules look at in a stored product (`StoredProduct`), kept in the index so that a load
 * plans without parsing the records: category, breadcrumbs', related and alternatives' ids.
 */
type Refs = [categoryId: number, crumbs: number[], related: number[], alternatives: number[]];

const refsOf = ({ categoryId, breadcrumbs, related, alternatives }: StoredProduct): Refs => [
  categoryId,
  breadcrumbs.map((crumb) => crumb.id),
  related.map((card) => card.id),
  alternatives.map((card) => card.id),
];

const storedOf = (id: string, [categoryId, crumbs, related, alternatives]: Refs): StoredProduct => ({
  id: Number(id),
  categoryId,
  breadcrumbs: crumbs.map((crumb) => ({ id: crumb })),
  related: related.map((card) => ({ id: card })),
  alternatives: alternatives.map((card) => ({ id: card })),
});

/**
 * `products-store.json`: the format, the change feed's position the records are current to, the UTC day
 * of the load that made them whole, the products' ids in the API's order with each one's refs, and the
 * records file's size when last written whole. Beside it, the records, a line each (line-log.ts): a load
 * that changes some products appends their lines instead of writing 10,000 records again.
 */
interface KeptIndex {
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
function readIndex(file: string): KeptIndex | Pick<KeptIndex, 'format'> | undefined {
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
function parseKept(file: string, order: readonly string[]): Promise<Entry[]> | undefined {
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
async function writeKept(
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

/** The `products` collection's loader: incremental from the change feed, whole when it must be. */
export function productsLoader(options: { offline?: boolean } = {}): Loader {
  return {
    name: 'products-incremental',
    load: async ({ store, meta, logger, config }: LoaderContext) => {
      const started = performance.now();
      const elapsed = () => `${Math.round(performance.now() - started)} ms`;
      // Astro's own store holds none of them (the records of an earlier format are dropped).
      store.clear();
      meta.delete('seq');
      const file = fileURLToPath(new URL('products-store.json', config.cacheDir));
      if (options.offline) {
        setLoaded(Promise.resolve([]));
        return;
      }
      // Both read before any record: a write during the load is seen again next time, which is harmless.
      const day = utcDay();
      const index = readIndex(file);
      const kept = index && 'order' in index ? index : undefined;
      // While the feed is asked for, the other collections' loaders send their calls.
      const feed = await callApi(systemChanges, { language: 'en', since: kept?.seq ?? 0 });

      let reason: string | undefined;
      if (!index) reason = 'no earlier load';
      else if (index.format !== FORMAT) reason = 'a new loader format';
      else if (!kept) reason = 'no earlier load';
      else if (kept.day !== day) reason = 'a new day (ship dates)';
      else if (feed.until < kept.seq) reason = 'the feed is behind the store (another database)';
      else if (!feed.complete) reason = 'too many changes';
      // The records are read and split (found by their ids) now, and parsed while the build waits on the
      // API and the bundler.
      const parsed = kept && !reason ? parseKept(file, kept.order) : undefined;
      parsed?.catch(() => {});
      if (kept && !reason && !parsed) reason = 'a kept record is missing';

      if (kept && parsed && !reason) {
        const plan = planRefresh(
          feed.changes,
          kept.order.map((id, at) => storedOf(id, kept.refs[at] as Refs)),
        );
        if (plan.full) reason = plan.reason;
        else {
          const fresh = plan.ids.length > 0 ? await readProducts(plan.ids) : [];
          if (
            !joinsInPlace(
              fresh.map((entry) => entry.en.id),
              new Set(kept.order.map(Number)),
              plan.inserted,
            )
          )
            reason = 'a product published again';
          else {
            // Each product keeps its place when read again; new ones join at the end; one not returned went.
            const returned = new Map(fresh.map((entry) => [entry.id, entry]));
            const refs = new Map(kept.order.map((id, at) => [id, kept.refs[at] as Refs]));
            const gone = new Set(plan.ids.map(String).filter((id) => !returned.has(id) && refs.has(id)));
            const order = [
              ...kept.order.filter((id) => !gone.has(id)),
              ...fresh.map((entry) => entry.id).filter((id) => !refs.has(id)),
            ];
            for (const entry of fresh) refs.set(entry.id, refsOf(entry.en));
            const now = parsed.then((entries) => {
              const byId = new Map(entries.map((entry) => [entry.id, entry]));
              for (const entry of fresh) byId.set(entry.id, entry);
              return order.map((id) => byId.get(id) as Entry);
            });
            setLoaded(now);
            if (fresh.length > 0 || gone.size > 0 || feed.until !== kept.seq) {
              const index = {
                format: FORMAT,
                seq: feed.until,
                day,
                order,
                refs: order.map((id) => refs.get(id) as Refs),
              };
              await writeKept(file, index, () => now, fresh);
            }
            logger.info(
              `products: refreshed ${fresh.length}, removed ${gone.size}, kept ${order.length - fresh.length} in ${elapsed()}`,
            );
            return;
          }
        }
      }

      const all = await readProducts();
      setLoaded(Promise.resolve(all));
      const order = all.map((entry) => entry.id);
      const refs = all.map((entry) => refsOf(entry.en));
      await writeKept(file, { format: FORMAT, seq: feed.until, day, order, refs }, async () => all);
      logger.info(`products: full load (${all.length} products; ${reason}) in ${elapsed()}`);
    },
  };
}
