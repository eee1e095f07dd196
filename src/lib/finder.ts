import type { Attribute, ProductSummary } from '#api/product.ts';

// The "help me choose" finder: facets over a category's specifications, filtering, and the URL form of a choice.

/** A product as the finder sees it: its card and its specifications. */
export type FinderProduct = ProductSummary & { attributes: Attribute[] };

/** A specification whose values are numbers or ranges, filtered by a min and max. */
export interface NumericFacet {
  kind: 'numeric';
  /** The facet's name in the URL query, unique among the facets. */
  key: string;
  label: string;
  unit: string;
  /** The smallest and largest value across the products. */
  min: number;
  max: number;
}

/** A specification with a few text values, filtered by ticking some of them. */
export interface ChoiceFacet {
  kind: 'choice';
  key: string;
  label: string;
  unit: string;
  /** The distinct values, sorted, with how many products have each. */
  values: { value: string; count: number }[];
}

export type Facet = NumericFacet | ChoiceFacet;

/** A category's whole product data for the finder: its products and their facets, made at build time. */
export interface FinderData<P extends FinderProduct = FinderProduct> {
  facets: Facet[];
  products: P[];
}

/** The range asked for a numeric facet; a missing bound is open. */
interface NumericSelection {
  min?: number;
  max?: number;
}

/** What the visitor asked for, by facet key: a range for a numeric facet, the accepted values for a choice facet. */
export type FinderSelection = Record<string, NumericSelection | string[]>;

/** Query names the category page uses itself, so no facet takes them. */
export const RESERVED_PARAMS: readonly string[] = ['view'];

const NUMBER = String.raw`[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?`;
const SINGLE = new RegExp(`^(${NUMBER})$`);
// A range separator: hyphen, en or em dash, tilde (ASCII or full-width), 'to' or 至.
const RANGE = new RegExp(String.raw`^(${NUMBER})\s*(?:-|–|—|~|～|to|至)\s*(${NUMBER})$`, 'i');
const MAX_CHOICES = 8;

const toNumber = (text: string): number => Number(text.replace(/,/g, ''));

/**
 * A specification value as a closed interval: '532' is [532, 532]; '200-1100', '200 – 1100' and '200~1100' are
 * [200, 1100]; '-268.7-126.9' is [-268.7, 126.9]. Anything else is undefined, including bounds ('< 1', '> 98'),
 * tolerances ('±0.5', '45 ± 5': an accuracy, not a range the instrument covers, so the finder's "covers the asked
 * range" rule would misread it), lists ('405 / 488 / 561'), sizes ('120 × 80') and text ('USB 3.0').
 */
export function parseSpecValue(value: string): { min: number; max: number } | undefined {
  const text = value.trim().replace(/\u2212/g, '-');
  const single = SINGLE.exec(text);
  if (single?.[1] !== undefined) {
    const number = toNumber(single[1]);
    return { min: number, max: number };
  }
  const range = RANGE.exec(text);
  if (range?.[1] === undefined || range[2] === undefined) return undefined;
  const from = toNumber(range[1]);
  const to = toNumber(range[2]);
  return { min: Math.min(from, to), max: Math.max(from, to) };
}

/** A query name from a label that keeps Chinese letters (slugify keeps ASCII only): 'Spectral range' -> 'spectral-range'. */
function paramName(label: string): string {
  const name = label
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return name || 'spec';
}

const identity = (attribute: Attribute): string => `${attribute.label}\u0000${attribute.unit}`;

/**
 * The facets of a set of products, in the order their attributes first appear. A label and unit found in at least two
 * products becomes a numeric facet when every value parses and they are not all equal, otherwise a choice facet when
 * it has 2 to 8 distinct values; anything else cannot narrow the products and is left out.
 */
export function buildFacets(products: FinderProduct[]): Facet[] {
  const groups = new Map<string, { label: string; unit: string; values: string[] }>();
  for (const product of products) {
    const seen = new Set<string>();
    for (const attribute of product.attributes) {
      const id = identity(attribute);
      if (seen.has(id)) continue;
      seen.add(id);
      const group = groups.get(id) ?? { label: attribute.label, unit: attribute.unit, values: [] };
      group.values.push(attribute.value.trim());
      groups.set(id, group);
    }
  }
  const taken = new Set(RESERVED_PARAMS);
  const uniqueKey = (label: string, unit: string): string => {
    const base = paramName(label);
    let key = taken.has(base) && unit ? `${base}-${paramName(unit)}` : base;
    for (let n = 2; taken.has(key); n++) key = `${base}-${n}`;
    taken.add(key);
    return key;
  };
  const collator = new Intl.Collator(undefined, { numeric: true });
  const facets: Facet[] = [];
  for (const { label, unit, values } of groups.values()) {
    if (values.length < 2) continue;
    const ranges = values.map(parseSpecValue);
    if (ranges.every((range) => range !== undefined)) {
      const min = Math.min(...ranges.map((range) => range.min));
      const max = Math.max(...ranges.map((range) => range.max));
      if (min < max) facets.push({ kind: 'numeric', key: uniqueKey(label, unit), label, unit, min, max });
      continue;
    }
    const counts = new Map<string, number>();
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
    if (counts.size < 2 || counts.size > MAX_CHOICES) continue;
    const choices = [...counts].map(([value, count]) => ({ value, count }));
    choices.sort((a, b) => collator.compare(a.value, b.value));
    facets.push({ kind: 'choice', key: uniqueKey(label, unit), label, unit, values: choices });
  }
  return facets;
}

const isNumeric = (selection: NumericSelection | string[] | undefined): selection is NumericSelection =>
  selection !== undefined && !Array.isArray(selection);

/** Whether a selection for a facet asks for anything. */
function isActive(selection: NumericSelection | string[] | undefined): boolean {
  if (selection === undefined) return false;
  if (Array.isArray(selection)) return selection.length > 0;
  return selection.min !== undefined || selection.max !== undefined;
}

/**
 * Whether a value meets a numeric selection. A single number must lie within [min, max] (a missing bound is open).
 * A range must cover the asked interval, so 200-1100 nm matches 400-700 nm; with one bound given the range must
 * contain that value. A min above the max is read as the two swapped.
 */
function meetsRange(value: { min: number; max: number }, selection: NumericSelection): boolean {
  let { min, max } = selection;
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  if (value.min === value.max) {
    return (min === undefined || value.min >= min) && (max === undefined || value.max <= max);
  }
  const low = min ?? max;
  const high = max ?? min;
  if (low === undefined || high === undefined) return true;
  return value.min <= low && value.max >= high;
}

/**
 * The products that meet every active part of a selection, in their original order. A product without the
 * attribute of an active facet is dropped. Facets default to those of the products themselves.
 */
export function filterProducts<T extends FinderProduct>(
  products: T[],
  selection: FinderSelection,
  facets: Facet[] = buildFacets(products),
): T[] {
  const active = facets.filter((facet) => isActive(selection[facet.key]));
  if (active.length === 0) return products;
  return products.filter((product) =>
    active.every((facet) => {
      const attribute = product.attributes.find((a) => a.label === facet.label && a.unit === facet.unit);
      if (!attribute) return false;
      const wanted = selection[facet.key];
      if (facet.kind === 'choice') return Array.isArray(wanted) && wanted.includes(attribute.value.trim());
      const value = parseSpecValue(attribute.value);
      return value !== undefined && isNumeric(wanted) && meetsRange(value, wanted);
    }),
  );
}

/**
 * A selection as a URL query string without '?': a range as `key=min..max` (either side may be empty), a choice as
 * the key repeated once per value. Inactive entries are left out.
 */
export function toQuery(selection: FinderSelection): string {
  const params = new URLSearchParams();
  for (const [key, wanted] of Object.entries(selection)) {
    if (!isActive(wanted)) continue;
    if (Array.isArray(wanted)) {
      for (const value of wanted) params.append(key, value);
    } else {
      params.append(key, `${wanted.min ?? ''}..${wanted.max ?? ''}`);
    }
  }
  return params.toString();
}

const parseBound = (text: string | undefined): number | undefined => {
  if (text === undefined || text.trim() === '') return undefined;
  const number = Number(text);
  return Number.isFinite(number) ? number : undefined;
};

/** The selection a URL query string describes, keeping only known facets, valid numbers and known choice values. */
export function fromQuery(query: string | URLSearchParams, facets: Facet[]): FinderSelection {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const selection: FinderSelection = {};
  for (const facet of facets) {
    const values = params.getAll(facet.key);
    if (values.length === 0) continue;
    if (facet.kind === 'choice') {
      const known = new Set(facet.values.map((choice) => choice.value));
      const chosen = [...new Set(values.filter((value) => known.has(value)))];
      if (chosen.length > 0) selection[facet.key] = chosen;
      continue;
    }
    const [low, high] = (values[0] ?? '').split('..');
    const range: NumericSelection = {};
    const min = parseBound(low);
    const max = parseBound(high);
    if (min !== undefined) range.min = min;
    if (max !== undefined) range.max = max;
    if (isActive(range)) selection[facet.key] = range;
  }
  return selection;
}
