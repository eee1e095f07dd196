import { access, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Text types worth compressing; images, fonts, PDFs and ZIPs are compressed already. */
export const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.xml', '.txt', '.svg']);
/** Files under this size go out as they are: the headers would eat most of the saving. */
export const MIN_COMPRESS_BYTES = 1024;
/** A compressed copy is kept only when it saves at least this share of the file. */
const MIN_SAVING = 0.1;
/** Files compressed at once: zlib runs on libuv's pool (4 threads), so more would only queue. */
const BATCH = 8;

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
    promisify(brotliCompress)(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality(file),
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  // Level 6, zlib's default: at 9 a page takes a fifth more CPU and comes out no smaller (issue 17).
  gzip: (data: Buffer) => promisify(gzip)(data, { level: 6 }),
};

/** Whether a file has both its compressed copies beside it. */
async function hasCopies(file: string): Promise<boolean> {
  const present = await Promise.all(
    Object.values(PRECOMPRESSED).map((suffix) =>
      access(file + suffix).then(
        () => true,
        () => false,
      ),
    ),
  );
  return present.every(Boolean);
}

/**
 * Writes brotli and gzip copies (`.br`, `.gz`) beside each text file of the built site in `dir` that is
 * large enough and shrinks enough, for static.ts (and any static host that looks for them) to serve.
 * With `only`, just those files (the ones a build wrote into a kept staging tree): each loses any copy
 * an earlier version of it had that this one does not get, so no copy outlives its file's bytes.
 */
export async function precompress(
  dir: string,
  only?: readonly string[],
): Promise<{ files: number; bytes: number; br: number; gzip: number }> {
  const files = only
    ? only.filter((file) => COMPRESSIBLE.has(extname(file)))
    : (await readdir(dir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && COMPRESSIBLE.has(extname(entry.name)))
        .map((entry) => join(entry.parentPath, entry.name));
  const totals = { files: 0, bytes: 0, br: 0, gzip: 0 };
  for (let i = 0; i < files.length; i += BATCH) {
    await Promise.all(
      files.slice(i, i + BATCH).map(async (file) => {
        // A hashed asset's name is its content: one whose copies an earlier build made needs none again
        // (Vite writes every asset each build; brotli at 11 costs a rebuild more than a second).
        if (only && file.includes(`${sep}_astro${sep}`) && (await hasCopies(file))) return;
        const data = await readFile(file);
        const drop = async (encoding: keyof typeof PRECOMPRESSED) => {
          if (only) await rm(file + PRECOMPRESSED[encoding], { force: true });
        };
        if (data.length < MIN_COMPRESS_BYTES) {
          await Promise.all([drop('br'), drop('gzip')]);
          return;
        }
        totals.files++;
        totals.bytes += data.length;
        for (const encoding of ['br', 'gzip'] as const) {
          const compressed = await compress[encoding](data, file);
          if (compressed.length > data.length * (1 - MIN_SAVING)) {
            await drop(encoding);
            continue;
          }
          await writeFile(file + PRECOMPRESSED[encoding], compressed);
          totals[encoding] += compressed.length;
        }
      }),
    );
  }
  return totals;
}
