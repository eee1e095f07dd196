import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Loader, LoaderContext } from 'astro/loaders';
import type { Language } from '../api/common.ts';
import { type ProductDetail, productPage } from '../api/product.ts';
import { type ContentChange, systemChanges } from '../api/system.ts';
import { readLineLog, writeLineLog } from '../lib/line-log.ts';
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
export type StoredProduct = Pick<ProductDetail, 'id' | 'categoryId' | 'breadcrumbs' | 'related' | 'alternatives'>;

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
const FORMAT = '3';
/** The most ids one `/product/page` call takes. */
const IDS_PER_CALL = 999;

type Entry = { id: string; en: ProductDetail; zh: ProductDetail };

async function readProducts(ids?: number[]): Promise<Entry[]> {
  const read = async (language: Language) => {
    if (!ids) return callAllPages(productPage, { language });
    const records: ProductDetail[] = [];
    for (let start = 0; start < ids.length; start += IDS_PER_CALL) {
      records.push(...(await callAllPages(productPage, { language, ids: ids.slice(start, start + IDS_PER_CALL) })));
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
export function loadedProducts(): Entry[] | undefined {
  return (globalThis as { [LOADED]?: Entry[] })[LOADED];
}

function setLoaded(entries: Entry[]): void {
  (globalThis as { [LOADED]?: Entry[] })[LOADED] = entries;
}

/** What the products' files keep between builds. */
interface Kept {
  format: string;
  /** The change feed's position the entries are current to. */
  seq: number;
  /** The UTC day of the load that made the entries whole. */
  day: string;
  entries: Entry[];
}

/**
 * Beside `products-store.json` (the format, feed position, day, the products' order and the records' whole
 * size), the records, a line each (line-log.ts): a load that changes some products appends their lines
 * instead of writing 10,000 records again.
 */
const recordsFile = (file: string) => file.replace(/\.json$/, '.ndjson');

interface KeptIndex {
  format: string;
  seq: number;
  day: string;
  /** The products' ids in the API's order. */
  order: string[];
  /** The records file's size when last written whole. */
  whole: number;
}

function readKept(file: string): Kept | undefined {
  try {
    const index = JSON.parse(readFileSync(file, 'utf8')) as KeptIndex;
    if (index.format !== FORMAT) return { format: String(index.format), seq: 0, day: '', entries: [] };
    if (!Number.isSafeInteger(index.seq) || !Array.isArray(index.order)) return undefined;
    const records = readLineLog<Entry>(recordsFile(file), (entry) => entry?.id);
    const entries: Entry[] = [];
    for (const id of index.order) {
      const entry = records.get(id);
      if (!entry) return undefined;
      entries.push(entry);
    }
    return { format: index.format, seq: index.seq, day: index.day, entries };
  } catch {
    return undefined;
  }
}

/**
 * Keeps the products for the next build: the records of `changed` appended when given, else all written
 * whole; then the index. A build stopped half-way leaves records newer than the index's feed position at
 * worst, which the next load reads again.
 */
function writeKept(file: string, kept: Kept, changed?: readonly Entry[]): void {
  let whole = 0;
  try {
    const index = JSON.parse(readFileSync(file, 'utf8')) as KeptIndex;
    whole = index.format === FORMAT && Number.isSafeInteger(index.whole) ? index.whole : 0;
  } catch {
    whole = 0;
  }
  whole = writeLineLog(recordsFile(file), { changed, all: () => kept.entries, whole });
  const index: KeptIndex = {
    format: kept.format,
    seq: kept.seq,
    day: kept.day,
    order: kept.entries.map((entry) => entry.id),
    whole,
  };
  writeFileSync(`${file}.tmp`, JSON.stringify(index));
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
        setLoaded([]);
        return;
      }
      // Both read before any record: a write during the load is seen again next time, which is harmless.
      const day = utcDay();
      const kept = readKept(file);
      const since = kept?.seq;
      const feed = await callApi(systemChanges, { language: 'en', since: since ?? 0 });

      let reason: string | undefined;
      if (!kept || since === undefined) reason = 'no earlier load';
      else if (kept.format !== FORMAT) reason = 'a new loader format';
      else if (kept.day !== day) reason = 'a new day (ship dates)';
      else if (feed.until < since) reason = 'the feed is behind the store (another database)';
      else if (!feed.complete) reason = 'too many changes';

      if (kept && !reason) {
        const entries = kept.entries;
        const plan = planRefresh(
          feed.changes,
          entries.map((entry) => entry.en),
        );
        if (plan.full) reason = plan.reason;
        else {
          const fresh = plan.ids.length > 0 ? await readProducts(plan.ids) : [];
          const storedIds = new Set(entries.map((entry) => entry.en.id));
          if (
            !joinsInPlace(
              fresh.map((entry) => entry.en.id),
              storedIds,
              plan.inserted,
            )
          )
            reason = 'a product published again';
          else {
            // A Map keeps each entry in its place when it is set again; new ones join at the end.
            const byId = new Map(entries.map((entry) => [entry.id, entry]));
            const returned = new Set(fresh.map((entry) => entry.id));
            let removed = 0;
            for (const id of plan.ids) {
              if (!returned.has(String(id)) && byId.delete(String(id))) removed++;
            }
            for (const entry of fresh) byId.set(entry.id, entry);
            const now = [...byId.values()];
            setLoaded(now);
            if (fresh.length > 0 || removed > 0 || feed.until !== since) {
              writeKept(file, { format: FORMAT, seq: feed.until, day, entries: now }, fresh);
            }
            logger.info(
              `products: refreshed ${fresh.length}, removed ${removed}, kept ${now.length - fresh.length} in ${elapsed()}`,
            );
            return;
          }
        }
      }

      const all = await readProducts();
      setLoaded(all);
      writeKept(file, { format: FORMAT, seq: feed.until, day, entries: all });
      logger.info(`products: full load (${all.length} products; ${reason}) in ${elapsed()}`);
    },
  };
}
