import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productItem, productPage } from '#api/product.ts';
import { catalogue } from '#server/seed/data/index.ts';
import { syntheticCatalogue } from '#server/seed/synthetic.ts';
import { type RunningServer, startServer } from '#server/server.ts';
import { freshDb } from '#tests/support/testing.ts';
import { callAllPages, callApi } from './fetch.server.ts';

// The build reads the products a page of 999 at a time, asking for the next page while it keeps the one it
// has: three pages here, from the real API on a loopback port.
const PRODUCTS = 2100;

describe('callAllPages over several pages', () => {
  let server: RunningServer;
  let drop: () => Promise<void>;
  const before = process.env.API_BASE_URL;

  beforeAll(async () => {
    const fresh = await freshDb('pglite', syntheticCatalogue(catalogue, PRODUCTS));
    drop = fresh.drop;
    server = await startServer({ db: fresh.db, port: 0, host: '127.0.0.1' });
    process.env.API_BASE_URL = `http://127.0.0.1:${server.port}/api`;
  }, 120_000);

  afterAll(async () => {
    if (before === undefined) delete process.env.API_BASE_URL;
    else process.env.API_BASE_URL = before;
    await server?.close();
    await drop?.();
  });

  it('answers every record once, in the API order, each passed through keep', async () => {
    const kept: number[] = [];
    const records = await callAllPages(productPage, { language: 'en' }, (record) => {
      kept.push(record.id);
      return { ...record, name: `kept ${record.name}` };
    });
    expect(records).toHaveLength(PRODUCTS);
    expect(new Set(records.map((record) => record.id)).size).toBe(PRODUCTS);
    expect(records.map((record) => record.id)).toEqual(kept);
    expect(records.every((record) => record.name.startsWith('kept '))).toBe(true);
    // The same order as one page of the API's own listing gives, at the start of each page.
    for (const pageNum of [1, 2, 3]) {
      const page = await callApi(productPage, { language: 'en', pageNum, pageSize: 999 });
      expect(records[(pageNum - 1) * 999]?.id).toBe(page.records[0]?.id);
    }
  });

  it("gives each product in a page the same record as the product's own call", async () => {
    const records = await callAllPages(productPage, { language: 'zh' });
    for (const at of [0, 998, 999, 1500, PRODUCTS - 1]) {
      const record = records[at];
      expect(record).toBeDefined();
      expect(await callApi(productItem, { language: 'zh', id: record?.id ?? 0 })).toEqual(record);
    }
    const withEverything = records.find(
      (record) => record.related.length > 0 && record.options.length > 0 && record.attributes.length > 0,
    );
    expect(withEverything).toBeDefined();
  });
});
