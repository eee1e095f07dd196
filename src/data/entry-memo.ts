// What a route makes of one entry (a product the loader kept, a page's route entry, a download), kept
// from one build to the next of the same process (the warm builder, decision 0076) while the entry is the
// same object and what else it depends on (`context`: say, the site's digest in the locale) is the same.
// The loader gives a changed product as a new object and keeps the others as they were (never changed in
// place), so an entry's value is made again exactly when its inputs may differ. A route that answers the
// same objects lets the warm builder take their paths as they were (src/build/warm/route-paths.ts).

/** Values by entry and slot (say, a locale), each made in a context and kept while it is the same. */
export class EntryMemo<K extends object, V> {
  readonly #values = new WeakMap<K, Map<string, { context: string; value: V }>>();

  /** The value of `entry` in `slot`, made by `make` unless it was made in the same context before. */
  get(entry: K, slot: string, context: string, make: () => V): V {
    let slots = this.#values.get(entry);
    const kept = slots?.get(slot);
    if (kept && kept.context === context) return kept.value;
    const value = make();
    if (!slots) {
      slots = new Map();
      this.#values.set(entry, slots);
    }
    slots.set(slot, { context, value });
    return value;
  }
}

/** Whether two lists hold the same objects in the same order (a value made from a list is kept while it is). */
export function sameItems<T>(a: readonly T[] | undefined, b: readonly T[]): boolean {
  return a !== undefined && a.length === b.length && a.every((item, at) => item === b[at]);
}
