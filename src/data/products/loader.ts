import { fileURLToPath } from 'node:url';
import type { Loader, LoaderContext } from 'astro/loaders';
import type { Language } from '#api/common.ts';
import { type ProductDetail, productPage } from '#api/product.ts';
import { CHANGES_LIMIT, type ContentChange, systemChanges } from '#api/system.ts';
import { readHandoff } from '#build/handoff.ts';
import { getHook, HOOKS, setHook } from '#build/internals/hooks.ts';
import { type Bilingual, pairLanguages } from '../bilingual.ts';
import { compactCopy, sharePool } from '../compact.ts';
import { digestInTurns } from '../entry-digest.ts';
import { callAllPages, callApi } from '../fetch.server.ts';
import { FORMAT, parseKept, type Refs, readIndex, refsOf, storedOf, writeKept } from './kept.ts';
import { joinsInPlace, planRefresh } from './refresh.ts';

// The `products` collection, loaded from the change feed (`/system/changes`) rather than whole each
// build: only the products whose records changed are read again. Decision 0049 has the rules and why
// they cover every record that changes; the entries are those a full load gives, in the same order.
// Decision 0064: the feed answers builds only, a page at a time, positions by transaction.

/** The most ids one `/product/page` call takes. */
const IDS_PER_CALL = 999;

type Entry = Bilingual<ProductDetail>;

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

/** What the feed told: the position to keep, and the changes since the one asked from when it could list them. */
interface Feed {
  until: number;
  complete: boolean;
  changes: ContentChange[];
}

/**
 * The change feed from `since` (decision 0064), page after page, each entity once with its state over all
 * of them; without `since`, or past CHANGES_LIMIT entities, only the position now (read before any record,
 * so that a write during a full load is read again next time).
 */
async function readFeed(since: number | undefined, bearer: string): Promise<Feed> {
  const ask = (from?: number) =>
    callApi(systemChanges, from === undefined ? { language: 'en' } : { language: 'en', since: from }, { bearer });
  const changes = new Map<string, ContentChange>();
  for (let page = await ask(since); ; page = await ask(page.until)) {
    if (!page.complete) return { until: page.until, complete: false, changes: [] };
    for (const change of page.changes) {
      const key = `${change.entity}\u0000${change.id}`;
      const before = changes.get(key);
      changes.delete(key);
      // Created since `since` stays an insert until deleted; deleted and made again is an update.
      const kind = !before || change.kind === 'delete' ? change.kind : before.kind === 'insert' ? 'insert' : 'update';
      changes.set(key, { ...change, kind });
    }
    if (changes.size > CHANGES_LIMIT) return { ...(await ask()), changes: [] };
    if (!page.more) return { until: page.until, complete: true, changes: [...changes.values()] };
  }
}

/** The UTC day: product records carry a ship date counted from it. */
const utcDay = () => new Date().toISOString().slice(0, 10);

/**
 * Where the products live between a load and the pages (decision 0029): not in Astro's data store, which
 * the build inlines into its server bundle as one string (38 MB at 10,000 products: Vite parses it every
 * build, and the build holds it as code and again as objects), but in this process's memory, handed to
 * `getProducts` (catalogue.ts), and in a file of their own in Astro's cache directory between builds.
 */
const LOADED = HOOKS.products;

/** The products the last load in this process left, in the API's order; undefined before any load. */
export function loadedProducts(): Promise<Entry[]> | undefined {
  return getHook<Promise<Entry[]>>(LOADED);
}

const KEPT = HOOKS.productsKept;

/**
 * Once the last load in this process has written the store the next build reads (a full load writes it
 * after the load returns); rejected as the load or the writing was.
 */
export const keptWritten = (): Promise<void> => getHook<Promise<void>>(KEPT) ?? Promise.resolve();

/** Whether the last load in this process changed the products (a full load counts as a change). */
let lastLoadChanged = true;

/** Whether the last load in this process changed any product: the warm builder keeps every key when none did. */
export const productsChanged = () => lastLoadChanged;

function setLoaded(entries: Promise<Entry[]>): void {
  // Their digests for the pages' keys are made meanwhile (entry-digest.ts); a failure is the pages' to
  // report, when they ask (catalogue.ts).
  entries.then(digestInTurns).catch(() => {});
  setHook(LOADED, entries);
}

/**
 * The `products` collection's loader: incremental from the change feed, whole when it must be. `kept`
 * answers the products as the kept index lists them, when this process holds them already (the warm
 * builder, src/build/warm/, whose last load wrote the index): they are not parsed from the store again.
 */
export function productsLoader(
  options: { offline?: boolean; kept?: (order: readonly string[]) => Promise<Entry[]> | undefined } = {},
): Loader {
  return {
    name: 'products-incremental',
    load: async ({ store, meta, logger, config }: LoaderContext) => {
      const started = performance.now();
      const elapsed = () => `${Math.round(performance.now() - started)} ms`;
      // Astro's own store holds none of them (the records of an earlier format are dropped).
      store.clear();
      meta.delete('seq');
      setHook(KEPT, undefined);
      const file = fileURLToPath(new URL('products-store.json', config.cacheDir));
      if (options.offline) {
        setLoaded(Promise.resolve([]));
        lastLoadChanged = true;
        return;
      }
      // Both read before any record: a write during the load is seen again next time, which is harmless.
      const day = utcDay();
      const index = readIndex(file);
      const kept = index && 'order' in index ? index : undefined;
      // The feed is for builds: the key of the API process that started this build, or an editor token
      // (`npm run build` with EDITOR_TOKEN). Without one, every load is a full one.
      const credential = readHandoff().feedCredential;
      const since = kept && kept.seq >= 0 && kept.day === day ? kept.seq : undefined;
      // While the feed is asked for, the other collections' loaders send their calls.
      const feed = credential ? await readFeed(since, credential) : undefined;

      let reason: string | undefined;
      if (!index) reason = 'no earlier load';
      else if (index.format !== FORMAT) reason = 'a new loader format';
      else if (!kept) reason = 'no earlier load';
      else if (kept.day !== day) reason = 'a new day (ship dates)';
      else if (!feed) reason = 'no credential for the change feed';
      else if (kept.seq < 0) reason = 'no feed position kept (the last load had no credential)';
      else if (feed.until < kept.seq) reason = 'the feed is behind the store (another database)';
      else if (!feed.complete) reason = 'the feed cannot list the changes (too many, or pruned)';
      // The records are read and split (found by their ids) now, and parsed while the build waits on the
      // API and the bundler.
      const parsed = kept && !reason ? (options.kept?.(kept.order) ?? parseKept(file, kept.order)) : undefined;
      parsed?.catch(() => {});
      if (kept && !reason && !parsed) reason = 'a kept record is missing';

      if (kept && parsed && feed && !reason) {
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
            lastLoadChanged = fresh.length > 0 || gone.size > 0;
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

      // Not awaited: Astro goes on with its types and bundles while the API answers (7-9 s at 10,000
      // products, a tenth of a full build), and the pages wait for the products when they first ask
      // (catalogue.ts), a failure stopping the build there with its message. The store for the next build
      // is written after, and awaited before the build ends (`keptWritten`).
      const reading = readProducts();
      setLoaded(reading);
      lastLoadChanged = true;
      const written = reading.then(async (all) => {
        const order = all.map((entry) => entry.id);
        const refs = all.map((entry) => refsOf(entry.en));
        await writeKept(file, { format: FORMAT, seq: feed?.until ?? -1, day, order, refs }, async () => all);
        logger.info(`products: full load (${all.length} products; ${reason}) in ${elapsed()}`);
      });
      written.catch(() => {});
      setHook(KEPT, written);
    },
  };
}
