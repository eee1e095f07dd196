// `npm run bench:pdf`: the PDF writer alone. Renders every demo product's datasheet in each locale, round
// after round on this thread (as one download worker does), and prints the time a document, the sizes,
// and the heap, for all of them and again for those of products with performance curves. A Chinese
// document's font program is made in the first round and kept after it (fonts.ts keeps the last 64 a thread),
// as a build's documents of one family find it kept: the first round is the cost of new glyphs.
// `-- --rounds N` (default 20).
import { parseArgs } from 'node:util';
import { renderers } from '#data/resource-render.ts';
import { pageProducts } from '#server/db/products.ts';
import { prepareDb } from '#server/server.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '20' } } });
const rounds = Number(values.rounds);

const db = await prepareDb({});
const byLang = {
  en: (await pageProducts(db, 'en', { pageNum: 1, pageSize: 999 })).records,
  zh: (await pageProducts(db, 'zh', { pageNum: 1, pageSize: 999 })).records,
};
await db.close();

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

for (const [lang, all] of Object.entries(byLang)) {
  type Product = (typeof all)[number];
  const render = (product: Product) =>
    renderers.datasheet.bytes(`${product.partNumber} datasheet`, [product], lang === 'zh' ? 'zh-CN' : 'en');
  const measure = (which: string, products: Product[]) => {
    const started = performance.now();
    const sizes = products.map((product) => render(product).length);
    const first = performance.now() - started;
    const perRound: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const start = performance.now();
      for (const product of products) render(product);
      perRound.push((performance.now() - start) / products.length);
    }
    console.log(
      `${lang}: ${products.length} datasheets${which}; first round ${(first / products.length).toFixed(3)} ms a document, ` +
        `then median ${median(perRound).toFixed(3)} ms (best ${Math.min(...perRound).toFixed(3)}) over ${rounds} rounds; ` +
        `size median ${(median(sizes) / 1024).toFixed(1)} KiB, largest ${(Math.max(...sizes) / 1024).toFixed(1)} KiB; ` +
        `heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB`,
    );
  };
  measure('', all);
  measure(
    ' with curves',
    all.filter((product) => product.curves.length > 0),
  );
}
