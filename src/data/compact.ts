// The products take the most of the build's heap (decisions 0035, 0037): 10,000 of them in two languages,
// held from the load to the last page. These make them take less without changing what any page reads.

/** Objects and arrays held under one hash (`SharePool.objects`) that are not equal. */
class Collided {
  readonly held: object[];
  constructor(held: object[]) {
    this.held = held;
  }
}

/**
 * What values are shared through: each string and each object or array below a record held once. Make one
 * for a load and drop it when the load is done (the records keep what they share).
 */
export interface SharePool {
  /** Each text's number (strings, and the keys of objects), and the texts by number. */
  ids: Map<string, number>;
  texts: string[];
  /** Each object and array held, by a hash of what it holds (`shareValues`). */
  objects: Map<number, object | Collided>;
  /** The bits of a hash that count: fewer make more collide (the tests' way to make them). */
  mask: number;
}

export const sharePool = (mask = 0xffff_ffff): SharePool => ({ ids: new Map(), texts: [], objects: new Map(), mask });

/** Whether two objects or arrays hold the same keys in the same order with the same values (held ones: the same). */
function holdSame(a: object, b: object): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
    return true;
  }
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  for (let index = 0; index < keysA.length; index++) {
    const key = keysA[index] as string;
    if (key !== keysB[index] || (a as Record<string, unknown>)[key] !== (b as Record<string, unknown>)[key])
      return false;
  }
  return true;
}

const mix = (hash: number, part: number) => Math.imul(hash ^ part, 0x9e37_79b1) ^ (hash >>> 15);

const floatBits = new Float64Array(1);
const floatWords = new Int32Array(floatBits.buffer);
/**
 * A hash of a number that is not an integer, from its bits: a curve's points are thousands of them a
 * product, and a text made of each (as strings are held) took a second for 840,000 of them.
 */
function floatHash(value: number): number {
  floatBits[0] = value;
  return mix(floatWords[0] as number, floatWords[1] as number) | 2;
}

/**
 * Replaces every string in `value` (a JSON value, changed in place) by an equal one from `pool`, and every
 * object and array below it by an equal one (the same keys in the same order, the same items), adding those
 * the pool has not seen. The same units, image paths, dates, attribute rows, breadcrumbs and images, and the
 * card of a product in the records of every product related to it, are then held once. A value held in the
 * pool is frozen: as several records hold it, changing it through one would change the others, so a change
 * throws instead. `value` itself is neither shared nor frozen, and is answered.
 *
 * An object is found by a hash of its keys and values (a string's number, a held object's own hash), then
 * compared: no text is made per object (a key made of each object's text took twice the time at 20,000
 * records).
 */
export function shareValues<T>(value: T, pool: SharePool): T {
  const { ids, texts, objects, mask } = pool;
  // The hash of the object or array `visit` last answered.
  let lastHash = 0;
  const idOf = (text: string) => {
    let id = ids.get(text);
    if (id === undefined) {
      id = texts.length;
      ids.set(text, id);
      texts.push(text);
    }
    return id;
  };
  /** Shares a held item (string, object or array) in place, and answers its part of the holder's hash. */
  const item = (holder: Record<string | number, unknown>, key: string | number): number => {
    const found = holder[key];
    switch (typeof found) {
      case 'string': {
        const id = idOf(found);
        holder[key] = texts[id];
        return id * 4 + 1;
      }
      case 'number':
        return Number.isInteger(found) ? found | 0 : floatHash(found);
      case 'boolean':
        return found ? 3 : 7;
      case 'object':
        if (found === null) return 11;
        holder[key] = visit(found, true);
        return lastHash;
      default:
        return 15;
    }
  };
  const visit = (node: object, below: boolean): object => {
    let hash: number;
    if (Array.isArray(node)) {
      hash = 0x5bd1_e995;
      for (let index = 0; index < node.length; index++)
        hash = mix(hash, item(node as unknown as Record<number, unknown>, index));
    } else {
      hash = 0;
      const record = node as Record<string, unknown>;
      for (const key of Object.keys(record)) hash = mix(mix(hash, idOf(key)), item(record, key));
    }
    lastHash = hash;
    if (!below) return node;
    const bucket = hash & mask;
    const found = objects.get(bucket);
    if (found === undefined) objects.set(bucket, node);
    else if (found instanceof Collided) {
      const held = found.held.find((other) => holdSame(other, node));
      if (held) return held;
      found.held.push(node);
    } else if (holdSame(found, node)) return found;
    else objects.set(bucket, new Collided([found, node]));
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
