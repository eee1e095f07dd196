import type { Queryable } from '../db/index.ts';

/** Answers kept per database, at most; the oldest go first. */
const MAX_ENTRIES = 5000;

/**
 * The search_version counter, read once for all requests that arrive while a read is under way: they
 * wait for the next read, which starts after they arrived, so none misses a write committed before it.
 */
class VersionReader {
  private running: Promise<string> | undefined;
  private queued: Promise<string> | undefined;
  private readonly db: Queryable;

  constructor(db: Queryable) {
    this.db = db;
  }

  read(): Promise<string> {
    if (!this.running) return this.start();
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.start();
      });
    return this.queued;
  }

  private start(): Promise<string> {
    const read = this.db
      .query<{ version: string | number }>('select version from search_version where id = 1')
      .then(([row]) => String(row?.version ?? ''));
    this.running = read;
    const clear = () => {
      if (this.running === read) this.running = undefined;
    };
    read.then(clear, clear);
    return read;
  }
}

interface Cache {
  reader: VersionReader;
  version: string;
  entries: Map<string, unknown>;
}

const caches = new WeakMap<Queryable, Cache>();

/**
 * An answer computed once per search_version: kept in this process, and dropped as soon as any
 * process writes searchable content (the counter moves in the writer's transaction). The version is
 * read before the answer is computed, so an answer computed across a write is filed under the old
 * version and never served after it.
 */
export async function cachedAnswer<T>(db: Queryable, key: string, compute: () => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache) {
    cache = { reader: new VersionReader(db), version: '', entries: new Map() };
    caches.set(db, cache);
  }
  const version = await cache.reader.read();
  if (version !== cache.version) {
    cache.version = version;
    cache.entries.clear();
  }
  if (cache.entries.has(key)) return cache.entries.get(key) as T;
  const value = await compute();
  if (cache.version === version) {
    if (cache.entries.size >= MAX_ENTRIES) cache.entries.delete(cache.entries.keys().next().value as string);
    cache.entries.set(key, value);
  }
  return value;
}
