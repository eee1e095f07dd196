// `npm run bench:build [-- --products 10000]`: builds the site from a fresh in-memory API (the demo
// catalogue, or a synthetic one of that many products) and prints the build time and page counts; then
// the rebuilds an editor causes (issue 16): after one product edit, after one category rename, and after
// no change, each with its wall time (build, checks and publish), pages rendered and reused, and the peak
// memory of the whole process tree (this process, the API, and Astro's).
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { catalogue } from '../src/server/seed/data/index.ts';
import { seedCatalogue } from '../src/server/seed/index.ts';
import { syntheticCatalogue } from '../src/server/seed/synthetic.ts';
import { prepareDb, startServer } from '../src/server/server.ts';
import { buildSite } from '../src/server/site-build.ts';

const { values } = parseArgs({ options: { products: { type: 'string' } } });
const count = values.products ? Number(values.products) : undefined;

const db = await prepareDb({ seed: count === undefined });
if (count !== undefined) await seedCatalogue(db, syntheticCatalogue(catalogue, count));
const server = await startServer({ db, port: 0, host: '127.0.0.1' });
const dir = mkdtempSync(join(tmpdir(), 'storefront-bench-'));
const outDir = join(dir, 'site');
const cacheDir = join(dir, 'astro-cache');
const build = async () => {
  const peak = watchPeakMemory();
  const result = await buildSite({
    apiBaseUrl: `http://127.0.0.1:${server.port}/api`,
    outDir,
    verbose: false,
    cacheDir,
  });
  return { ...result, peakMiB: peak.stop() };
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
  const [products] = await db.query<{ n: number }>('select count(*)::int as n from product');
  const bytes = listFiles(outDir).reduce((sum, file) => sum + statSync(file).size, 0);
  console.log(`catalogue: ${products?.n} products`);
  console.log(`build: ${(ms / 1000).toFixed(1)} s, ${pages.length} pages, ${(bytes / 1024 / 1024).toFixed(1)} MiB`);
  for (const [key, n] of [...byKind].sort()) console.log(`  ${key.padEnd(28)} ${n}`);

  const runs: [string, Awaited<ReturnType<typeof build>>][] = [['full build', full]];
  await db.query(
    "update product set name_en = name_en || ' (edited)', updated_at = now() where id = (select min(id) from product)",
  );
  runs.push(['one product edited', await build()]);
  await db.query(
    "update category set name_en = name_en || ' (renamed)' where id = (select min(id) from category where parent_id is not null)",
  );
  runs.push(['one category renamed', await build()]);
  runs.push(['no change', await build()]);
  console.log(
    '\nrun                    wall s  rendered  reused  peak MiB (process tree)  claim / astro / verify / publish s',
  );
  const s = (ms: number) => (ms / 1000).toFixed(1);
  for (const [name, run] of runs) {
    const { claim, astro, verify, publish } = run.phases;
    console.log(
      `${name.padEnd(22)} ${s(run.ms).padStart(6)}  ${String(run.rendered).padStart(8)}  ${String(run.reused).padStart(6)}  ${String(run.peakMiB).padStart(8)}                  ${[claim, astro, verify, publish].map(s).join(' / ')}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
  await server.close();
  await db.close();
}

function listFiles(root: string): string[] {
  return readdirSync(root, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(root, entry.name)) : [join(root, entry.name)],
  );
}

/** Samples the resident memory of this process and all its descendants every 100 ms; stop() answers the peak in MiB. */
function watchPeakMemory(): { stop(): number } {
  let peak = 0;
  const sample = () => {
    const parents = new Map<number, number>();
    const rss = new Map<number, number>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        parents.set(Number(entry), Number(fields[1]));
        rss.set(Number(entry), Number(fields[21]) * 4096);
      } catch {
        // The process ended meanwhile.
      }
    }
    const inTree = (pid: number): boolean => {
      for (let p: number | undefined = pid; p && p > 1; p = parents.get(p)) if (p === process.pid) return true;
      return false;
    };
    let total = 0;
    for (const [pid, bytes] of rss) if (inTree(pid)) total += bytes;
    peak = Math.max(peak, total);
  };
  sample();
  const timer = setInterval(sample, 100);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return Math.round(peak / 1024 / 1024);
    },
  };
}
