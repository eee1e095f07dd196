/**
 * Calls that arrive together, run as one statement. Under load many requests of the same kind are
 * waiting at once; answering them with one statement over arrays (`unnest(...) with ordinality`)
 * costs the database one parse, one plan walk, one commit and one round trip instead of one of each
 * per request. Nothing is kept between batches: every request still reads and writes the database
 * (DESIGN.md section 9; src/server/two-processes.pg-test.ts).
 *
 * A batch starts on the next turn of the event loop after its first request, or as soon as one of
 * the batches in flight finishes, so a lone request waits for nothing, and a busy server makes
 * bigger batches rather than longer queues.
 */

/** What one request of a batch comes to: its answer, or the error it alone gets. */
export type Outcome<Out> = { value: Out } | { error: unknown };

export interface BatchOptions {
  /** The most requests in one statement. */
  maxSize?: number;
  /** The most batches in flight at once. */
  concurrency?: number;
}

interface Waiting<In, Out> {
  item: In;
  resolve: (value: Out) => void;
  reject: (error: unknown) => void;
}

/**
 * A function that runs its argument in a batch with others. `run` answers one outcome per item, in
 * order. When a whole batch fails (a database error) its requests are run again one by one, so one
 * request's problem is never another's.
 */
export function batched<In, Out>(
  run: (items: In[]) => Promise<Outcome<Out>[]>,
  { maxSize = 64, concurrency = 2 }: BatchOptions = {},
): (item: In) => Promise<Out> {
  const queue: Waiting<In, Out>[] = [];
  let inFlight = 0;
  let scheduled = false;

  const settle = (waiting: Waiting<In, Out>, outcome: Outcome<Out> | undefined) => {
    if (!outcome) waiting.reject(new Error('a batch answered fewer outcomes than it had requests'));
    else if ('error' in outcome) waiting.reject(outcome.error);
    else waiting.resolve(outcome.value);
  };

  async function runBatch(batch: Waiting<In, Out>[]): Promise<void> {
    try {
      const outcomes = await run(batch.map((waiting) => waiting.item));
      for (const [i, waiting] of batch.entries()) settle(waiting, outcomes[i]);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      await Promise.all(batch.map((waiting) => runBatch([waiting])));
    }
  }

  function flush(): void {
    scheduled = false;
    while (inFlight < concurrency && queue.length > 0) {
      inFlight++;
      void runBatch(queue.splice(0, maxSize)).finally(() => {
        inFlight--;
        if (queue.length > 0) schedule();
      });
    }
  }

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  }

  return (item) =>
    new Promise<Out>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      schedule();
    });
}

/**
 * One batcher per key (a database and the language its SQL text is built for), made when first
 * asked for. The keys are a small fixed set: databases are long-lived, languages are two.
 */
export function batchersBy<K extends object, L extends string, In, Out>(
  make: (key: K, lang: L) => (item: In) => Promise<Out>,
): (key: K, lang: L) => (item: In) => Promise<Out> {
  const made = new WeakMap<K, Map<L, (item: In) => Promise<Out>>>();
  return (key, lang) => {
    let byLang = made.get(key);
    if (!byLang) {
      byLang = new Map();
      made.set(key, byLang);
    }
    let batcher = byLang.get(lang);
    if (!batcher) {
      batcher = make(key, lang);
      byLang.set(lang, batcher);
    }
    return batcher;
  };
}
