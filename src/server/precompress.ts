import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { extname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text types worth compressing; images, fonts, PDFs and ZIPs are compressed already. */
export const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.xml', '.txt', '.svg']);
/** Files under this size go out as they are: the headers would eat most of the saving. */
export const MIN_COMPRESS_BYTES = 1024;
/** A compressed copy is kept only when it saves at least this share of the file. */
const MIN_SAVING = 0.1;
/** Below this many files the calling thread compresses them itself; above, worker threads share them. */
const FILES_FOR_WORKERS = 200;

/** The precompressed copies a file may have beside it, by Content-Encoding: `x.js.br`, `x.js.gz`. */
export const PRECOMPRESSED = { br: '.br', gzip: '.gz' } as const;

/**
 * Brotli's best quality (11) for the hashed assets: few, shared by every page and cached for a year; it
 * costs 40 times the CPU of quality 5 for about a tenth less. Pages, as many as the catalogue has
 * records, get quality 5 (the demo's 550 files: 26 s of CPU at 11 for everything, under 1 s at 5).
 */
function brotliQuality(file: string): number {
  return file.includes(`${sep}_astro${sep}`) ? 11 : 5;
}

const compress = {
  br: (data: Buffer, file: string) =>
    brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality(file),
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  // Level 6, zlib's default: at 9 a page takes a fifth more CPU and comes out no smaller (issue 17).
  gzip: (data: Buffer) => gzipSync(data, { level: 6 }),
};

type Totals = { files: number; bytes: number; br: number; gzip: number };
const noTotals = (): Totals => ({ files: 0, bytes: 0, br: 0, gzip: 0 });

/** Whether a file has both its compressed copies beside it. */
const hasCopies = (file: string) => Object.values(PRECOMPRESSED).every((suffix) => existsSync(file + suffix));

/**
 * Compresses files one after the other, with plain synchronous reads and writes: cheaper a file than
 * promises (a full build has 43,000), and run in as many worker threads as there are cores.
 */
function compressFiles(files: readonly string[], only: boolean): Totals {
  const totals = noTotals();
  for (const file of files) {
    // A hashed asset's name is its content: one whose copies an earlier build made needs none again
    // (Vite writes every asset each build; brotli at 11 costs a rebuild more than a second).
    if (only && file.includes(`${sep}_astro${sep}`) && hasCopies(file)) continue;
    const data = readFileSync(file);
    const drop = (encoding: keyof typeof PRECOMPRESSED) => {
      if (only) rmSync(file + PRECOMPRESSED[encoding], { force: true });
    };
    if (data.length < MIN_COMPRESS_BYTES) {
      drop('br');
      drop('gzip');
      continue;
    }
    totals.files++;
    totals.bytes += data.length;
    for (const encoding of ['br', 'gzip'] as const) {
      const compressed = compress[encoding](data, file);
      if (compressed.length > data.length * (1 - MIN_SAVING)) {
        drop(encoding);
        continue;
      }
      writeFileSync(file + PRECOMPRESSED[encoding], compressed);
      totals[encoding] += compressed.length;
    }
  }
  return totals;
}

/** In a worker thread (this module, started by `inWorkers`): compress the files given and answer the totals. */
if (!isMainThread && workerData?.precompress) {
  const { files, only } = workerData.precompress as { files: string[]; only: boolean };
  parentPort?.postMessage(compressFiles(files, only));
}

/** Shares the files among worker threads running this module; undefined when they cannot start. */
async function inWorkers(files: readonly string[], only: boolean): Promise<Totals | undefined> {
  const script = fileURLToPath(import.meta.url);
  if (!existsSync(script)) return undefined;
  const threads = Math.max(1, availableParallelism());
  const shares = Array.from({ length: threads }, (_, n) => files.filter((_, i) => i % threads === n));
  const results = await Promise.all(
    shares.map(
      (share) =>
        new Promise<Totals>((resolve, reject) => {
          const worker = new Worker(script, { workerData: { precompress: { files: share, only } } });
          worker.once('message', resolve);
          worker.once('error', reject);
          worker.once('exit', (code) => reject(new Error(`a compressing thread stopped (exit code ${code})`)));
        }),
    ),
  );
  return results.reduce(
    (sum, one) => ({
      files: sum.files + one.files,
      bytes: sum.bytes + one.bytes,
      br: sum.br + one.br,
      gzip: sum.gzip + one.gzip,
    }),
    noTotals(),
  );
}

/**
 * Writes brotli and gzip copies (`.br`, `.gz`) beside each text file of the built site in `dir` that is
 * large enough and shrinks enough, for static.ts (and any static host that looks for them) to serve.
 * With `only`, just those files (the ones a build wrote into a kept staging tree): each loses any copy
 * an earlier version of it had that this one does not get, so no copy outlives its file's bytes.
 * Many files are shared among worker threads, one a core.
 */
export async function precompress(dir: string, only?: readonly string[]): Promise<Totals & { threads: number }> {
  const files = only
    ? only.filter((file) => COMPRESSIBLE.has(extname(file)))
    : (await readdir(dir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && COMPRESSIBLE.has(extname(entry.name)))
        .map((entry) => join(entry.parentPath, entry.name));
  if (files.length >= FILES_FOR_WORKERS) {
    const totals = await inWorkers(files, only !== undefined);
    if (totals) return { ...totals, threads: availableParallelism() };
  }
  return { ...compressFiles(files, only !== undefined), threads: 1 };
}
