import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const astroBin = join(dirname(require.resolve('astro/package.json')), 'bin', 'astro.mjs');

export interface SiteBuildOptions {
  /** The API the build reads, e.g. http://127.0.0.1:4321/api. */
  apiBaseUrl: string;
  /** Where the site is written; Astro's default (dist) when absent. */
  outDir?: string;
  /** Print Astro's output (true) or keep it and show it only when the build fails (false). */
  verbose?: boolean;
}

/** Runs `astro build` against a running API; rejects with Astro's output when the build fails. */
export function buildSite({ apiBaseUrl, outDir, verbose = true }: SiteBuildOptions): Promise<{ ms: number }> {
  const started = performance.now();
  const args = [astroBin, 'build', ...(outDir ? ['--outDir', outDir] : [])];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, API_BASE_URL: apiBaseUrl, ASTRO_TELEMETRY_DISABLED: '1' },
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
      if (code === 0) resolve({ ms: Math.round(performance.now() - started) });
      else reject(new Error(`The site build failed (exit code ${code}).${verbose ? '' : `\n${output.slice(-4000)}`}`));
    });
  });
}
