import { getHook, HOOKS, setHook } from '#build/internals/hooks.ts';

// Memos that hold for one build: what a page computes once and every other page of the same build reuses
// (a collection's digest, a category's products). A process builds once, except the warm builder's Astro
// process (src/build/warm/), which renders build after build and counts them in a hook: a memo made in an
// earlier build is emptied before it answers in the next.

/** The build this process renders now (0 for a process that builds once). */
const generation = () => getHook<number>(HOOKS.buildGeneration) ?? 0;

/** Every memo's entries in this process, whichever copy of this module made the memo. */
const allEntries = () =>
  getHook<Set<Map<unknown, unknown>>>(HOOKS.buildMemos) ?? setHook(HOOKS.buildMemos, new Set<Map<unknown, unknown>>());

/**
 * Empties every memo of this process: the warm builder does when a build is done, so that what it held
 * (a locale's products with their downloads, each category's products) is not kept while it waits.
 */
export function endBuildMemos(): void {
  for (const entries of allEntries()) entries.clear();
}

/** A Map whose entries last one build. */
export class BuildMemo<K, V> {
  #made = generation();
  readonly #entries = new Map<K, V>();

  constructor() {
    allEntries().add(this.#entries as Map<unknown, unknown>);
  }

  #current(): Map<K, V> {
    const now = generation();
    if (now !== this.#made) {
      this.#entries.clear();
      this.#made = now;
    }
    return this.#entries;
  }

  get(key: K): V | undefined {
    return this.#current().get(key);
  }

  set(key: K, value: V): this {
    this.#current().set(key, value);
    return this;
  }

  delete(key: K): boolean {
    return this.#current().delete(key);
  }
}
