import type { ContentChange } from '#api/system.ts';

// Which products a load reads again after the change feed's changes (decision 0024 has the rules and why
// they cover every record that changes).

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
