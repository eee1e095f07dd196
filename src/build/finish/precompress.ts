import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, extname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { COMPRESSIBLE, MIN_COMPRESS_BYTES, PRECOMPRESSED } from '#lib/published-site.ts';
import { COMPRESSING_YOUNG_MB } from '../internals/thread-heaps.ts';

/** A compressed copy is kept only when it saves at least this share of the file. */
const MIN_SAVING = 0.1;
/** Below this many files the calling thread compresses them itself; above, worker threads share them. */
const FILES_FOR_WORKERS = 200;

/**
 * Brotli's best quality (11) for the hashed assets: few, shared by every page and cached for a year; it
 * costs 40 times the CPU of quality 5 for about a tenth less. Other files get quality 5.
 */
function brotliQuality(file: string): number {
  return isAsset(file) ? 11 : 5;
}

const isAsset = (file: string) => file.includes(`${sep}_astro${sep}`);

/**
 * Below this size a file gets a gzip copy only, unless it is a hashed asset. Such files are the pages and
 * payloads, as many as the catalogue has records: at 10,000 products, 46,000 files of 957 MB, where
 * brotli at 5 took more than half the compressing CPU to come out 4-12 % smaller than gzip at 6 (a
 * 32 KB page: 9.5 KB against 10.1 KB, under a kilobyte; decision 0034). Larger files, fewer, gain more.
 */
export const BROTLI_MIN_BYTES = 64 * 1024;

/** The compressed copies a file of `size` bytes gets. */
function encodingsOf(file: string, size: number): (keyof typeof PRECOMPRESSED)[] {
  return isAsset(file) || size >= BROTLI_MIN_BYTES ? ['br', 'gzip'] : ['gzip'];
}

const compress = {
  br: (data: Uint8Array, file: string) =>
    brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality(file),
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  // Level 5: on a ninth of a 10,000-product build's pages and payloads (5,081 files, 102 MB) it took 7-18 %
  // less CPU than zlib's default 6, for 0.15 % more bytes; at 9 a page takes a fifth more CPU than at 6 and
  // comes out no smaller (issue 17). With memLevel 9 (default 8) a page or payload took 5-10 % less CPU,
  // for the same size (measured on 4,000).
  gzip: (data: Uint8Array) => gzipSync(data, { level: 5, memLevel: 9 }),
};

export type Totals = { files: number; bytes: number; br: number; gzip: number };
const noTotals = (): Totals => ({ files: 0, bytes: 0, br: 0, gzip: 0 });

/** Whether a hashed asset has both its compressed copies beside it. */
const hasCopies = (file: string) => Object.values(PRECOMPRESSED).every((suffix) => existsSync(file + suffix));

/**
 * Writes the compressed copies of one file's bytes beside it, or removes those it should not have (too
 * small, or saving too little), and adds what it wrote to the totals.
 */
function compressOne(file: string, data: Uint8Array, totals: Totals, only: boolean): void {
  const drop = (encoding: keyof typeof PRECOMPRESSED) => {
    if (only) rmSync(file + PRECOMPRESSED[encoding], { force: true });
  };
  if (data.length < MIN_COMPRESS_BYTES) {
    drop('br');
    drop('gzip');
    return;
  }
  totals.files++;
  totals.bytes += data.length;
  const wanted = encodingsOf(file, data.length);
  for (const encoding of ['br', 'gzip'] as const) {
    if (!wanted.includes(encoding)) {
      drop(encoding);
      continue;
    }
    const compressed = compress[encoding](data, file);
    if (compressed.length > data.length * (1 - MIN_SAVING)) {
      drop(encoding);
      continue;
    }
    writeFileSync(file + PRECOMPRESSED[encoding], compressed);
    totals[encoding] += compressed.length;
  }
}

/**
 * Compresses files one after the other, with plain synchronous reads and writes: cheaper a file than
 * promises (a full build has 43,000), and run in as many worker threads as there are cores.
 */
function compressFiles(files: readonly string[], only: boolean): Totals {
  const totals = noTotals();
  for (const file of files) {
    // A hashed asset's name is its content: one whose copies an earlier build made needs none again
    // (Vite writes every asset each build; brotli at 11 costs a rebuild more than a second).
    if (only && isAsset(file) && hasCopies(file)) continue;
    compressOne(file, readFileSync(file), totals, only);
  }
  return totals;
}

/** In a worker thread (this module, started by `inWorkers`): compress the files given and answer the totals. */
if (!isMainThread && workerData?.precompress) {
  const { files, only } = workerData.precompress as { files: string[]; only: boolean };
  parentPort?.postMessage(compressFiles(files, only));
}

/**
 * A message to a streaming worker (`startCompressing`): files' bytes to compress (each with `write` written
 * first); files on disk to compress (`compressFiles`); a question answered once every message before
 * it is done; or the end.
 */
type StreamMessage = { given: Given[] } | { files: readonly string[]; only: boolean } | { flush: true } | { end: true };
/** A file's bytes given to a streaming worker, to compress (and, with `write`, to write first). */
type Given = { file: string; data: Uint8Array; write: boolean };

/**
 * Files given to a thread go in one message once this many wait, or this many bytes, or the caller's next
 * turn comes: a message each cost the renderer's thread 40 microseconds a file to post (2.5 s of a full
 * build at 10,000 products, 61,000 files) and as much again to take the thread's answer.
 */
const GIVEN_FILES = 32;
const GIVEN_BYTES = 1024 * 1024;

/**
 * A streaming worker's answer: the totals of files on disk, or nothing, for a `files` or `flush` message;
 * its totals when told the end. The bytes it has done it counts in `done` (`StreamData`), not in a message.
 */
type StreamAnswer = { answer: Totals | null } | { totals: Totals };

/**
 * What a streaming worker is started with. `done` counts the bytes of the files it was given and has
 * written and compressed (modulo 2^32, every thread adding to it): the caller reads it without taking a
 * message. As answers, the counts waited for the caller's turn of its event loop, which a thread rendering
 * pages gives seldom: the caller took the threads for behind and wrote files itself while they idled
 * (at 10,000 products, a thread idle half of a full build's render, and 4.4 s of the renderer's thread
 * spent opening and writing files).
 */
type StreamData = { streaming: true; done: SharedArrayBuffer };

/** In a streaming worker thread (`startCompressing`): compress each file's bytes as they come. */
if (!isMainThread && workerData?.streaming) {
  const totals = noTotals();
  const doneBytes = new Uint32Array((workerData as StreamData).done);
  // The file may not be written yet, nor its folder made: the copies may come first.
  const folders = new Set<string>();
  parentPort?.on('message', (message: StreamMessage) => {
    if ('end' in message) {
      parentPort?.postMessage({ totals } satisfies StreamAnswer);
      parentPort?.close();
      return;
    }
    if ('flush' in message) return parentPort?.postMessage({ answer: null } satisfies StreamAnswer);
    if ('files' in message) {
      return parentPort?.postMessage({ answer: compressFiles(message.files, message.only) } satisfies StreamAnswer);
    }
    let done = 0;
    for (const { file, data, write } of message.given) {
      const folder = dirname(file);
      if (!folders.has(folder)) {
        mkdirSync(folder, { recursive: true });
        folders.add(folder);
      }
      if (write) writeFileSync(file, data);
      if (COMPRESSIBLE.has(extname(file))) compressOne(file, data, totals, true);
      done += data.length;
    }
    Atomics.add(doneBytes, 0, done);
  });
}

/** The files dealt out into `count` shares, one each in turn. */
const sharesOf = (files: readonly string[], count: number) =>
  Array.from({ length: count }, (_, n) => files.filter((_, i) => i % count === n));

/** Shares the files among worker threads running this module; undefined when they cannot start. */
async function inWorkers(files: readonly string[], only: boolean): Promise<Totals | undefined> {
  const script = fileURLToPath(import.meta.url);
  if (!existsSync(script)) return undefined;
  const shares = sharesOf(files, Math.max(1, availableParallelism()));
  const results = await Promise.all(
    shares.map(
      (share) =>
        new Promise<Totals>((resolve, reject) => {
          const worker = new Worker(script, {
            workerData: { precompress: { files: share, only } },
            resourceLimits: { maxYoungGenerationSizeMb: COMPRESSING_YOUNG_MB },
          });
          worker.once('message', resolve);
          worker.once('error', reject);
          worker.once('exit', (code) => reject(new Error(`a compressing thread stopped (exit code ${code})`)));
        }),
    ),
  );
  return results.reduce(addTotals, noTotals());
}

export const addTotals = (sum: Totals, one: Totals): Totals => ({
  files: sum.files + one.files,
  bytes: sum.bytes + one.bytes,
  br: sum.br + one.br,
  gzip: sum.gzip + one.gzip,
});

/**
 * Writes compressed copies (`.gz`, and `.br` where `encodingsOf` says) beside each text file of the built
 * site in `dir` that is large enough and shrinks enough, for static.ts (and any static host that looks for them) to serve.
 * With `only`, just those files (the ones a build wrote into a kept staging tree): each loses any copy
 * an earlier version of it had that this one does not get, so no copy outlives its file's bytes.
 * Many files are shared among threads, one a core: the calling thread and, given `threads` still running
 * (`startCompressing`), those (each thread started holds a heap of its own: 25-40 MB at the end of a full
 * build, issue 17), else new ones.
 */
export async function precompress(
  dir: string,
  only?: readonly string[],
  threads?: Compressing,
): Promise<Totals & { threads: number }> {
  const files = only
    ? only.filter((file) => COMPRESSIBLE.has(extname(file)))
    : (await readdir(dir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && COMPRESSIBLE.has(extname(entry.name)))
        .map((entry) => join(entry.parentPath, entry.name));
  if (files.length >= FILES_FOR_WORKERS && threads && threads.threads > 0) {
    const count = threads.threads + 1;
    const shares = sharesOf(files, count);
    const theirs = threads.compressFiles(shares.slice(1), only !== undefined);
    const mine = compressFiles(shares[0] as string[], only !== undefined);
    return { ...(await theirs).reduce(addTotals, mine), threads: count };
  }
  if (files.length >= FILES_FOR_WORKERS) {
    const totals = await inWorkers(files, only !== undefined);
    if (totals) return { ...totals, threads: availableParallelism() };
  }
  return { ...compressFiles(files, only !== undefined), threads: 1 };
}

/** Compressed copies made while the files are being written (`startCompressing`). */
export interface Compressing {
  /**
   * Compresses a file's final bytes (the file itself need not be written yet) in a worker thread, and with
   * `write` writes the file first (a type not worth compressing is only written); false when the threads are
   * behind (more than `maxWaiting` bytes wait) and the file is left to the caller. With `transfer`, taken
   * bytes move to the thread without a copy (their whole buffer, which the caller no longer reads).
   */
  add(file: string, data: Uint8Array, write?: boolean, transfer?: boolean): boolean;
  /** Files `add` took. */
  readonly files: ReadonlySet<string>;
  /** The threads started (none before the first file is taken). */
  readonly threads: number;
  /** Waits for every file and copy given so far to be written; rejects when a thread failed. */
  flush(): Promise<void>;
  /**
   * Has each thread compress a share of files on disk (`precompress`: the first share to the first thread)
   * once it has done what it was given before; answers each share's totals, which `done` does not count.
   */
  compressFiles(shares: readonly (readonly string[])[], only: boolean): Promise<Totals[]>;
  /** Waits for every file and copy to be written and ends the threads; rejects when a thread failed. */
  done(): Promise<Totals & { threads: number }>;
}

/**
 * Starts worker threads that write the compressed copies of files as their bytes are given, on the cores
 * the caller leaves free: the build gives each page as it renders it (issue 17), so the copies are made on
 * the second core while the first renders. The threads never hold up the caller: past `maxWaiting` bytes
 * waiting, `add` declines.
 */
export function startCompressing({
  threads = Math.max(1, availableParallelism() - 1),
  maxWaiting = 16 * 1024 * 1024,
}: {
  threads?: number;
  maxWaiting?: number;
} = {}): Compressing {
  const script = fileURLToPath(import.meta.url);
  const files = new Set<string>();
  // Bytes given (modulo 2^32) and, counted by the threads, done: the difference is what waits.
  let bytesGiven = 0;
  const done = new SharedArrayBuffer(4);
  const doneBytes = new Uint32Array(done);
  const waiting = () => (bytesGiven - Atomics.load(doneBytes, 0)) >>> 0;
  let failed: Error | undefined;
  let closed = false;
  let next = 0;
  const ends: Promise<Totals>[] = [];
  // Each thread's questions (`flush`, `compressFiles`) waiting for their answers, in the order asked.
  const asked: { resolve: (answer: Totals | null) => void; reject: (error: Error) => void }[][] = [];
  // Started on the first file: a build that renders nothing starts no thread.
  let workers: Worker[] | undefined;
  const start = () =>
    Array.from({ length: threads }, (_, n) => {
      const worker = new Worker(script, {
        workerData: { streaming: true, done } satisfies StreamData,
        resourceLimits: { maxYoungGenerationSizeMb: COMPRESSING_YOUNG_MB },
      });
      const questions: (typeof asked)[number] = [];
      asked[n] = questions;
      const end = new Promise<Totals>((resolve, reject) => {
        let ended = false;
        worker.on('message', (answer: StreamAnswer) => {
          if ('totals' in answer) {
            ended = true;
            return resolve(answer.totals);
          }
          questions.shift()?.resolve(answer.answer);
        });
        const fail = (error: Error) => {
          failed ??= error;
          for (const question of questions.splice(0)) question.reject(error);
          reject(error);
        };
        worker.once('error', fail);
        worker.once('exit', (code) => {
          if (!ended) fail(new Error(`a compressing thread stopped (exit code ${code})`));
        });
      });
      // Settled here too: a failure is reported by `add` or `done`, whichever comes first.
      end.catch(() => {});
      ends.push(end);
      return worker;
    });
  // Each thread's files not posted yet (`GIVEN_FILES`), with the buffers that move to it.
  const unsent: { given: Given[]; moved: ArrayBuffer[]; bytes: number }[] = [];
  let sendSoon: NodeJS.Immediate | undefined;
  const send = (n: number) => {
    const batch = unsent[n];
    if (!batch || batch.given.length === 0) return;
    unsent[n] = { given: [], moved: [], bytes: 0 };
    workers?.[n]?.postMessage({ given: batch.given } satisfies StreamMessage, batch.moved);
  };
  const sendAll = () => {
    if (sendSoon) clearImmediate(sendSoon);
    sendSoon = undefined;
    for (let n = 0; n < unsent.length; n++) send(n);
  };
  const ask = (n: number, message: StreamMessage) =>
    new Promise<Totals | null>((resolve, reject) => {
      const worker = closed ? undefined : workers?.[n];
      if (failed || !worker) return reject(failed ?? new Error(`no compressing thread ${n + 1} to ask`));
      send(n);
      asked[n]?.push({ resolve, reject });
      worker.postMessage(message);
    });
  return {
    files,
    get threads() {
      return workers?.length ?? 0;
    },
    add(file, data, write = false, transfer = false) {
      if (failed) throw failed;
      if (closed) throw new Error(`${file}: given to compressing threads that have ended`);
      if (waiting() > maxWaiting) return false;
      files.add(file);
      bytesGiven = (bytesGiven + data.length) >>> 0;
      workers ??= start();
      const n = next++ % workers.length;
      unsent[n] ??= { given: [], moved: [], bytes: 0 };
      const batch = unsent[n];
      batch.given.push({ file, data, write });
      // A buffer named twice in one message's transfer list would fail it.
      if (transfer && !batch.moved.includes(data.buffer as ArrayBuffer)) batch.moved.push(data.buffer as ArrayBuffer);
      batch.bytes += data.length;
      if (batch.given.length >= GIVEN_FILES || batch.bytes >= GIVEN_BYTES) send(n);
      else sendSoon ??= setImmediate(sendAll);
      return true;
    },
    async flush() {
      if (failed) throw failed;
      await Promise.all((workers ?? []).map((_, n) => ask(n, { flush: true })));
    },
    async compressFiles(shares, only) {
      const answers = await Promise.all(shares.map((share, n) => ask(n, { files: share, only })));
      return answers.map((totals) => totals ?? noTotals());
    },
    async done() {
      sendAll();
      closed = true;
      for (const worker of workers ?? []) worker.postMessage({ end: true } satisfies StreamMessage);
      const totals = (await Promise.all(ends)).reduce(addTotals, noTotals());
      return { ...totals, threads: workers?.length ?? 0 };
    },
  };
}
