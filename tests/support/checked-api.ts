import type { Db } from '#server/db/index.ts';
import { prepareDb, startServer } from '#server/server.ts';

// The real API on the demo catalogue (PGlite) for tests of a built site's checks (src/build/verify/), which
// ask it how many products are published: its base URL and that count.

export interface CheckedApi {
  /** The API's base, e.g. http://127.0.0.1:4321/api. */
  api: string;
  /** Published products, as `/product/page` counts them. */
  products: number;
  close(): Promise<void>;
}

export async function startCheckedApi(): Promise<CheckedApi> {
  const db: Db = await prepareDb({});
  const server = await startServer({ db, port: 0, host: '127.0.0.1' });
  const api = `http://127.0.0.1:${server.port}/api`;
  const response = await fetch(`${api}/product/page`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ language: 'en', pageNum: 1, pageSize: 1 }),
  });
  const products = ((await response.json()) as { data: { total: number } }).data.total;
  return {
    api,
    products,
    close: async () => {
      await server.close();
      await db.close();
    },
  };
}
