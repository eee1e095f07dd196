// The products take the most of the build's heap (decision 0035): 10,000 of them in two languages, held
// from the load to the last page. These make them take less without changing what any page reads.

/**
 * Replaces every string in `value` (a JSON value, changed in place) by an equal one from `pool`, adding
 * those it has not seen: the same units, image paths, currencies, dates, card names and summaries (a
 * product's card sits in the records of every product it is related to) are then held once. Answers
 * `value`.
 */
export function shareStrings<T>(value: T, pool: Map<string, string>): T {
  const share = (text: string) => {
    const held = pool.get(text);
    if (held !== undefined) return held;
    pool.set(text, text);
    return text;
  };
  const visit = (node: unknown) => {
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index++) {
        const item: unknown = node[index];
        if (typeof item === 'string') node[index] = share(item);
        else if (item !== null && typeof item === 'object') visit(item);
      }
    } else if (node !== null && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        const item = record[key];
        if (typeof item === 'string') record[key] = share(item);
        else if (item !== null && typeof item === 'object') visit(item);
      }
    }
  };
  visit(value);
  return value;
}

/**
 * A copy of a JSON value laid out as `JSON.parse` lays it out, its strings shared through `pool`. A record
 * built key by key (as the API client's schema check builds each one it returns) keeps its fields in a
 * separate, growable store; parsed, they sit in the object itself, in about half the memory.
 */
export function compactCopy<T>(value: T, pool: Map<string, string>): T {
  return shareStrings(JSON.parse(JSON.stringify(value)) as T, pool);
}
