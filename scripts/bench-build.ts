// `npm run bench:build [-- --products 10000]`: builds the site from a fresh in-memory API (the demo
// catalogue, or a synthetic one of that many products) and prints the build time and page counts.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
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
try {
  const { ms } = await buildSite({ apiBaseUrl: `http://127.0.0.1:${server.port}/api`, outDir, verbose: false });
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
