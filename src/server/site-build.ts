import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

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
  const target = resolve(outDir);
  const next = `${target}.next`;
  const previous = `${target}.previous`;
  await rm(next, { recursive: true, force: true });
  try {
    await runAstroBuild(apiBaseUrl, next, verbose, cacheDir);
  } catch (error) {
    await rm(next, { recursive: true, force: true });
    throw error;
  }
  await rm(previous, { recursive: true, force: true });
  if (existsSync(target)) await rename(target, previous);
  await rename(next, target);
  await rm(previous, { recursive: true, force: true });
  return { ms: Math.round(performance.now() - started) };
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
