// What the build benches measure besides wall time (`npm run bench:build`, `npm run bench:floor`): how fast
// the disk creates files just then, and what a build's process tree uses, sampled from /proc every 100 ms:
// resident memory at its peak (and by process then), and CPU, with Astro's main thread apart.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** How many empty files the disk probe creates (`fileCreation`). */
export const PROBE_FILES = 5000;

/** Clock ticks a second, for the CPU times in /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const TICKS = 100;

/**
 * Seconds to create `files` empty files (PROBE_FILES: 5,000) in folders of 100 under dir, left for the
 * bench's removal at its end (removing them now would slow the build's own file creation). On ext4 without
 * a journal, creating files within minutes of deleting many is several times slower (decisions 0043 and
 * 0046): this says which file system a run's figures come from.
 */
export function fileCreation(dir: string, files = PROBE_FILES): number {
  const started = performance.now();
  for (let folder = 0; folder < files / 100; folder++) {
    mkdirSync(join(dir, String(folder)), { recursive: true });
    for (let file = 0; file < 100; file++) writeFileSync(join(dir, String(folder), String(file)), '');
  }
  return (performance.now() - started) / 1000;
}

/** Seconds for PROBE_FILES files at which the file system counts as quiet (0.07-0.16 s seen when it is). */
export const QUIET_PROBE_SECONDS = 0.25;

/**
 * Seconds after a large deletion until files are created at the quiet rate again: ext4 without a journal,
 * as on these machines, will not reuse an inode freed in the last 60 s, or 360 s while its inode table
 * block is unwritten, and creating a file walks past every such inode of its folder's group, one lookup
 * each (decision 0046). Measured: 6 minutes after removing 100,000 files, with or without a `sync`.
 */
export const SETTLE_SECONDS = 370;

/** Where the benches note when they last removed a run's files (ms since the epoch). */
const REMOVED_MARK = join(tmpdir(), 'storefront-bench-removed');

/** Removes a bench run's folder, and notes when, so that the next bench run waits for the file system. */
export function removeRun(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  try {
    writeFileSync(REMOVED_MARK, String(Date.now()));
  } catch {
    // The next run then relies on its probe alone.
  }
}

/**
 * Waits until the file system creates files at the quiet rate again, so that a run's figures are not
 * another's: a full build within six minutes of a bench's removal spent 31-53 s of kernel time, against
 * 17-25 s on a settled file system (decision 0046). First until SETTLE_SECONDS after the last bench run's removal, then,
 * for deletions a bench did not note, while a poll (a fifth of the probe's files, left under dir for the
 * bench's removal) is slow, every 15 s, up to maxSeconds in all. A poll can land in folders the deletion
 * did not touch, so it misses some; the probe after it tells. Answers the seconds waited and whether the
 * last poll was quiet.
 */
export async function quietFileSystem(dir: string, maxSeconds = 420): Promise<{ waited: number; quiet: boolean }> {
  const started = performance.now();
  const waited = () => (performance.now() - started) / 1000;
  const removedAt = Number(existsSync(REMOVED_MARK) ? readFileSync(REMOVED_MARK, 'utf8') : 0) || 0;
  const since = (Date.now() - removedAt) / 1000;
  if (since >= 0 && since < SETTLE_SECONDS) {
    const rest = SETTLE_SECONDS - since;
    console.log(
      `disk: the last bench run removed its files ${Math.round(since)} s ago; waiting ${Math.round(rest)} s for the file system to settle (decision 0046; --no-wait to skip)`,
    );
    await new Promise((resolve) => setTimeout(resolve, rest * 1000));
  }
  for (let poll = 0; ; poll++) {
    const seconds = fileCreation(join(dir, String(poll)), PROBE_FILES / 5) * 5;
    if (seconds <= QUIET_PROBE_SECONDS) return { waited: waited(), quiet: true };
    if (waited() >= maxSeconds) return { waited: waited(), quiet: false };
    if (poll === 0) {
      console.log(
        `disk: creating files slowly (${seconds.toFixed(2)} s for ${PROBE_FILES}; files were deleted in the last minutes): waiting for it to settle, at most ${Math.round(maxSeconds / 60)} minutes in all (--no-wait to skip)`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 15_000));
  }
}

/** Every file under root, as paths that start with it. */
export function listFiles(root: string): string[] {
  return readdirSync(root, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(root, entry.name)) : [join(root, entry.name)],
  );
}

/** The probe's figure as the benches print it. */
export const diskLine = (seconds: number, settled?: { waited: number; quiet: boolean }) =>
  `disk: ${PROBE_FILES} empty files created in ${seconds.toFixed(2)} s before the build (quiet: at most ${QUIET_PROBE_SECONDS} s; several times that within minutes of deleting many files: decision 0046)${
    settled === undefined
      ? '; not waited for (--no-wait)'
      : settled.waited < 1
        ? ''
        : `; waited ${Math.round(settled.waited)} s for it to settle${settled.quiet ? '' : ', and it did not'}`
  }`;

/** What a process of a build's tree is, by its command line: Astro's, a build's release process, a bench's own, or another's. */
function processName(pid: number): string {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    if (args.some((arg) => arg.endsWith('astro.mjs'))) return 'Astro';
    if (args.some((arg) => arg.endsWith('release-process.ts'))) return 'release';
    if (args.some((arg) => /scripts\/bench-[a-z]+\.ts$/.test(arg))) return 'build';
    return (args[0] ?? '').split('/').pop() || String(pid);
  } catch {
    return String(pid);
  }
}

/** What a build's process tree used of the CPU (`watchTree`), in seconds. */
export interface TreeCpu {
  /** All its processes and threads, user and system time. */
  total: number;
  /** Of it, system time: the kernel's work for the tree (files created, written, read; memory mapped). */
  system: number;
  /** The thread that renders: Astro's main thread, running, and ready to run but waiting for a core. */
  astroRunning: number;
  astroWaiting: number;
}

/**
 * Samples the resident memory of a process (`root`) and all its descendants (Astro's process and their
 * threads) every 100 ms; stop() answers the peak in MiB, with when it came (seconds after the start) and
 * what each process held then, and the CPU the tree used as last seen (a process's last 100 ms are missed).
 * Processes outside the tree (a bench's own, the API's) are not counted.
 */
export function watchTree(root: number | undefined): {
  stop(): { mib: number; at: number; parts: string; cpu: TreeCpu };
} {
  const started = performance.now();
  let peak = 0;
  let at = 0;
  let parts = '';
  // Each process's CPU ticks as last seen (user and system, system), and Astro's main thread's run and
  // wait (ns, its schedstat).
  const ticks = new Map<number, [number, number]>();
  const astroThread = new Map<number, [number, number]>();
  // What processes already running (a warm builder's, kept between builds) had used when the watch began:
  // only what they use from then on counts.
  const baseTicks = new Map<number, [number, number]>();
  const baseThread = new Map<number, [number, number]>();
  let first = true;
  const sample = () => {
    const parents = new Map<number, number>();
    const rss = new Map<number, number>();
    const used = new Map<number, [number, number]>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        parents.set(Number(entry), Number(fields[1]));
        rss.set(Number(entry), Number(fields[21]) * 4096);
        used.set(Number(entry), [Number(fields[11]) + Number(fields[12]), Number(fields[12])]);
      } catch {
        // The process ended meanwhile.
      }
    }
    const inTree = (pid: number): boolean => {
      for (let p: number | undefined = pid; p && p > 1; p = parents.get(p)) if (p === root) return true;
      return false;
    };
    let total = 0;
    const members: [number, number][] = [];
    for (const [pid, bytes] of rss) {
      if (!inTree(pid)) continue;
      total += bytes;
      members.push([pid, bytes]);
      ticks.set(pid, used.get(pid) ?? [0, 0]);
      if (first) baseTicks.set(pid, used.get(pid) ?? [0, 0]);
      // By its command line each time: a process just forked shows its parent's until it runs its own.
      if (!astroThread.has(pid) && processName(pid) !== 'Astro') continue;
      try {
        const [run = 0, wait = 0] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ').map(Number);
        astroThread.set(pid, [run, wait]);
        if (first) baseThread.set(pid, [run, wait]);
      } catch {
        // Ended meanwhile: its last figures stand.
      }
    }
    if (total > peak) {
      peak = total;
      at = performance.now() - started;
      // Named only at a new peak: reading each command line every sample would cost the build CPU.
      parts = members.map(([pid, bytes]) => `${processName(pid)} ${Math.round(bytes / 1024 / 1024)}`).join(', ');
    }
  };
  sample();
  first = false;
  const timer = setInterval(sample, 100);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const seconds = (ns: number) => ns / 1e9;
      const since = (now: Map<number, [number, number]>, base: Map<number, [number, number]>) =>
        [...now].map(([pid, [a, b]]): [number, number] => {
          const [a0, b0] = base.get(pid) ?? [0, 0];
          return [a - a0, b - b0];
        });
      const threads = since(astroThread, baseThread);
      const used = since(ticks, baseTicks);
      const cpu = {
        total: used.reduce((sum, [all]) => sum + all, 0) / TICKS,
        system: used.reduce((sum, [, system]) => sum + system, 0) / TICKS,
        astroRunning: seconds(threads.reduce((sum, [run]) => sum + run, 0)),
        astroWaiting: seconds(threads.reduce((sum, [, wait]) => sum + wait, 0)),
      };
      return { mib: Math.round(peak / 1024 / 1024), at: Math.round(at / 100) / 10, parts, cpu };
    },
  };
}
