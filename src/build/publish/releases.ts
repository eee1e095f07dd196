import { randomBytes } from 'node:crypto';
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { lstat, mkdir, readdir, readFile, readlink, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { inProcess, inThread, linkTree } from '../tree-thread.ts';
import { type SnapshotSources, snapshotStaging } from './staging.ts';

// Published builds as releases: each verified build is a directory under `<outDir>.releases/`, named by
// its build id (which sorts by time), and outDir is a symbolic link to the one being served. Publishing
// or rolling back replaces that link in one rename, so a reader always finds a whole release: the
// previous one until the rename, the next one after it. The last RELEASES_KEPT stay for rollback.

/** Releases kept for rollback, the published one among them. */
export const RELEASES_KEPT = 5;

/** What a release records about the build that made it (`release.json` in the release directory). */
export interface ReleaseInfo {
  id: string;
  publishedAt: string;
  ms: number;
  rendered: number;
  reused: number;
  /** Files Astro wrote or reused: pages, payloads, feeds; the next build's progress estimate. */
  pages: number;
}

export const RELEASE_FILE = 'release.json';

export const releasesDir = (outDir: string) => `${resolve(outDir)}.releases`;

/**
 * How a build's staging tree becomes a release: what it wrote, the release made from it before, and what
 * prepareRelease linked meanwhile.
 */
export interface SnapshotOptions extends Omit<SnapshotSources, 'linked'> {
  prepared?: PreparedRelease;
}

/** A release whose files makeRelease has made already (in a build's release thread, release-thread.ts). */
export interface MadeRelease {
  made: string;
}

/** A release begun while Astro built: a folder of hard links to every file of the release before. */
export interface PreparedRelease {
  dir: string;
  files: ReadonlySet<string>;
}

/**
 * A release's spare (decision 0080): a folder of hard links to its files but release.json, made once it is
 * published, while the builder waits, for the next build to begin its release from; the files it holds are
 * listed beside it (`<spare>.files`), written before the folder takes its name.
 */
export const spareOf = (outDir: string, release: string) => join(releasesDir(outDir), `.spare-${basename(release)}`);
const spareFiles = (spare: string) => `${spare}.files`;

/**
 * Makes the spare of a published release (spareOf), in the calling thread: linked under a name of this
 * process, then its list written, then the folder renamed to the spare's name. One there already stays.
 */
export function makeSpare(outDir: string, release: string): void {
  const spare = spareOf(outDir, release);
  if (existsSync(spare)) return;
  const partial = `${spare}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  const files = linkTree(release, partial, [RELEASE_FILE]);
  writeFileSync(spareFiles(spare), files.join('\n'));
  renameSync(partial, spare);
}

/**
 * Puts a release begun and not needed back as base's spare (a build that found nothing changed): its
 * links are still base's files. Removed instead when base has a spare already.
 */
export async function keepAsSpare(outDir: string, base: string, prepared: PreparedRelease): Promise<void> {
  const spare = spareOf(outDir, base);
  await writeFile(spareFiles(spare), [...prepared.files].join('\n'));
  try {
    await rename(prepared.dir, spare);
  } catch {
    await abandonRelease(prepared);
  }
}

/** Takes base's spare as the release begun at dir; undefined when there is none whole. */
async function takeSpare(spare: string, dir: string): Promise<PreparedRelease | undefined> {
  try {
    await rename(spare, dir);
  } catch {
    return undefined;
  }
  try {
    const list = await readFile(spareFiles(spare), 'utf8');
    await rm(spareFiles(spare), { force: true });
    return { dir, files: new Set(list.split('\n').filter((file) => file !== '')) };
  } catch {
    // A spare without its list cannot say what it holds: begun again.
    await rm(dir, { recursive: true, force: true });
    return undefined;
  }
}

/**
 * What a build does while Astro builds, when it has a release made from the same staging tree (`base`):
 * begins this build's release from base's spare when there is one, else as hard links to every file of
 * base, in a thread of its own (tree-thread.ts), so that publishing only replaces what the build wrote or
 * removed.
 */
export async function prepareRelease(outDir: string, id: string, base: string): Promise<PreparedRelease> {
  const dir = join(releasesDir(outDir), `.making-${id}`);
  const spare = await takeSpare(spareOf(outDir, base), dir);
  if (spare) return spare;
  const files = await inThread({ kind: 'link', from: base, to: dir, skip: [RELEASE_FILE] });
  return { dir, files: new Set(files) };
}

/** Removes a release begun by prepareRelease that will not be published. */
export function abandonRelease(prepared: PreparedRelease): Promise<undefined> {
  return inThread({ kind: 'remove', paths: [prepared.dir] });
}

/**
 * Makes a finished, verified build in workDir the published release: a snapshot of it under the releases
 * directory (makeRelease, or the one it made already: `made`; without `snapshot`, workDir itself is moved
 * there), points outDir at it, and removes releases beyond the last
 * RELEASES_KEPT (never the one published). A site published before releases existed (outDir a plain
 * directory) becomes the first one.
 */
export function publishRelease(
  workDir: string,
  outDir: string,
  id: string,
  build: { ms: number; rendered: number; reused: number },
  snapshot?: SnapshotOptions | MadeRelease,
): Promise<string> {
  // One publish at a time in this process: pruning reads which release is published, and another
  // publish switching the link between that read and the removal could lose the release it just
  // published. Across processes the build queue (queue.ts, builder.ts) lets one build run at a time.
  const next = publishing.then(() => publish(workDir, outDir, id, build, snapshot));
  publishing = next.catch(() => undefined);
  return next;
}

let publishing: Promise<unknown> = Promise.resolve();

async function publish(
  workDir: string,
  outDir: string,
  id: string,
  build: { ms: number; rendered: number; reused: number },
  snapshot: SnapshotOptions | MadeRelease | undefined,
): Promise<string> {
  const releases = releasesDir(outDir);
  await mkdir(releases, { recursive: true });
  await adoptPlainDirectory(outDir);
  const info: ReleaseInfo = {
    id,
    publishedAt: new Date().toISOString(),
    ...build,
    pages: build.rendered + build.reused,
  };
  const release = join(releases, id);
  if (snapshot) {
    const making = 'made' in snapshot ? snapshot.made : await makeRelease(workDir, outDir, id, snapshot);
    await writeFile(join(making, RELEASE_FILE), `${JSON.stringify(info, null, 2)}\n`);
    await rename(making, release);
  } else {
    await writeFile(join(workDir, RELEASE_FILE), `${JSON.stringify(info, null, 2)}\n`);
    await rename(workDir, release);
  }
  await pointAt(outDir, release);
  // The release is published; the oldest go after, without holding up whoever waits for this one.
  tidying = tidying.then(() => prune(outDir).catch(() => undefined));
  return release;
}

/**
 * Makes a release's files from the staging tree in workDir (staging.ts: what the build wrote copied, the
 * rest hard links to the release before), beside the releases under a name listReleases skips
 * (`.making-<id>`, prepareRelease's when it began it); answers that directory, which publishRelease renames
 * in whole.
 */
export async function makeRelease(
  workDir: string,
  outDir: string,
  id: string,
  snapshot: SnapshotOptions,
): Promise<string> {
  const making = snapshot.prepared?.dir ?? join(releasesDir(outDir), `.making-${id}`);
  if (!snapshot.prepared) {
    await mkdir(releasesDir(outDir), { recursive: true });
    await rm(making, { recursive: true, force: true });
  }
  await snapshotStaging(workDir, making, { ...snapshot, linked: snapshot.prepared?.files });
  return making;
}

/** The release ids, oldest first. */
export async function listReleases(outDir: string): Promise<string[]> {
  const entries = await readdir(releasesDir(outDir), { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
}

/** The id of the release outDir links to, or undefined when nothing is published as a release. */
export async function currentRelease(outDir: string): Promise<string | undefined> {
  try {
    return basename(await readlink(resolve(outDir)));
  } catch {
    return undefined;
  }
}

/** What the published release recorded about its build, when outDir is one. */
export async function releaseInfo(outDir: string): Promise<ReleaseInfo | undefined> {
  const id = await currentRelease(outDir);
  if (!id) return undefined;
  try {
    return JSON.parse(await readFile(join(releasesDir(outDir), id, RELEASE_FILE), 'utf8')) as ReleaseInfo;
  } catch {
    return undefined;
  }
}

/**
 * Publishes the release before the current one again (or the one named), and answers which was
 * published and which is now. Rolling back twice goes two releases back.
 */
export async function rollback(outDir: string, to?: string): Promise<{ from: string; to: string }> {
  const releases = await listReleases(outDir);
  const current = await currentRelease(outDir);
  if (!current) throw new Error(`Nothing to roll back: ${outDir} is not a published release.`);
  const target = to ?? releases[releases.indexOf(current) - 1];
  if (!target || !releases.includes(target)) {
    throw new Error(
      to
        ? `There is no release ${to}; the releases are: ${releases.join(', ')}.`
        : `There is no release before ${current} to roll back to.`,
    );
  }
  const step = publishing.then(() => pointAt(outDir, join(releasesDir(outDir), target)));
  publishing = step.catch(() => undefined);
  await step;
  return { from: current, to: target };
}

/** Replaces outDir by a link to release, in one rename (a new link beside it, renamed over it). */
async function pointAt(outDir: string, release: string): Promise<void> {
  const target = resolve(outDir);
  const link = `${target}.link-${process.pid}-${randomBytes(4).toString('hex')}`;
  await symlink(relative(dirname(target), release), link, 'dir');
  try {
    await rename(link, target);
  } catch (error) {
    await rm(link, { force: true });
    throw error;
  }
}

/** A site published as a plain directory (before releases) moves into the releases as the oldest one. */
async function adoptPlainDirectory(outDir: string): Promise<void> {
  const target = resolve(outDir);
  const stats = await lstat(target).catch(() => undefined);
  if (!stats?.isDirectory()) return;
  const release = join(releasesDir(outDir), `00000000000000-${randomBytes(3).toString('hex')}`);
  await rename(target, release);
  await pointAt(outDir, release);
}

let tidying: Promise<unknown> = Promise.resolve();

/**
 * Settles once the releases beyond RELEASES_KEPT that publishing left to remove are gone (removing a
 * release whose files no other release links takes seconds at 10,000 products).
 */
export async function releasesTidied(): Promise<void> {
  await tidying;
}

/**
 * Runs work a build leaves for after its publish, after the tidying already asked for; `releasesTidied`
 * waits for it too. Its failure is its own to handle.
 */
export function tidyLater(task: () => Promise<unknown>): void {
  tidying = tidying.then(() => task().catch(() => undefined));
}

/**
 * Removes the oldest releases beyond RELEASES_KEPT, never the published one. Each is first renamed out of
 * the list (`.removing-<pid>-<id>`), so a half-removed release is never rolled back to, and two processes
 * pruning at once never remove the same one.
 */
async function prune(outDir: string): Promise<void> {
  const current = await currentRelease(outDir);
  const releases = await listReleases(outDir);
  const old = releases.slice(0, Math.max(0, releases.length - RELEASES_KEPT)).filter((id) => id !== current);
  const doomed: string[] = [];
  for (const id of old) {
    const path = join(releasesDir(outDir), `.removing-${process.pid}-${id}`);
    try {
      await rename(join(releasesDir(outDir), id), path);
      doomed.push(path);
    } catch {
      // Another process took it.
    }
  }
  // Spares of releases no longer published: a build begins from the published release's.
  const spares = (await readdir(releasesDir(outDir)).catch(() => [])).filter(
    (name) =>
      /^\.spare-[^.]+(?:\.files)?$/.test(name) && current !== undefined && !name.startsWith(`.spare-${current}`),
  );
  for (const name of spares) {
    const path = join(releasesDir(outDir), name);
    if (name.endsWith('.files')) await rm(path, { force: true });
    else {
      const doomedSpare = join(releasesDir(outDir), `.removing-${process.pid}-${name.slice(1)}`);
      try {
        await rename(path, doomedSpare);
        doomed.push(doomedSpare);
      } catch {
        // Another process took it.
      }
    }
  }
  // In a process of its own: the builder's would keep what a thread allocated while it waits.
  if (doomed.length > 0) await inProcess({ kind: 'remove', paths: doomed });
}

/**
 * Removes what builds into outDir left in the releases directory when they failed or died: releases begun
 * or half made (`.making-`), and removals whose process is gone (`.removing-`). Only while holding the
 * claim on the staging tree (site-build.ts), when no other build of this outDir is under way.
 */
export async function removeUnfinished(outDir: string, runs: (pid: number) => boolean): Promise<void> {
  const entries = await readdir(releasesDir(outDir)).catch(() => []);
  const left = entries.filter(
    (name) =>
      name.startsWith('.making-') ||
      (name.startsWith('.removing-') && !runs(Number(name.split('-')[1]))) ||
      (/^\.spare-.*\.partial-\d+$/.test(name) && !runs(Number(name.split('-').at(-1)))),
  );
  if (left.length > 0) await inThread({ kind: 'remove', paths: left.map((name) => join(releasesDir(outDir), name)) });
}
