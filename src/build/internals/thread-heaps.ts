import { setFlagsFromString } from 'node:v8';

// Astro's process starts with `--max-semi-space-size` (ASTRO_HEAP_FLAGS, astro-process.ts) for its main
// thread's young generation. V8 takes that flag for every heap of the process, before a worker thread's
// own `resourceLimits.maxYoungGenerationSizeMb`: each thread of the build (a download worker, a
// compressing thread) had 16 MiB of young generation, whatever it asked. Cleared once the main thread's
// heap is made, the flag no longer reaches the threads started after, and each has the young generation
// its `resourceLimits` give (a thread that gives none has V8's default, 32 MiB: each of ours gives one).
// `thread-heaps.test.ts` fails should V8 stop taking the flag over the limit, or the clearing stop working.

/** Lets the worker threads started from now on have the young generation their `resourceLimits` give. */
export function threadsTakeTheirOwnYoungGeneration(): void {
  setFlagsFromString('--max-semi-space-size=0');
}

/**
 * The young generation of a compressing thread (finish/precompress.ts), in MB: it keeps each file's bytes
 * outside its heap, and its heap holds little more than the messages that bring them.
 */
export const COMPRESSING_YOUNG_MB = 4;
