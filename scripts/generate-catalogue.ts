// `npm run generate:catalogue -- --products 10000 [--database-url URL | --data-dir DIR]`:
// seeds a fresh database with the demo catalogue grown to that many products, for benchmarks.
import { parseArgs } from 'node:util';
import { openDb } from '#server/db/index.ts';
import { exitIfDataDirInUse } from '#server/db/lock.ts';
import { migrate } from '#server/db/migrate.ts';
import { catalogue } from '#server/seed/data/index.ts';
import { seedCatalogue } from '#server/seed/index.ts';
import { syntheticCatalogue } from '#server/seed/synthetic.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '10000' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
  },
});
const count = Number(values.products);
if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
  console.error('--products takes a whole number from 1 to 1000000.');
  process.exit(2);
}
const dataDir = values['data-dir'] ?? `.data/synthetic-${count}`;
const started = performance.now();
const db = await openDb({ url: values['database-url'] ?? process.env.DATABASE_URL, dataDir }).catch(exitIfDataDirInUse);
await migrate(db);
const [existing] = await db.query<{ n: number }>('select count(*)::int as n from product');
if ((existing?.n ?? 0) > 0) {
  console.error(`That database already holds ${existing?.n} products; use an empty one (or another --data-dir).`);
  await db.close();
  process.exit(1);
}
await seedCatalogue(db, syntheticCatalogue(catalogue, count));
const [row] = await db.query<{ n: number }>('select count(*)::int as n from product');
console.log(
  `Seeded ${row?.n} products into ${db.kind === 'pglite' ? dataDir : 'DATABASE_URL'} in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
);
await db.close();
