import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';

const require = createRequire(import.meta.url);
const astroBin = join(dirname(require.resolve('astro/package.json')), 'bin', 'astro.mjs');

export interface SiteBuildOptions {
  /** The API the build reads, e.g. http://127.0.0.1:4321/api. */
  apiBaseUrl: string;
  /** Where the finished site is put. */
  outDir: string;
  /** Print Astro's output (true) or keep it and show it only when the build fails (false). */
  verbose?: boolean;
  /** Astro's cache (data store, rasterised images); default node_modules/.astro, shared by every build. */
  cacheDir?: string | undefined;
}

/**
 * Runs `astro build` against a running API into a fresh directory, and only when it succeeds puts
 * it in place of outDir; a failed build leaves outDir as it was and rejects with Astro's output.
 */
export async function buildSite({
  apiBaseUrl,
  outDir,
  verbose = true,
  cacheDir,
}: SiteBuildOptions): Promise<{ ms: number }> {
  const started = performance.now();
  const workDir = await makeWorkDir(outDir);
  try {
    await runAstroBuild(apiBaseUrl, workDir, verbose, cacheDir);
  } catch (error) {
    await rm(workDir, { recursive: true, force: true });
    throw error;
  }
  await swapInto(workDir, outDir);
  return { ms: Math.round(performance.now() - started) };
}

/**
 * A fresh, empty working directory for one build (`<outDir>.next-<pid>-<random>`): never shared with
 * another build, and beside outDir so putting it in place is a rename on one filesystem. Working and
 * set-aside directories left by builds whose process is gone are removed first.
 */
export async function makeWorkDir(outDir: string): Promise<string> {
  const target = resolve(outDir);
  await removeLeftovers(target);
  return mkdtemp(`${target}.next-${process.pid}-`);
}

/**
 * Puts a finished build in place of outDir. Each step is a rename of a whole directory, so outDir is
 * always one complete build (or, for the moment between two renames, absent). When builds finish
 * together the last to rename wins: a rename onto a directory another build has just put in place
 * fails, and the step is repeated. Set-aside builds are removed afterwards.
 */
export async function swapInto(workDir: string, outDir: string): Promise<void> {
  const target = resolve(outDir);
  const setAside: string[] = [];
  try {
    for (let attempt = 1; ; attempt++) {
      const previous = `${target}.previous-${process.pid}-${randomBytes(4).toString('hex')}`;
      try {
        await rename(target, previous);
        setAside.push(previous);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      try {
        await rename(workDir, target);
        return;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOTEMPTY' || code === 'EEXIST') {
          if (attempt < SWAP_ATTEMPTS) continue;
        } else {
          // Nothing else took outDir: the site we set aside goes back.
          const last = setAside.pop();
          if (last) await rename(last, target).catch(() => setAside.push(last));
        }
        throw error;
      }
    }
  } finally {
    await Promise.all(setAside.map((dir) => rm(dir, { recursive: true, force: true })));
  }
}

/** Rounds of moving aside and renaming before a swap gives up (each lost round means another build won it). */
const SWAP_ATTEMPTS = 20;

async function removeLeftovers(target: string): Promise<void> {
  const prefixes = [`${basename(target)}.next-`, `${basename(target)}.previous-`];
  for (const entry of await readdir(dirname(target)).catch(() => [])) {
    const prefix = prefixes.find((start) => entry.startsWith(start));
    const pid = prefix ? Number(entry.slice(prefix.length).split('-')[0]) : 0;
    if (pid > 0 && !processRuns(pid)) await rm(join(dirname(target), entry), { recursive: true, force: true });
  }
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

function runAstroBuild(apiBaseUrl: string, outDir: string, verbose: boolean, cacheDir?: string): Promise<void> {
  const args = [astroBin, 'build', '--outDir', outDir];
  const cache = cacheDir ? { ASTRO_CACHE_DIR: resolve(cacheDir) } : {};
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, args, {
      env: {
        ...process.env,
        API_BASE_URL: apiBaseUrl,
        ASTRO_TELEMETRY_DISABLED: '1',
        ...cache,
      },
      stdio: verbose ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) done();
      else reject(new Error(`The site build failed (exit code ${code}).${verbose ? '' : `\n${output.slice(-4000)}`}`));
    });
  });
}
