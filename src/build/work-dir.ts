import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { removeUnfinished } from './publish/releases.ts';

/** A build's claim on the staging tree of an outDir (decision 0025). */
export interface WorkDir {
  /** The staging tree, `<outDir>.next`: the last build's files, or empty. */
  dir: string;
  /** What the steps after Astro keep about the staging tree (the policy's sources, each page's links). */
  state: string;
  /** The release the last build made from the staging tree, when it is still there: a snapshot links to it. */
  base: string | undefined;
  /** When the last build marked the staging tree whole (ms, wall clock): no file in it is newer. */
  keptAt: number | undefined;
  /** Records that the staging tree is whole and that `release` was made from it. */
  keep(release: string): Promise<void>;
  /** Empties the staging tree and its state: the next build starts afresh. */
  discard(): Promise<void>;
  release(): Promise<void>;
}

/**
 * The working directory of a build: `<outDir>.next`, the staging tree, kept from one build to the next
 * so that Astro's incremental build finds unchanged pages in place; always the same path, because Astro
 * builds the output directory's path into the code of every page that uses images, and a path that
 * changed would make it render those pages every time. Builds into one outDir take turns: a claim waits
 * while another process (or this one) holds `<outDir>.next.lock`, and takes over a lock whose process is
 * gone. A staging tree that a build left without publishing from it (it failed, or its process died) is
 * emptied first: only a tree whose every file went into a release is built on.
 */
export async function claimWorkDir(outDir: string): Promise<WorkDir> {
  const target = resolve(outDir);
  await mkdir(dirname(target), { recursive: true });
  const lock = `${target}.next.lock`;
  for (;;) {
    try {
      await mkdir(lock);
      await writeFile(join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(await readFile(join(lock, 'pid'), 'utf8').catch(() => '0'));
      // A lock without a pid is being made this moment, unless it is old (its maker died in between).
      const age = Date.now() - ((await stat(lock).catch(() => undefined))?.mtimeMs ?? Date.now());
      if ((holder > 0 && !processRuns(holder)) || (holder === 0 && age > STALE_LOCK_MS)) {
        await rm(lock, { recursive: true, force: true });
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await removeLeftovers(target);
  await removeUnfinished(outDir, processRuns);
  const dir = `${target}.next`;
  const state = `${target}.next-state`;
  const marker = join(state, 'published-as');
  const published = await readFile(marker, 'utf8').catch(() => undefined);
  const keptAt = published === undefined ? undefined : (await stat(marker).catch(() => undefined))?.mtimeMs;
  const discard = async () => {
    await Promise.all([rm(dir, { recursive: true, force: true }), rm(state, { recursive: true, force: true })]);
    await Promise.all([mkdir(dir), mkdir(state)]);
  };
  if (published === undefined) await discard();
  // Until this build publishes, the tree is being changed: a crash leaves it to be emptied. What the
  // last build wrote is no guide to this one.
  else await Promise.all([rm(marker), rm(join(state, 'written.json'), { force: true })]);
  const base =
    published &&
    (await stat(published).then(
      (found) => found.isDirectory(),
      () => false,
    ))
      ? published
      : undefined;
  let released = false;
  return {
    dir,
    state,
    base,
    keptAt,
    keep: (release) => writeFile(marker, release),
    discard,
    release: async () => {
      if (released) return;
      released = true;
      await rm(lock, { recursive: true, force: true });
    },
  };
}

/** A lock directory with no pid in it for this long was left by a process that died making it. */
const STALE_LOCK_MS = 10_000;

async function removeLeftovers(target: string): Promise<void> {
  const prefixes = [`${basename(target)}.next-`, `${basename(target)}.link-`];
  for (const entry of await readdir(dirname(target)).catch(() => [])) {
    const prefix = prefixes.find((start) => entry.startsWith(start));
    const pid = prefix ? Number(entry.slice(prefix.length).split('-')[0]) : 0;
    if (pid > 0 && !processRuns(pid)) await rm(join(dirname(target), entry), { recursive: true, force: true });
  }
}

/** Whether the process `pid` still runs. */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}
