import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';
import { COPIES_DIR, copyPath } from './copies.mjs';

// Our TypeScript, its types stripped once, for the build's own processes and threads to load without Node's
// type stripper (decision 0084; load-stripped.mjs loads the copies). Where they are kept and what each is
// named: copies.mjs.

const root = fileURLToPath(new URL('../../../', import.meta.url));
const HOOK = new URL('./load-stripped.mjs', import.meta.url).href;

/** What a process or thread of the build is started with to load our TypeScript from the copies. */
export interface StrippedLoading {
  env: { SITE_STRIPPED_TS: string };
  /** Before any other `--import`: the copies are then used for the preloads too. */
  execArgv: string[];
}

export const strippedLoading = (dir = COPIES_DIR): StrippedLoading => ({
  env: { SITE_STRIPPED_TS: dir },
  execArgv: ['--import', HOOK],
});

/**
 * Makes a copy of each TypeScript file under `sources` (`src/` and `scripts/`; tests and declarations aside)
 * that has none in `dir`, and removes the copies of files no longer there once they outnumber the current
 * ones. A file Node's stripper refuses gets no copy (Node reports the fault where the file is loaded).
 * Answers how many copies were made and how many are current.
 */
export function stripSources(
  sources: readonly string[] = [join(root, 'src'), join(root, 'scripts')],
  dir = COPIES_DIR,
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
    const path = copyPath(source, dir);
    const copy = basename(path);
    current.add(copy);
    if (present.has(copy)) continue;
    const code = quietly(() => stripTypeScriptTypes(source.toString('utf8')));
    if (code === undefined) continue;
    // Written whole under another name, then renamed: a process loading it meanwhile sees none or all of it.
    const temporary = join(dir, `${copy}.${process.pid}-${threadId}.partial`);
    writeFileSync(temporary, code);
    renameSync(temporary, path);
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
