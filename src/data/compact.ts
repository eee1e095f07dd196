// The products take the most of the build's heap (decisions 0035, 0037): 10,000 of them in two languages,
// held from the load to the last page. These make them take less without changing what any page reads.

/**
 * What values are shared through: each string and each object or array below a record held once. Make one
 * for a load, drop it when the load is done (the records keep what they share).
 */
export interface SharePool {
  strings: Map<string, string>;
  /** Each object and array held, by what it holds (`shapeOf`). */
  objects: Map<string, object>;
  /** The number standing for each held object in the shapes of the objects that hold it. */
  numbers: Map<object, number>;
}

export const sharePool = (): SharePool => ({ strings: new Map(), objects: new Map(), numbers: new Map() });

/**
 * Replaces every string in `value` (a JSON value, changed in place) by an equal one from `pool`, and every
 * object and array below it by an equal one (the same keys in the same order, the same items), adding those
 * the pool has not seen. The same units, image paths, dates, attribute rows, breadcrumbs and images, and the
 * card of a product in the records of every product related to it, are then held once. A value held in the
 * pool is frozen: as several records hold it, changing it through one would change the others, so a change
 * throws instead. `value` itself is neither shared nor frozen, and is answered.
 */
export function shareValues<T>(value: T, pool: SharePool): T {
  const { strings, objects, numbers } = pool;
  const share = (text: string) => {
    const held = strings.get(text);
    if (held !== undefined) return held;
    strings.set(text, text);
    return text;
  };
  // An item's part of its holder's shape: kind, then text (its length first, so no two read the same),
  // number or held object's number.
  const part = (item: unknown): string => {
    switch (typeof item) {
      case 'string':
        return `s${item.length}:${item}`;
      case 'number':
        return `n${item}`;
      case 'boolean':
        return item ? 't' : 'f';
      case 'object':
        return item === null ? 'z' : `o${numbers.get(item)}`;
      default:
        return 'u';
    }
  };
  const visit = (node: object, below: boolean): object => {
    let shape: string;
    if (Array.isArray(node)) {
      shape = '[';
      for (let index = 0; index < node.length; index++) {
        const item: unknown = node[index];
        if (typeof item === 'string') node[index] = share(item);
        else if (item !== null && typeof item === 'object') node[index] = visit(item, true);
        if (below) shape += `${part(node[index])},`;
      }
    } else {
      shape = '{';
      const record = node as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        const item = record[key];
        if (typeof item === 'string') record[key] = share(item);
        else if (item !== null && typeof item === 'object') record[key] = visit(item, true);
        if (below) shape += `${key.length}:${key}${part(record[key])},`;
      }
    }
    if (!below) return node;
    const held = objects.get(shape);
    if (held !== undefined) return held;
    objects.set(shape, node);
    numbers.set(node, numbers.size);
    return Object.freeze(node);
  };
  if (value !== null && typeof value === 'object') visit(value, false);
  return value;
}

/**
 * A copy of a JSON value laid out as `JSON.parse` lays it out, its strings, objects and arrays shared
 * through `pool` (`shareValues`). A record built key by key (as the API client's schema check builds each
 * one it returns) keeps its fields in a separate, growable store; parsed, they sit in the object itself, in
 * about half the memory.
 */
export function compactCopy<T>(value: T, pool: SharePool): T {
  return shareValues(JSON.parse(JSON.stringify(value)) as T, pool);
}
