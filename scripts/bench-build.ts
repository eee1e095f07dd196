// `npm run bench:build [-- --products 10000]`: builds the site from an API in a process of its own, as in
// production (the demo catalogue, or a synthetic one of that many products, on a fresh in-memory PGlite),
// and prints seeding apart from the build, how fast the disk creates files just then, the build's wall
// time, pages per second, output size, the largest page (HTML, gzip) and the time of each step (claim,
// Astro, checks, publish); then the rebuilds an
// editor causes (issue 16): after one product edit (a product hundreds of others list, then one none lists),
// after one category rename, and after no change. Peak memory and CPU are those of each build's process
// tree (a process of its own, as `npm run rebuild` is, and Astro's), the API's and the bench's own apart;
// the CPU of Astro's main thread, which renders, is given apart too.
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { SiteBuildResult } from '#build/site-build.ts';
import { diskLine, fileCreation, listFiles, quietFileSystem, removeRun, watchTree } from './bench-measures.ts';

// Each process imports only what it runs: the build's would otherwise hold the database, the API and the
// seed catalogue (about 60 MiB) through its build, counted in the build's peak memory.

interface Ready {
  api: string;
  /** The API process's builder key: the builds read its change feed with it. */
  builderKey: string;
  seedSeconds: number;
  products: number;
}

/** In the API's process: the catalogue seeded, the API on a loopback port; SQL from the bench on request. */
async function apiProcess(count: number | undefined): Promise<void> {
  const [{ catalogue }, { seedCatalogue }, { syntheticCatalogue }, { prepareDb, startServer }] = await Promise.all([
    import('#server/seed/data/index.ts'),
    import('#server/seed/index.ts'),
    import('#server/seed/synthetic.ts'),
    import('#server/server.ts'),
  ]);
  const started = performance.now();
  const db = await prepareDb({ seed: count === undefined });
  if (count !== undefined) await seedCatalogue(db, syntheticCatalogue(catalogue, count));
  const seedSeconds = (performance.now() - started) / 1000;
  const [products] = await db.query<{ n: number }>('select count(*)::int as n from product');
  const server = await startServer({ db, port: 0, host: '127.0.0.1' });
  process.send?.({
    api: `http://127.0.0.1:${server.port}/api`,
    builderKey: server.builderKey,
    seedSeconds,
    products: products?.n ?? 0,
  } satisfies Ready);
  process.on('message', async (message: { sql?: string; stop?: boolean }) => {
    if (message.sql) {
      await db.query(message.sql);
      process.send?.({ done: true });
    } else if (message.stop) {
      await server.close();
      await db.close();
      process.disconnect();
    }
  });
}

/**
 * In a build's process: one buildSite, its result sent back. Each build has a process of its own, as
 * `npm run rebuild` does, so its memory is not mixed with what the bench itself read before it.
 */
async function buildProcess(options: {
  apiBaseUrl: string;
  outDir: string;
  cacheDir: string;
  feedCredential: string;
}): Promise<void> {
  const [{ buildSite }, { releasesTidied }] = await Promise.all([
    import('#build/site-build.ts'),
    import('#build/publish/releases.ts'),
  ]);
  const result = await buildSite({ ...options, verbose: false });
  process.send?.(result);
  // After publishing, the oldest release goes (releases.ts); the next build waits for that.
  const published = performance.now();
  await releasesTidied();
  process.send?.({ tidyMs: Math.round(performance.now() - published) });
  process.disconnect();
}

const { values } = parseArgs({
  options: { products: { type: 'string' }, 'no-wait': { type: 'boolean', default: false } },
});
const count = values.products ? Number(values.products) : undefined;
if (process.env.BENCH_BUILD_API === '1') {
  await apiProcess(count);
} else if (process.env.BENCH_BUILD_RUN) {
  await buildProcess(JSON.parse(process.env.BENCH_BUILD_RUN));
} else {
  await bench();
}

async function bench(): Promise<void> {
  const api: ChildProcess = fork(new URL(import.meta.url), process.argv.slice(2), {
    env: { ...process.env, BENCH_BUILD_API: '1' },
    stdio: 'inherit',
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    api.once('message', (message) => resolve(message as Ready));
    api.once('exit', (code) => reject(new Error(`the API stopped (exit ${code}) before it was ready`)));
  });
  const sql = (text: string) =>
    new Promise<void>((resolve) => {
      api.once('message', () => resolve());
      api.send({ sql: text });
    });
  const dir = mkdtempSync(join(tmpdir(), 'storefront-bench-'));
  const outDir = join(dir, 'site');
  const cacheDir = join(dir, 'astro-cache');
  // Figures from a file system still walking past inodes freed minutes ago would be another run's cost.
  const settled = values['no-wait'] ? undefined : await quietFileSystem(join(dir, 'disk-wait'));
  const diskSeconds = fileCreation(join(dir, 'disk-probe'));
  const build = async () => {
    const child = fork(new URL(import.meta.url), [], {
      env: {
        ...process.env,
        BENCH_BUILD_RUN: JSON.stringify({ apiBaseUrl: ready.api, outDir, cacheDir, feedCredential: ready.builderKey }),
      },
      stdio: 'inherit',
    });
    const peak = watchTree(child.pid);
    const answers: unknown[] = [];
    await new Promise<void>((resolve, reject) => {
      child.on('message', (message) => answers.push(message) === 2 && resolve());
      child.once('exit', (code) => reject(new Error(`the build stopped (exit ${code}) before it answered`)));
    });
    const [result, { tidyMs }] = answers as [SiteBuildResult, { tidyMs: number }];
    const { mib, at, parts, cpu } = peak.stop();
    return { ...result, tidyMs, peakMiB: mib, peakAt: at, peakParts: parts, cpu };
  };
  try {
    const full = await build();
    const { ms } = full;
    const pages = listFiles(outDir).filter((file) => file.endsWith('.html'));
    const byKind = new Map<string, number>();
    for (const page of pages) {
      const parts = relative(outDir, page).split('/');
      const locale = parts[0] === 'zh-CN' ? 'zh-CN' : 'en';
      const rest = locale === 'zh-CN' ? parts.slice(1) : parts;
      const kind = rest.length <= 1 ? rest[0]?.replace('.html', '') || 'home' : rest.slice(0, -2).join('/') || rest[0];
      const key = `${locale} ${kind}`;
      byKind.set(key, (byKind.get(key) ?? 0) + 1);
    }
    // What the bytes are: pages, payloads, downloads, compressed copies and the rest, by file name ending.
    const byType = new Map<string, { files: number; bytes: number }>();
    for (const file of listFiles(outDir)) {
      const type = /\.(html|json|pdf|gz|br)$/.exec(file)?.[1] ?? 'other';
      const sum = byType.get(type) ?? { files: 0, bytes: 0 };
      sum.files++;
      sum.bytes += statSync(file).size;
      byType.set(type, sum);
    }
    const bytes = [...byType.values()].reduce((sum, type) => sum + type.bytes, 0);
    const largest = pages.reduce((top, page) => (statSync(page).size > statSync(top).size ? page : top));
    const largestGzip = gzipSync(readFileSync(largest)).length;
    console.log(`catalogue: ${ready.products} products, seeded in ${ready.seedSeconds.toFixed(1)} s (API process)`);
    console.log(diskLine(diskSeconds, settled));
    console.log(
      `build: ${(ms / 1000).toFixed(1)} s, ${pages.length} pages (${Math.round(pages.length / (ms / 1000))} a second), ${(bytes / 1024 / 1024).toFixed(1)} MiB written`,
    );
    console.log(
      `  by type: ${[...byType].map(([type, { files, bytes }]) => `${type} ${files} files ${(bytes / 1024 / 1024).toFixed(1)} MiB`).join(', ')}`,
    );
    console.log(
      `largest page: ${relative(outDir, largest)}, ${(statSync(largest).size / 1024).toFixed(0)} KB, ${(largestGzip / 1024).toFixed(0)} KB gzip`,
    );
    for (const [key, n] of [...byKind].sort()) console.log(`  ${key.padEnd(28)} ${n}`);

    const runs: [string, Awaited<ReturnType<typeof build>>][] = [['full build', full]];
    await sql(
      "update product set name_en = name_en || ' (edited)', updated_at = now() where id = (select min(id) from product)",
    );
    runs.push(['one product edited', await build()]);
    // The product above is one of the demo's, which hundreds of synthetic products list as related; this one
    // is listed by none, as most products are.
    await sql(
      "update product set name_en = name_en || ' (edited)', updated_at = now() where id = (select max(id) from product)",
    );
    runs.push(['one unlisted product', await build()]);
    await sql(
      "update category set name_en = name_en || ' (renamed)' where id = (select min(id) from category where parent_id is not null)",
    );
    runs.push(['one category renamed', await build()]);
    runs.push(['no change', await build()]);
    console.log(
      '\nrun                    wall s  rendered  reused  peak MiB (process tree)  claim / astro / verify / publish s  then tidying s',
    );
    const s = (ms: number) => (ms / 1000).toFixed(1);
    for (const [name, run] of runs) {
      const { claim, astro, verify, publish } = run.phases;
      console.log(
        `${name.padEnd(22)} ${s(run.ms).padStart(6)}  ${String(run.rendered).padStart(8)}  ${String(run.reused).padStart(6)}  ${String(run.peakMiB).padStart(8)}                  ${[claim, astro, verify, publish].map(s).join(' / ').padEnd(34)} ${s(run.tidyMs)}`,
      );
    }
    console.log('\nrun                    peak MiB  at s  by process (MiB)');
    for (const [name, run] of runs) {
      console.log(
        `${name.padEnd(22)} ${String(run.peakMiB).padStart(8)}  ${s(run.peakAt * 1000).padStart(4)}  ${run.peakParts}`,
      );
    }
    // Where the CPU went: the build's whole process tree, and Astro's main thread, which renders every page
    // (a build bound by it runs it nearly all the time, and waits for a core while other threads run).
    console.log(
      "\nrun                    CPU s (process tree)  of it in the kernel  Astro's main thread: running / waiting for a core s",
    );
    for (const [name, run] of runs) {
      const { total, system, astroRunning, astroWaiting } = run.cpu;
      console.log(
        `${name.padEnd(22)} ${s(total * 1000).padStart(20)}  ${s(system * 1000).padStart(19)}  ${s(astroRunning * 1000).padStart(8)} / ${s(astroWaiting * 1000)}`,
      );
    }
    // Astro's own steps: setup (config, the catalogue into the content collections, types), Vite, rendering
    // pages and files, then settling the staging tree, the Content-Security-Policy and the compressed copies.
    console.log("\nrun                    setup  vite  render  settle  csp  compress  (s, from Astro's output)");
    for (const [name, run] of runs) {
      const { setup, vite, render, settle, csp, compress } = run.steps;
      console.log(
        `${name.padEnd(22)} ${[setup, vite, render, settle, csp, compress].map((ms, i) => s(ms).padStart([5, 5, 7, 7, 4, 9][i] ?? 6)).join(' ')}`,
      );
    }
  } finally {
    removeRun(dir);
    api.send({ stop: true });
  }
}
