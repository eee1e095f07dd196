import { writeSync } from 'node:fs';

// Astro prints two lines a page it renders (`├─ /path` and its time), each a write of its own to the build's
// output file: at 10,000 products 122,000 write calls, 0.7 s of the thread every page waits for (decision
// 0041). In Astro's process (astro-preload.ts) what it writes to stdout and stderr is gathered and written
// a few times a second instead, in the order written, each to its own stream; whatever is left is written
// when the process exits. The build reads the file as it grows (site-build.ts), every 200 ms.

/** Gathered output is written once this much waits, or this long after the first of it. */
const FLUSH_BYTES = 64 * 1024;
const FLUSH_MS = 50;

type Stream = NodeJS.WriteStream & { fd: number };

/**
 * Has `process.stdout` and `process.stderr` gather what is written to them (strings and bytes) and write it
 * in pieces, synchronously, to their file descriptors: after FLUSH_MS, past FLUSH_BYTES, and at exit.
 * Answers a function that writes what waits now.
 */
export function gatherOutput(streams: readonly Stream[] = [process.stdout, process.stderr] as Stream[]): () => void {
  // Runs of writes to one descriptor, in order.
  const runs: { fd: number; parts: (string | Uint8Array)[] }[] = [];
  let waiting = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    waiting = 0;
    for (const { fd, parts } of runs.splice(0)) {
      const bytes = Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
      for (let at = 0; at < bytes.length; ) at += writeAll(fd, bytes, at);
    }
  };
  for (const stream of streams) {
    const { fd } = stream;
    stream.write = ((chunk: string | Uint8Array, encoding?: unknown, callback?: unknown) => {
      const done = typeof encoding === 'function' ? encoding : callback;
      const part =
        typeof chunk === 'string' && typeof encoding === 'string' && encoding !== 'utf8' && encoding !== 'utf-8'
          ? Buffer.from(chunk, encoding as BufferEncoding)
          : chunk;
      const last = runs.at(-1);
      if (last?.fd === fd) last.parts.push(part);
      else runs.push({ fd, parts: [part] });
      waiting += part.length;
      if (waiting >= FLUSH_BYTES) flush();
      else timer ??= setTimeout(flush, FLUSH_MS).unref();
      if (typeof done === 'function') process.nextTick(done as () => void);
      return true;
    }) as typeof stream.write;
  }
  process.on('exit', flush);
  return flush;
}

/** Writes from `at`, trying again while a non-blocking descriptor (a pipe) is full. */
function writeAll(fd: number, bytes: Uint8Array, at: number): number {
  for (;;) {
    try {
      return writeSync(fd, bytes, at);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
    }
  }
}
