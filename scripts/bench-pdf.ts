// `npm run bench:pdf`: the PDF writer alone. Renders every demo product's datasheet in each locale, round
// after round on this thread (as one download worker does), and prints the time a document, the sizes,
// and the heap, for all of them and again for those of products with performance curves. A Chinese
// document's font program is made in the first round and kept after it (fonts.ts keeps the last 64 a thread),
// as a build's documents of one family find it kept: the first round is the cost of new glyphs.
// `-- --rounds N` (default 20). `-- --products N`: instead, a synthetic catalogue of N products (as
// bench:build seeds it), and each of its Chinese documents (datasheets, manuals, application notes) made
// once, in the order a build makes them (by address), as one thread would make them all.
import { parseArgs } from 'node:util';
import { BUILT_FILE, fileUrl } from '#data/resource-links.ts';
import { type DocumentProduct, documentProduct, renderers } from '#data/resource-render.ts';
import { pageProducts } from '#server/db/products.ts';
import { catalogue } from '#server/seed/data/index.ts';
import { seedCatalogue } from '#server/seed/index.ts';
import { syntheticCatalogue } from '#server/seed/synthetic.ts';
import { prepareDb } from '#server/server.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '20' }, products: { type: 'string' } } });
const rounds = Number(values.rounds);

if (values.products) {
  await catalogueDocuments(Number(values.products));
  process.exit(0);
}

const db = await prepareDb({});
const byLang = {
  en: (await pageProducts(db, 'en', { pageNum: 1, pageSize: 999 })).records,
  zh: (await pageProducts(db, 'zh', { pageNum: 1, pageSize: 999 })).records,
};
await db.close();

/** Every Chinese document of a synthetic catalogue, made once each on this thread in the build's order. */
async function catalogueDocuments(count: number): Promise<void> {
  const db = await prepareDb({ seed: false });
  await seedCatalogue(db, syntheticCatalogue(catalogue, count));
  const documents = new Map<
    string,
    { kind: 'datasheet' | 'manual' | 'application-note'; title: string; products: DocumentProduct[] }
  >();
  for (let page = 1; ; page++) {
    const { records } = await pageProducts(db, 'zh', { pageNum: page, pageSize: 999 });
    for (const product of records) {
      for (const resource of product.resources) {
        if (resource.kind === 'software' || !BUILT_FILE.test(resource.url)) continue;
        const url = fileUrl(resource, 'zh-CN');
        const found = documents.get(url) ?? { kind: resource.kind, title: resource.title, products: [] };
        found.products.push(documentProduct(product));
        documents.set(url, found);
      }
    }
    if (records.length < 999) break;
  }
  await db.close();
  const ordered = [...documents].sort(([a], [b]) => a.localeCompare(b)).map(([, document]) => document);
  const cpu = process.cpuUsage();
  const started = performance.now();
  let bytes = 0;
  for (const { kind, title, products } of ordered) bytes += renderers[kind].bytes(title, products, 'zh-CN').length;
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  console.log(
    `zh: ${ordered.length} documents of ${count} products, ${(ms / ordered.length).toFixed(3)} ms a document ` +
      `(CPU ${((used.user + used.system) / 1000 / ordered.length).toFixed(3)} ms), ${(ms / 1000).toFixed(1)} s in all; ` +
      `${(bytes / ordered.length / 1024).toFixed(1)} KiB a document; heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB`,
  );
}

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
