// Where the stripped copies of our TypeScript are kept and what each is named (decision 0084): one rule for
// stripped.ts, which makes them, and load-stripped.mjs, which loads them. Plain JavaScript, as the hook that
// imports it must not start Node's type stripper.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The copies' directory: with the other caches of the packages installed, one a version of Node (whose
 * stripper made them).
 */
export const COPIES_DIR = fileURLToPath(
  new URL(`../../../node_modules/.cache/stripped-ts/${process.versions.node}`, import.meta.url),
);

/**
 * The path of a file's copy in `dir`: named by the digest of the file's bytes, so that it can never be
 * another version's.
 * @param {Uint8Array} source
 * @param {string} dir
 */
export const copyPath = (source, dir) => join(dir, `${createHash('sha256').update(source).digest('hex')}.js`);
