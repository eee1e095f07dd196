// `npm run bench:build [-- --products 10000]`: builds the site from an API in a process of its own, as in
// production (the demo catalogue, or a synthetic one of that many products, on a fresh in-memory PGlite),
// and prints seeding apart from the build, how fast the disk creates files just then, the build's wall
// time, pages per second, output size, the largest page (HTML, gzip) and the time of each step (claim,
// Astro, checks, publish); then the rebuilds an
// editor causes (issues 16 and 41), through the warm builder (decision 0076) as an API process's builder
// runs them: ten product edits (one hundreds of others list, one none lists, a Chinese-only change, a price
// change, and six more), one category rename, and a trigger with no change, each timed from the edit's
// commit to the switch of the published link; then `bench:floor` of the same page count, and the full
// build's ratio to it. Peak memory and CPU are those of the builder's process tree (the process that builds,
// as an API process's builder does, Astro's, kept up between builds, and each build's release process),
// while it builds and while it waits; the API's and the bench's own apart; the CPU of Astro's main thread,
// which renders, apart too.
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { SiteBuildResult } from '#build/site-build.ts';
import { strippedLoading, stripSources } from '#build/stripped/stripped.ts';
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
 * The builder's process: builds when told, keeping Astro's process up between builds in a warm slot, as an
 * API process's builder does (src/build/builder.ts), each result sent back once published and tidied.
 */
async function builderProcess(options: {
  apiBaseUrl: string;
  outDir: string;
  cacheDir: string;
  feedCredential: string;
}): Promise<void> {
  const [{ buildSite }, { releasesTidied }, { endWarm }] = await Promise.all([
    import('#build/site-build.ts'),
    import('#build/publish/releases.ts'),
    import('#build/warm/parent.ts'),
  ]);
  const warm = {};
  process.on('message', async (message: { build?: boolean; stop?: boolean }) => {
    if (message.stop) {
      await endWarm(warm);
      process.disconnect();
      return;
    }
    try {
      const result = await buildSite({ ...options, verbose: false, warm });
      // After publishing, the oldest release goes (releases.ts); the next build waits for that.
      const published = performance.now();
      await releasesTidied();
      process.send?.({ result, tidyMs: Math.round(performance.now() - published) });
    } catch (error) {
      process.send?.({ error: (error as Error).message });
    }
  });
  process.send?.({ ready: true });
}

const { values } = parseArgs({
  options: {
    products: { type: 'string' },
    'no-wait': { type: 'boolean', default: false },
    // The full build and the ten edits only: no rename, no bench:floor (for working on the edits).
    'edits-only': { type: 'boolean', default: false },
  },
});
const count = values.products ? Number(values.products) : undefined;
if (process.env.BENCH_BUILD_API === '1') {
  await apiProcess(count);
} else if (process.env.BENCH_BUILD_RUN) {
  await builderProcess(JSON.parse(process.env.BENCH_BUILD_RUN));
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
  // Started as `npm start` starts an API process that builds: our TypeScript from its stripped copies
  // (decision 0084), made first as a build makes them.
  stripSources();
  const stripped = strippedLoading();
  const builder = fork(new URL(import.meta.url), [], {
    env: {
      ...process.env,
      ...stripped.env,
      BENCH_BUILD_RUN: JSON.stringify({ apiBaseUrl: ready.api, outDir, cacheDir, feedCredential: ready.builderKey }),
    },
    execArgv: stripped.execArgv,
    stdio: 'inherit',
  });
  const answer = () =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const ended = (code: number | null) => reject(new Error(`the builder stopped (exit ${code}) before it answered`));
      builder.once('exit', ended);
      builder.once('message', (message) => {
        builder.off('exit', ended);
        resolve(message as Record<string, unknown>);
      });
    });
  await answer();
  /** One build, timed from now (just after the edit's commit) to its publish; its builder's peak meanwhile. */
  const build = async () => {
    const peak = watchTree(builder.pid);
    const started = performance.now();
    builder.send({ build: true });
    const message = await answer();
    const wallMs = Math.round(performance.now() - started - Number(message.tidyMs ?? 0));
    const { mib, at, parts, cpu } = peak.stop();
    if (message.error) throw new Error(`a build failed: ${message.error}`);
    const result = message.result as SiteBuildResult;
    return { ...result, wallMs, tidyMs: Number(message.tidyMs), peakMiB: mib, peakAt: at, peakParts: parts, cpu };
  };
  /** The builder's process tree while it waits for the next build. */
  const waiting = async (seconds = 3) => {
    const peak = watchTree(builder.pid);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    return peak.stop();
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
    const idle = [await waiting()];
    // Ten products: the demo's first, which hundreds of synthetic products list as related; the last, which
    // none lists, as most are; a Chinese-only change; a price change; and six more across the catalogue.
    const ids = async () => {
      const edits: [string, string][] = [
        [
          'edit: listed by hundreds',
          "update product set name_en = name_en || ' (edited)' where id = (select min(id) from product)",
        ],
        [
          'edit: listed by none',
          "update product set name_en = name_en || ' (edited)' where id = (select max(id) from product)",
        ],
        [
          'edit: Chinese only',
          "update product set summary_zh = summary_zh || '（更新）' where id = (select max(id) - 7 from product)",
        ],
        ['edit: a price', 'update product set price = price + 10 where id = (select max(id) - 13 from product)'],
      ];
      for (const share of [0.15, 0.3, 0.45, 0.6, 0.75, 0.9]) {
        edits.push([
          `edit: product at ${Math.round(share * 100)} %`,
          `update product set name_en = name_en || ' (edited)' where id = (select id from product order by id offset (select (count(*) * ${share})::int from product) limit 1)`,
        ]);
      }
      return edits;
    };
    const edits: number[] = [];
    for (const [name, statement] of await ids()) {
      await sql(statement);
      const run = await build();
      edits.push(run.wallMs);
      runs.push([name, run]);
    }
    idle.push(await waiting());
    const editsOnly = values['edits-only'];
    if (!editsOnly) {
      await sql(
        "update category set name_en = name_en || ' (renamed)' where id = (select min(id) from category where parent_id is not null)",
      );
    }
    const rename = editsOnly ? undefined : await build();
    if (rename) runs.push(['one category renamed', rename]);
    const nothing = await build();
    runs.push(['no change', nothing]);
    idle.push(await waiting());
    console.log(
      '\nrun                    how                 commit to switch s  rendered  reused  peak MiB  claim / astro / verify / publish s  then tidying s',
    );
    const s = (ms: number) => (ms / 1000).toFixed(1);
    for (const [name, run] of runs) {
      const { claim, astro, verify, publish } = run.phases;
      const how = run.path.warm
        ? `warm${run.path.unchanged ? ': unchanged' : ''}`
        : `cold${run.path.reason ? `: ${run.path.reason}` : ''}`;
      console.log(
        `${name.padEnd(22)} ${how.slice(0, 18).padEnd(18)} ${s(run.wallMs).padStart(18)}  ${String(run.rendered).padStart(8)}  ${String(run.reused).padStart(6)}  ${String(run.peakMiB).padStart(8)}  ${[claim, astro, verify, publish].map(s).join(' / ').padEnd(34)} ${s(run.tidyMs)}`,
      );
    }
    const sorted = [...edits].sort((a, b) => a - b);
    const median = ((sorted[4] ?? 0) + (sorted[5] ?? 0)) / 2;
    const building = Math.max(...runs.slice(1).map(([, run]) => run.peakMiB));
    const waited = Math.max(...idle.map((peak) => peak.mib));
    console.log(
      `\nten product edits, commit to switch: median ${s(median)} s, slowest ${s(sorted.at(-1) ?? 0)} s (targets 3 and 6); ` +
        `category rename ${rename ? s(rename.wallMs) : '(not run)'} s (15); no change ${s(nothing.wallMs)} s (1)`,
    );
    console.log(
      `builder's peak (its process and Astro's): ${Math.max(full.peakMiB, building)} MiB building (full build ${full.peakMiB}, later builds ${building}), ${waited} MiB waiting (target 1024 both)`,
    );
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
    // What the warm builds did, step by step (warm/child.ts writes a line each into Astro's output).
    const astroLog = readFileSync(join(`${outDir}.next-state`, 'astro-output.log'), 'utf8');
    for (const line of astroLog
      .split('\n')
      .filter((text) =>
        /warm build:|warm process:|files written|Content-Security|precompressed|products: /.test(text),
      )) {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the colour codes Astro writes
      console.log(line.replace(/\u001b\[[\d;]*m/g, ''));
    }
    // Astro's own cost for as many pages, in the same run (decision 0060): the full build's ratio to it.
    builder.send({ stop: true });
    await new Promise((resolve) => builder.once('exit', resolve));
    if (editsOnly) return;
    const floor = await floorSeconds(pages.length);
    console.log(
      `\nbench:floor, ${pages.length} pages: ${floor.toFixed(1)} s; the full build ${s(full.wallMs)} s is ${(full.wallMs / 1000 / floor).toFixed(2)} times it (target 1.4)`,
    );
  } finally {
    if (builder.connected) builder.send({ stop: true });
    removeRun(dir);
    api.send({ stop: true });
  }
}

/** `bench:floor` of as many pages, run now, its build's seconds (its own output goes to the console). */
async function floorSeconds(pages: number): Promise<number> {
  const child = fork(new URL('./bench-floor.ts', import.meta.url), ['--pages', String(pages), '--no-wait'], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    process.stdout.write(chunk);
  });
  await new Promise((resolve) => child.once('exit', resolve));
  const seconds = /^build: ([\d.]+) s/m.exec(output)?.[1];
  if (!seconds) throw new Error('bench:floor printed no build time');
  return Number(seconds);
}
