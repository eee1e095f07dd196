import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { ASTRO_HEAP_FLAGS } from '../astro-process.ts';
import { COMPRESSING_YOUNG_MB } from './thread-heaps.ts';

// Astro's process runs with ASTRO_HEAP_FLAGS; its preload clears the young generation's flag once the
// main thread's heap is made (thread-heaps.ts). These read the young generation (V8's new space, in MiB)
// that the main thread and a worker thread asking for COMPRESSING_YOUNG_MB come to, in such a process.

const module = fileURLToPath(new URL('./thread-heaps.ts', import.meta.url));

function youngGenerations(clear: boolean): { main: number; worker: number } {
  // Garbage enough for the new space to reach its most.
  const churn = `
    let kept = [];
    for (let i = 0; i < 2e6; i++) { kept.push({ n: i, text: 'page ' + i }); if (kept.length > 2000) kept = []; }
    const newSpace = () => process.getBuiltinModule('node:v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 2 ** 20;
  `;
  const script = `
    import { Worker } from 'node:worker_threads';
    import { threadsTakeTheirOwnYoungGeneration } from ${JSON.stringify(module)};
    ${clear ? 'threadsTakeTheirOwnYoungGeneration();' : ''}
    ${churn}
    const main = newSpace();
    const worker = new Worker(${JSON.stringify(`${churn} process.getBuiltinModule('node:worker_threads').parentPort.postMessage(newSpace());`)}, {
      eval: true,
      resourceLimits: { maxYoungGenerationSizeMb: ${COMPRESSING_YOUNG_MB} },
    });
    worker.once('message', (young) => { console.log(JSON.stringify({ main, worker: young })); worker.terminate(); });
  `;
  const output = execFileSync(process.execPath, [...ASTRO_HEAP_FLAGS, '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  return JSON.parse(output) as { main: number; worker: number };
}

test("the flag for the main thread's young generation overrides a worker's limit until cleared", () => {
  // Why the preload clears it: left set, every thread has the main thread's 16 MiB.
  expect(youngGenerations(false)).toEqual({ main: 16, worker: 16 });
  // Cleared, the main thread keeps its own, and the worker has what it asked.
  expect(youngGenerations(true)).toEqual({ main: 16, worker: COMPRESSING_YOUNG_MB });
}, 30_000);
