import { existsSync, linkSync, mkdirSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { type Tree, walkTree } from '../tree-thread.ts';

// The staging tree a site is built in (decision 0025): `<outDir>.next`, kept from one build to the next,
// so Astro's incremental build finds every unchanged page already in place and writes only what changed.
// Everything after Astro (the security policy, compressed copies, link checks, the release) then works on
// the files this build wrote, which it tells by their modification time. A tree has tens of thousands of
// files, so the walks here use plain synchronous calls: a third of the time of a promise a file.

/** Files a build started at `since` (ms, wall clock) wrote: their modification time is not before it. */
const writtenSince = (mtimeMs: number, since: number) => mtimeMs >= since;

/** Compressed copies beside a file, as precompress.ts writes them. */
const COMPANION = /\.(br|gz)$/;

interface StagedFile {
  /** Absolute path. */
  path: string;
  mtimeMs: number;
}

/**
 * Every file under dir with its modification time; compressed copies (which follow their file) get none,
 * to save a stat each.
 */
function listTree(dir: string): StagedFile[] {
  const root = resolve(dir);
  return walkTree(root).files.map((name) => {
    const path = join(root, name);
    return { path, mtimeMs: COMPANION.test(path) ? 0 : statSync(path).mtimeMs };
  });
}

export interface SettleOptions {
  /** The files of this build's routes (pages, payloads, feeds, downloads), reused or written. */
  outputs: readonly string[];
  /** Files copied from `public/` as they are: kept whatever their age. */
  publicFiles: readonly string[];
  /** When the build started (ms, wall clock). */
  since: number;
  /**
   * Files this build wrote whatever their modification time says: a download linked from the kept files
   * (decision 0083) has the time its kept file was made.
   */
  written?: readonly string[];
}

/**
 * After Astro has built into a kept staging tree: removes what no route of this build produced (the page of
 * an unpublished product, the manifest of the build before), with its compressed copies, and answers the
 * files this build wrote, for the steps after it. Bundled assets (`_astro/`) stay: their names are digests
 * of their bytes, so an old one is harmless and a page the CDN still caches may ask for it.
 */
export async function settleStaging(
  dir: string,
  { outputs, publicFiles, since, written: linked = [] }: SettleOptions,
): Promise<{ written: string[]; removed: number }> {
  const keep = new Set([...outputs, ...publicFiles]);
  const files = listTree(dir);
  const kept = (path: string) =>
    keep.has(path) || relative(dir, path).startsWith(`_astro${sep}`) || relative(dir, path) === '_headers';
  const stale = files.filter(({ path }) => !kept(COMPANION.test(path) ? path.slice(0, -3) : path));
  for (const { path } of stale) rmSync(path, { force: true });
  // Directories left empty (a removed page's folder).
  removeEmptyFolders(
    dir,
    stale.map(({ path }) => path),
  );
  const surely = new Set(linked);
  const written = files
    .filter(
      ({ path, mtimeMs }) => !COMPANION.test(path) && kept(path) && (writtenSince(mtimeMs, since) || surely.has(path)),
    )
    .map(({ path }) => path);
  return { written, removed: stale.length };
}

/**
 * A warm build's settling (decision 0076): it knows what it wrote and which of the last build's files no
 * route makes any more, so the tree is not walked. Removes those, with their compressed copies and the
 * folders they leave empty, and answers the written files that are there.
 */
export function settleKnown(
  dir: string,
  { written, removed }: { written: readonly string[]; removed: readonly string[] },
): { written: string[]; removed: number } {
  const gone: string[] = [];
  for (const path of removed) {
    for (const file of [path, `${path}.gz`, `${path}.br`]) {
      if (existsSync(file)) {
        rmSync(file, { force: true });
        gone.push(file);
      }
    }
  }
  removeEmptyFolders(resolve(dir), gone);
  return { written: [...new Set(written)].filter((path) => existsSync(path)), removed: gone.length };
}

/** Where the steps after Astro record the files a build wrote into the staging tree. */
const WRITTEN_FILE = 'written.json';

/**
 * Records the files a build wrote into the staging tree `dir` (absolute paths), with the compressed copies
 * beside them, as paths relative to it: what the checks read again and what a release copies.
 */
export async function recordWritten(dir: string, state: string, written: readonly string[]): Promise<void> {
  const names = new Set<string>();
  for (const path of written) {
    names.add(relative(dir, path));
    for (const extension of ['.br', '.gz']) {
      if (existsSync(path + extension)) names.add(relative(dir, path + extension));
    }
  }
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

/** How a release is made from the staging tree (see snapshotStaging). */
export interface SnapshotSources {
  /** The files this build wrote (relative paths); undefined: all. */
  written: ReadonlySet<string> | undefined;
  /** The release the previous build made from this staging tree. */
  base: string | undefined;
  /**
   * The files (relative paths) `release` already holds as hard links to the same files in base, linked
   * while Astro built (releases.ts, prepareRelease); without it, release is made from nothing.
   */
  linked?: ReadonlySet<string>;
  /** The staging tree's files and folders, when the checks have listed them already. */
  tree?: Tree;
}

/**
 * Makes `release` a snapshot of the staging tree: each file this build wrote (`written`, relative paths;
 * undefined: all) is copied, a file of its own that the next build may overwrite in staging without
 * touching the release, and every other file is a hard link to the same file in `base`, the release the
 * previous build made from this staging tree, so a release costs only the disk of what changed. Without
 * a base, everything is copied. With `linked`, the links are there already: a linked file this build
 * wrote is unlinked before its copy is made (never written through a link into base), and one staging no
 * longer has is removed, with any folder that leaves empty.
 */
export async function snapshotStaging(
  staging: string,
  release: string,
  { written, base, linked: prelinked, tree }: SnapshotSources,
): Promise<{ copied: number; linked: number }> {
  const { files, folders } = tree ?? walkTree(staging);
  mkdirSync(release, { recursive: true });
  const there = new Set(prelinked ? [...prelinked].map((name) => dirname(name)) : []);
  for (const folder of folders) if (!there.has(folder)) mkdirSync(join(release, folder), { recursive: true });
  // Links one after the other with synchronous calls (a rebuild links nearly every file), copies many at a
  // time through the thread pool (a first build copies every file, and the disk takes several at once).
  const toCopy: string[] = [];
  let linked = 0;
  for (const name of files) {
    if (prelinked?.has(name)) {
      if (written && !written.has(name)) {
        linked++;
        continue;
      }
      rmSync(join(release, name));
    } else if (!prelinked && base && written && !written.has(name)) {
      try {
        linkSync(join(base, name), join(release, name));
        linked++;
        continue;
      } catch {
        // Not in the release before (or not linkable there): copied below.
      }
    }
    toCopy.push(name);
  }
  for (let i = 0; i < toCopy.length; i += 128) {
    await Promise.all(toCopy.slice(i, i + 128).map((name) => copyFile(join(staging, name), join(release, name))));
  }
  if (prelinked) {
    // After the copies: a folder whose files were all replaced is not empty in between.
    const inStaging = new Set(files);
    const gone = [...prelinked].filter((name) => !inStaging.has(name));
    for (const name of gone) rmSync(join(release, name));
    removeEmptyFolders(
      release,
      gone.map((name) => join(release, name)),
    );
  }
  return { copied: toCopy.length, linked };
}

/** Removes the folders of these removed files that are left empty, and their parents left empty, up to root. */
function removeEmptyFolders(root: string, removed: readonly string[]): void {
  // Deepest first; rmdir refuses any that is not empty.
  const parents = [...new Set(removed.map((path) => dirname(path)))].sort((a, b) => b.length - a.length);
  for (const parent of parents) {
    for (let folder = parent; folder.startsWith(root + sep); folder = dirname(folder)) {
      try {
        rmdirSync(folder);
      } catch {
        break;
      }
    }
  }
}
