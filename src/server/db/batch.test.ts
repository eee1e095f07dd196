import { describe, expect, test } from 'vitest';
import { batched, type Outcome } from './batch.ts';

/** A batch runner that records the batches it was given and answers each item doubled. */
function recorder(answer: (item: number) => Outcome<number> = (item) => ({ value: item * 2 })) {
  const batches: number[][] = [];
  const run = async (items: number[]) => {
    batches.push(items);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return items.map(answer);
  };
  return { batches, run };
}

describe('batched', () => {
  test('a lone call runs on its own, at once', async () => {
    const { batches, run } = recorder();
    const call = batched(run);
    expect(await call(21)).toBe(42);
    expect(batches).toEqual([[21]]);
  });

  test('calls made together run as one batch, each answered with its own outcome', async () => {
    const { batches, run } = recorder();
    const call = batched(run);
    expect(await Promise.all([1, 2, 3, 4].map(call))).toEqual([2, 4, 6, 8]);
    expect(batches).toEqual([[1, 2, 3, 4]]);
  });

  test('no batch is larger than maxSize, and no more than `concurrency` are in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const sizes: number[] = [];
    const call = batched(
      async (items: number[]) => {
        sizes.push(items.length);
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight--;
        return items.map((item) => ({ value: item }));
      },
      { maxSize: 3, concurrency: 2 },
    );
    const items = Array.from({ length: 10 }, (_, i) => i);
    expect(await Promise.all(items.map(call))).toEqual(items);
    expect(Math.max(...sizes)).toBe(3);
    expect(sizes.reduce((a, b) => a + b)).toBe(10);
    expect(most).toBe(2);
  });

  test('calls that come while the batches are in flight wait and go together in the next one', async () => {
    const { batches, run } = recorder();
    const call = batched(run, { concurrency: 1 });
    const first = call(1);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [2, 3, 4].map(call);
    expect(await Promise.all([first, ...later])).toEqual([2, 4, 6, 8]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  test('an error for one item rejects that call only', async () => {
    const { run } = recorder((item) => (item === 2 ? { error: new Error('not this one') } : { value: item }));
    const call = batched(run);
    const results = await Promise.allSettled([1, 2, 3].map(call));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('not this one');
  });

  test('when a whole batch fails, its calls run again one by one, so only the culprit fails', async () => {
    const batches: number[][] = [];
    const call = batched(async (items: number[]) => {
      batches.push(items);
      if (items.includes(13)) throw new Error('the statement failed');
      return items.map((item) => ({ value: item }));
    });
    const results = await Promise.allSettled([12, 13, 14].map(call));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(batches).toEqual([[12, 13, 14], [12], [13], [14]]);
  });

  test('a runner that answers too few outcomes fails the calls it left out', async () => {
    const call = batched(async (items: number[]) => items.slice(1).map((item) => ({ value: item })));
    const results = await Promise.allSettled([1, 2].map(call));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected']);
  });
});
