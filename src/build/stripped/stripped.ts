import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';

// Our TypeScript, its types stripped once, for the build's own processes and threads to load without Node's
// type stripper (decision 0084; load-stripped.mjs loads the copies). A copy is named by the digest of the
// file's bytes, so it can never be another version's: a file changed since has no copy and is loaded by Node
// as it would be.

const root = fileURLToPath(new URL('../../../', import.meta.url));
const HOOK = new URL('./load-stripped.mjs', import.meta.url).href;

/**
 * Where the copies are kept: with the other caches of the packages installed, one directory a version of
 * Node (whose stripper made them; load-stripped.mjs names the same).
 */
const strippedDir = (base = root) => join(base, 'node_modules', '.cache', 'stripped-ts', process.versions.node);

/** What a process or thread of the build is started with to load our TypeScript from the copies. */
export interface StrippedLoading {
  env: { SITE_STRIPPED_TS: string };
  /** Before any other `--import`: the copies are then used for the preloads too. */
  execArgv: string[];
}

export const strippedLoading = (dir = strippedDir()): StrippedLoading => ({
  env: { SITE_STRIPPED_TS: dir },
  execArgv: ['--import', HOOK],
});

/** The name of a file's copy: the digest of its bytes. */
export const copyName = (source: Uint8Array) => `${createHash('sha256').update(source).digest('hex')}.js`;

/**
 * Makes a copy of each TypeScript file under `sources` (`src/` and `scripts/`; tests and declarations aside)
 * that has none in `dir`, and removes the copies of files no longer there once they outnumber the current
 * ones. A file Node's stripper refuses gets no copy (Node reports the fault where the file is loaded).
 * Answers how many copies were made and how many are current.
 */
export function stripSources(
  sources: readonly string[] = [join(root, 'src'), join(root, 'scripts')],
  dir = strippedDir(),
): { made: number; current: number } {
  mkdirSync(dir, { recursive: true });
  const present = new Set(readdirSync(dir));
  const current = new Set<string>();
  let made = 0;
  const entries = sources.flatMap((source) => readdirSync(source, { recursive: true, withFileTypes: true }));
  for (const entry of entries) {
    const { name } = entry;
    if (!entry.isFile() || !name.endsWith('.ts') || name.endsWith('.d.ts') || name.endsWith('.test.ts')) continue;
    const source = readFileSync(join(entry.parentPath, name));
    const copy = copyName(source);
    current.add(copy);
    if (present.has(copy)) continue;
    const code = quietly(() => stripTypeScriptTypes(source.toString('utf8')));
    if (code === undefined) continue;
    // Written whole under another name, then renamed: a process loading it meanwhile sees none or all of it.
    const temporary = join(dir, `${copy}.${process.pid}-${threadId}.partial`);
    writeFileSync(temporary, code);
    renameSync(temporary, join(dir, copy));
    made++;
  }
  const stale = [...present].filter((name) => !current.has(name));
  if (stale.length > current.size) for (const name of stale) rmSync(join(dir, name), { force: true });
  return { made, current: current.size };
}

/**
 * Strips without the warning Node prints the first time its stripping function is called in a process
 * ("stripTypeScriptTypes is an experimental feature"): the builder is an API process, whose output is the
 * API's. Undefined when the file cannot be stripped.
 */
function quietly(strip: () => string): string | undefined {
  const emit = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: never[]) => {
    if (!String(warning).startsWith('stripTypeScriptTypes')) emit.call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    return strip();
  } catch {
    return undefined;
  } finally {
    process.emitWarning = emit;
  }
}
