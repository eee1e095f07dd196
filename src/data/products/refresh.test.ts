import { describe, expect, test } from 'vitest';
import type { ContentChange } from '#api/system.ts';
import { joinsInPlace, planRefresh, type StoredProduct } from './refresh.ts';

const card = (id: number) => ({ id });

/** A stored product: in category `categoryId` under `parents`, relating to `related` and `alternatives`. */
function product(
  id: number,
  categoryId: number,
  { parents = [] as number[], related = [] as number[], alternatives = [] as number[] } = {},
): StoredProduct {
  return {
    id,
    categoryId,
    breadcrumbs: [...parents, categoryId].map((crumb) => ({ id: crumb, name: `c${crumb}`, slug: `c${crumb}` })),
    related: related.map(card) as StoredProduct['related'],
    alternatives: alternatives.map(card) as StoredProduct['alternatives'],
  };
}

// Categories: 1 at the top, 10 and 11 under it, 2 at the top with 20 under it.
const stored = [
  product(1, 10, { parents: [1], related: [2] }),
  product(2, 10, { parents: [1] }),
  product(3, 11, { parents: [1], alternatives: [2] }),
  product(4, 20, { parents: [2], related: [5] }),
  product(5, 20, { parents: [2] }),
];

const change = (entity: string, id: number | string, kind: ContentChange['kind'] = 'update'): ContentChange => ({
  entity,
  id: String(id),
  kind,
});

describe('planRefresh: which products a load reads again', () => {
  test('no change: none', () => {
    expect(planRefresh([], stored)).toEqual({ full: false, ids: [], inserted: new Set() });
  });

  test('a product renamed: itself and the products whose related or alternative cards show it', () => {
    expect(planRefresh([change('product', 2)], stored)).toMatchObject({ full: false, ids: [1, 2, 3] });
  });

  test('a product that no other shows: itself only', () => {
    expect(planRefresh([change('product', 4)], stored)).toMatchObject({ full: false, ids: [4] });
  });

  test('a product deleted or unpublished: itself (to remove it) and those that showed it', () => {
    expect(planRefresh([change('product', 5, 'delete')], stored)).toMatchObject({ full: false, ids: [4, 5] });
  });

  test('a category renamed: the products in it', () => {
    expect(planRefresh([change('category', 11)], stored)).toMatchObject({ full: false, ids: [3] });
  });

  test('a parent category renamed or moved: the products of its whole subtree (their breadcrumbs)', () => {
    expect(planRefresh([change('category', 1)], stored)).toMatchObject({ full: false, ids: [1, 2, 3] });
    expect(planRefresh([change('category', 2)], stored)).toMatchObject({ full: false, ids: [4, 5] });
  });

  test('a category no product is under: none', () => {
    expect(planRefresh([change('category', 99, 'insert')], stored)).toMatchObject({ full: false, ids: [] });
  });

  test('a product created: itself, marked as created', () => {
    const plan = planRefresh([change('product', 6, 'insert'), change('product', 2)], stored);
    expect(plan).toEqual({ full: false, ids: [1, 2, 3, 6], inserted: new Set([6]) });
  });

  test('solutions, articles, settings, meta and fixed pages: no product', () => {
    const others = ['solution', 'solution_group', 'article', 'system_config', 'page_meta', 'site_page'].map((entity) =>
      change(entity, entity === 'solution' || entity === 'article' ? 7 : 'key'),
    );
    expect(planRefresh(others, stored)).toMatchObject({ full: false, ids: [] });
  });

  test('a product family, or an entity it does not know: a full load', () => {
    expect(planRefresh([change('product', 2), change('product_family', 'spectrometer')], stored)).toEqual({
      full: true,
      reason: 'a change to product_family',
    });
    expect(planRefresh([change('warehouse', 3)], stored)).toMatchObject({ full: true });
  });

  test('a product or category id that is not a number: a full load', () => {
    expect(planRefresh([change('product', 'SP-1')], stored)).toMatchObject({ full: true });
  });
});

describe('joinsInPlace: whether the records read again can take their places without a full load', () => {
  const ids = new Set([1, 2, 3, 4, 5]);
  test('products already stored, or gone: yes', () => {
    expect(joinsInPlace([2, 3], ids, new Set())).toBe(true);
    expect(joinsInPlace([], ids, new Set())).toBe(true);
  });
  test('a product created since, above every stored id: yes (it sorts last)', () => {
    expect(joinsInPlace([2, 6, 7], ids, new Set([6, 7]))).toBe(true);
  });
  test('a product published again: no (its place and who relates to it are unknown)', () => {
    expect(joinsInPlace([6], ids, new Set())).toBe(false);
    expect(joinsInPlace([6], new Set([1, 9]), new Set([6]))).toBe(false);
  });
});
