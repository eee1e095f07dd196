import { copyFile, link, mkdir, readdir, readFile, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';

// The staging tree a site is built in (decision 0025): `<outDir>.next`, kept from one build to the next,
// so Astro's incremental build finds every unchanged page already in place and writes only what changed.
// Everything after Astro (the security policy, compressed copies, link checks, the release) then works on
// the files this build wrote, which it tells by their modification time.

/** Files a build started at `since` (ms, wall clock) wrote: their modification time is not before it. */
export const writtenSince = (mtimeMs: number, since: number) => mtimeMs >= since;

/** Compressed copies beside a file, as precompress.ts writes them. */
const COMPANION = /\.(br|gz)$/;

export interface StagedFile {
  /** Absolute path. */
  path: string;
  mtimeMs: number;
}

/**
 * Every file under dir with its modification time; compressed copies (which follow their file) get none,
 * to save a stat each.
 */
export async function listTree(dir: string): Promise<StagedFile[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const paths = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  const files: StagedFile[] = new Array(paths.length);
  await inBatches(paths, 256, async (path, index) => {
    files[index] = { path, mtimeMs: COMPANION.test(path) ? 0 : (await stat(path)).mtimeMs };
  });
  return files;
}

async function inBatches<T>(items: readonly T[], size: number, work: (item: T, index: number) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) {
    await Promise.all(items.slice(i, i + size).map((item, j) => work(item, i + j)));
  }
}

export interface SettleOptions {
  /** The files of this build's routes (pages, payloads, feeds, downloads), reused or written. */
  outputs: readonly string[];
  /** Files copied from `public/` as they are: kept whatever their age. */
  publicFiles: readonly string[];
  /** When the build started (ms, wall clock). */
  since: number;
}

/**
 * After Astro has built into a kept staging tree: removes what no route of this build produced (the page of
 * an unpublished product, the manifest of the build before), with its compressed copies, and answers the
 * files this build wrote, for the steps after it. Bundled assets (`_astro/`) stay: their names are digests
 * of their bytes, so an old one is harmless and a page the CDN still caches may ask for it.
 */
export async function settleStaging(
  dir: string,
  { outputs, publicFiles, since }: SettleOptions,
): Promise<{ written: string[]; removed: number }> {
  const keep = new Set([...outputs, ...publicFiles]);
  const files = await listTree(dir);
  const kept = (path: string) =>
    keep.has(path) || relative(dir, path).startsWith(`_astro${sep}`) || relative(dir, path) === '_headers';
  const stale = files.filter(({ path }) => !kept(COMPANION.test(path) ? path.slice(0, -3) : path));
  await inBatches(stale, 256, async ({ path }) => rm(path, { force: true }));
  // Directories left empty (a removed page's folder), deepest first; rmdir refuses any that is not empty.
  const parents = [...new Set(stale.map(({ path }) => dirname(path)))].sort((a, b) => b.length - a.length);
  for (const parent of parents) {
    for (let folder = parent; folder.startsWith(dir + sep); folder = dirname(folder)) {
      if (
        !(await rmdir(folder).then(
          () => true,
          () => false,
        ))
      )
        break;
    }
  }
  const written = files
    .filter(({ path, mtimeMs }) => !COMPANION.test(path) && kept(path) && writtenSince(mtimeMs, since))
    .map(({ path }) => path);
  return { written, removed: stale.length };
}

/** Where the steps after Astro record the files a build wrote into the staging tree. */
const WRITTEN_FILE = 'written.json';

/**
 * Records the files a build wrote into the staging tree `dir` (absolute paths), with the compressed copies
 * beside them, as paths relative to it: what the checks read again and what a release copies.
 */
export async function recordWritten(dir: string, state: string, written: readonly string[]): Promise<void> {
  const names = new Set<string>();
  await Promise.all(
    written.map(async (path) => {
      names.add(relative(dir, path));
      for (const extension of ['.br', '.gz']) {
        if (
          await stat(path + extension).then(
            () => true,
            () => false,
          )
        )
          names.add(relative(dir, path + extension));
      }
    }),
  );
  await writeFile(join(state, WRITTEN_FILE), JSON.stringify([...names]));
}

/** The files (relative paths) the last build recorded as written, or undefined when it recorded none. */
export async function readWritten(state: string): Promise<Set<string> | undefined> {
  try {
    return new Set(JSON.parse(await readFile(join(state, WRITTEN_FILE), 'utf8')) as string[]);
  } catch {
    return undefined;
  }
}

/**
 * Makes `release` a snapshot of the staging tree: each file this build wrote (`written`, relative paths;
 * undefined: all) is copied, a file of its own that the next build may overwrite in staging without
 * touching the release, and every other file is a hard link to the same file in `base`, the release the
 * previous build made from this staging tree, so a release costs only the disk of what changed. Without
 * a base, everything is copied.
 */
export async function snapshotStaging(
  staging: string,
  release: string,
  { written, base }: { written: ReadonlySet<string> | undefined; base: string | undefined },
): Promise<{ copied: number; linked: number }> {
  const entries = await readdir(staging, { recursive: true, withFileTypes: true });
  await mkdir(release, { recursive: true });
  const files: string[] = [];
  for (const entry of entries) {
    const name = relative(staging, join(entry.parentPath, entry.name));
    if (entry.isDirectory()) await mkdir(join(release, name), { recursive: true });
    else if (entry.isFile()) files.push(name);
  }
  let copied = 0;
  let linked = 0;
  await inBatches(files, 128, async (name) => {
    const target = join(release, name);
    if (base && written && !written.has(name)) {
      const done = await link(join(base, name), target).then(
        () => true,
        () => false,
      );
      if (done) {
        linked++;
        return;
      }
    }
    await copyFile(join(staging, name), target);
    copied++;
  });
  return { copied, linked };
}
