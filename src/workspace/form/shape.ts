// The shape of an edit form, read from a save call's request schema (src/api/editor-fields.ts): the
// workspace's forms are generated from the contract, so a field added there appears in the form, checked
// by the same rules. Only valibot's public schema objects are read (`type`, `entries`, `wrapped`, `item`,
// `options`, `pipe`, `requirement`), as `@valibot/to-json-schema` reads them.

export type Shape =
  | { kind: 'both'; max: number }
  | { kind: 'text'; max: number; pattern?: string | undefined; date?: boolean }
  | { kind: 'number'; min?: number | undefined; max?: number | undefined; integer: boolean }
  | { kind: 'boolean' }
  | { kind: 'choice'; options: (string | number)[] }
  | { kind: 'object'; entries: [string, Field][] }
  | { kind: 'list'; item: Shape; max?: number | undefined }
  /** A list of numbers (a curve's x or y values): hundreds of them, so a text area rather than a table. */
  | { kind: 'numbers'; max?: number | undefined }
  /** A text in one language for both (a unit-less value), or one per language. */
  | { kind: 'textOrBoth'; max: number };

export interface Field {
  shape: Shape;
  optional: boolean;
}

interface SchemaLike {
  type: string;
  entries?: Record<string, SchemaLike>;
  wrapped?: SchemaLike;
  item?: SchemaLike;
  options?: unknown[];
  pipe?: { type: string; requirement?: unknown }[];
}

const piped = (schema: SchemaLike, type: string): unknown =>
  schema.pipe?.find((action) => action.type === type)?.requirement;

/** Whether a schema is a text in both languages: an object of exactly `en` and `zh` strings. */
function bothMax(schema: SchemaLike): number | undefined {
  const keys = Object.keys(schema.entries ?? {});
  if (schema.type !== 'object' || keys.length !== 2 || !keys.includes('en') || !keys.includes('zh')) return undefined;
  return Number(piped(schema.entries?.en as SchemaLike, 'max_length') ?? 100_000);
}

/** A field's shape from its schema; fields the form does not show (the request's language) are left out. */
function shapeOf(schema: SchemaLike): Field {
  let optional = false;
  let current = schema;
  while (current.wrapped && /^(optional|nullable|nullish|exact_optional)$/.test(current.type)) {
    optional = true;
    current = current.wrapped;
  }
  // A piped schema (v.pipe(v.object(…), check)) is its first schema.
  const both = bothMax(current);
  if (both !== undefined) return { shape: { kind: 'both', max: both }, optional };
  switch (current.type) {
    case 'object':
    case 'strict_object':
    case 'loose_object':
      return {
        optional,
        shape: {
          kind: 'object',
          entries: Object.entries(current.entries ?? {}).map(([name, entry]) => [name, shapeOf(entry)]),
        },
      };
    case 'array':
      if ((current.item as SchemaLike).type === 'number')
        return { optional, shape: { kind: 'numbers', max: piped(current, 'max_length') as number | undefined } };
      return {
        optional,
        shape: {
          kind: 'list',
          item: shapeOf(current.item as SchemaLike).shape,
          max: piped(current, 'max_length') as number | undefined,
        },
      };
    case 'picklist':
      return { optional, shape: { kind: 'choice', options: (current.options ?? []) as (string | number)[] } };
    case 'boolean':
      return { optional, shape: { kind: 'boolean' } };
    case 'number':
      return {
        optional,
        shape: {
          kind: 'number',
          min: piped(current, 'min_value') as number | undefined,
          max: piped(current, 'max_value') as number | undefined,
          integer: current.pipe?.some((action) => action.type === 'integer') ?? false,
        },
      };
    case 'union': {
      const options = (current.options ?? []) as SchemaLike[];
      const text = options.find((option) => option.type === 'string');
      const pair = options.map(bothMax).find((max) => max !== undefined);
      if (text && pair !== undefined) return { optional, shape: { kind: 'textOrBoth', max: pair } };
      return { optional, shape: { kind: 'text', max: 500 } };
    }
    default: {
      const pattern = piped(current, 'regex');
      return {
        optional,
        shape: {
          kind: 'text',
          max: Number(piped(current, 'max_length') ?? 500),
          pattern: pattern instanceof RegExp ? pattern.source : undefined,
          date: current.pipe?.some((action) => action.type === 'iso_date') ?? false,
        },
      };
    }
  }
}

/** What a save request carries that the workspace sends itself: the language, the version, a new record's flag. */
const SENT_BY_THE_WORKSPACE = new Set(['language', 'version', 'create']);

/** The fields of a save call's request, in the contract's order, without what the workspace sends itself. */
export function formFields(request: SchemaLike): [string, Field][] {
  const top = shapeOf(request).shape;
  if (top.kind !== 'object') return [];
  return top.entries.filter(([name]) => !SENT_BY_THE_WORKSPACE.has(name));
}

/** Whether a table's rows hold groups or tables of their own (a curve's axes and series): shown stacked. */
export const holdsGroups = (item: Shape): boolean =>
  item.kind === 'object' &&
  item.entries.some(([, field]) => field.shape.kind === 'object' || field.shape.kind === 'list');

/** An empty value of a shape, for a new row of a table. */
export function emptyOf(shape: Shape): unknown {
  switch (shape.kind) {
    case 'both':
    case 'textOrBoth':
      return { en: '', zh: '' };
    case 'text':
      return '';
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'choice':
      return shape.options[0];
    case 'list':
    case 'numbers':
      return [];
    case 'object':
      return Object.fromEntries(
        shape.entries.filter(([, field]) => !field.optional).map(([name, field]) => [name, emptyOf(field.shape)]),
      );
  }
}

/** A copy of `value` with `next` at `path`. */
export function setIn(value: unknown, path: readonly (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[Number(head)] = setIn(copy[Number(head)], rest, next);
    return copy;
  }
  const record = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  return { ...record, [head]: setIn(record[head], rest, next) };
}

/** The value at `path`. */
export function getIn(value: unknown, path: readonly (string | number)[]): unknown {
  let current = value;
  for (const step of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[step];
  }
  return current;
}

/**
 * The record as the form edits it: a specification's single value made a pair (both languages alike), so
 * every bilingual text is two inputs. The save takes the pair as it is.
 */
export function toFormValue(fields: [string, Field][], record: Record<string, unknown>): Record<string, unknown> {
  const fill = (shape: Shape, value: unknown): unknown => {
    if (shape.kind === 'textOrBoth') return typeof value === 'string' ? { en: value, zh: value } : value;
    if (shape.kind === 'list' && Array.isArray(value)) return value.map((item) => fill(shape.item, item));
    if (shape.kind === 'object' && value && typeof value === 'object') {
      const entries = value as Record<string, unknown>;
      return {
        ...entries,
        ...Object.fromEntries(shape.entries.map(([name, f]) => [name, fill(f.shape, entries[name])])),
      };
    }
    return value;
  };
  const out: Record<string, unknown> = { ...record };
  for (const [name, field] of fields) if (name in record) out[name] = fill(field.shape, record[name]);
  // Lists the record lacks are empty: a save is the whole record.
  for (const [name, field] of fields) if (!(name in out) && field.shape.kind === 'list') out[name] = [];
  return out;
}
