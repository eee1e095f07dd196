// `npm run bench:api`: the customer API under load. Starts the API on in-memory PGlite (and on
// DATABASE_URL when set), logs in 50 customers, then drives cart add (/shop/cart/save) and cart page
// (/shop/cart/page) with 50 connections for ~10 s each, every connection with its own customer's
// token, and prints p50/p99 latency, requests/s and errors. The load runs in a worker thread so it
// does not share the event loop of the server it measures. On DATABASE_URL it migrates and seeds as
// the server would, and deletes its bench customers afterwards.
//
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=50 npm run bench:api
//   DATABASE_URL=postgres://… BENCH_DB=postgres npm run bench:api   (one database only: pglite | postgres)

import type { AddressInfo } from 'node:net';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { Hono } from 'hono';
import { benchDatabases, loginCustomers, startBenchServer, table } from './bench-setup.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** The latency budget the figures are checked against. */
const P99_TARGET_MS = 20;

interface Load {
  title: string;
  url: string;
  /** One body and one token per connection. */
  bodies: string[];
  tokens: string[];
}

interface Figures {
  title: string;
  p50: number;
  p99: number;
  rps: number;
  requests: number;
  errors: number;
  non2xx: number;
  mismatches: number;
  /** CPU milliseconds of the server's thread per request. */
  cpuMs?: number;
}

/** In the worker: one autocannon run, each connection with its own token and body. */
async function runLoad(load: Load): Promise<Figures> {
  let next = 0;
  const options: autocannon.Options = {
    url: load.url,
    method: 'POST',
    connections: load.tokens.length,
    duration: SECONDS,
    headers: { 'content-type': 'application/json' },
    setupClient(client) {
      const i = next++ % load.tokens.length;
      client.setHeadersAndBody(
        { 'content-type': 'application/json', satoken: load.tokens[i] ?? '' },
        load.bodies[i] ?? '{}',
      );
    },
    // The envelope's code must be 200, not only the HTTP status.
    verifyBody: (body) => String(body).startsWith('{"code":200,'),
  };
  // Off the main thread autocannon answers raw histograms (as for its own workers): aggregate them.
  // (aggregateResult is missing from @types/autocannon.)
  const raw = await autocannon(options);
  const { aggregateResult } = autocannon as unknown as {
    aggregateResult(results: unknown[], options: autocannon.Options): autocannon.Result;
  };
  const result = aggregateResult([raw], options);
  return {
    title: load.title,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.total / result.duration,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    mismatches: result.mismatches,
  };
}

/**
 * Runs a load from a worker thread, and measures the CPU time the server's thread (this one) spent
 * per request: unlike latency, that figure does not depend on what else the machine is doing.
 */
async function inWorker(load: Load): Promise<Figures> {
  const before = process.threadCpuUsage();
  const figures = await new Promise<Figures>((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: load });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const used = process.threadCpuUsage(before);
  return { ...figures, cpuMs: (used.user + used.system) / 1000 / Math.max(1, figures.requests) };
}

async function benchDatabase(label: string, url: string | undefined): Promise<Figures[]> {
  const started = performance.now();
  const bench = await startBenchServer(url);
  const base = bench.api;
  try {
    const products = await bench.db.query<{ id: number }>(
      'select id from product where published order by id limit $1',
      [CONNECTIONS + 5],
    );
    const customers = await loginCustomers(bench, CONNECTIONS);
    const tokens = customers.map((customer) => customer.token);
    // A few lines already in each cart, so a cart page has something to show.
    for (const [i, customer] of customers.entries()) {
      await bench.db.query(
        `insert into cart_item (client_id, product_id, quantity)
         select $1, id, 1 from product where id = any($2::int[])`,
        [customer.id, products.slice(i % 5, (i % 5) + 5).map((p) => p.id)],
      );
    }
    console.log(
      `\n${label}: ${CONNECTIONS} customers logged in, ${products.length} products (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    const add = await inWorker({
      title: 'cart add  POST /shop/cart/save',
      url: `${base}/shop/cart/save`,
      tokens,
      bodies: tokens.map((_, i) =>
        JSON.stringify({ language: 'en', productId: products[(i + 5) % products.length]?.id, quantity: 1 }),
      ),
    });
    const page = await inWorker({
      title: 'cart page POST /shop/cart/page',
      url: `${base}/shop/cart/page`,
      tokens,
      bodies: tokens.map(() => JSON.stringify({ language: 'zh', pageNum: 1, pageSize: 999 })),
    });
    return [add, page];
  } finally {
    await bench.close();
  }
}

/**
 * What this machine can do at all: the same load against a Hono app on the same Node server adapter
 * whose one handler reads the JSON body and answers a small envelope, without any database.
 */
async function benchCeiling(): Promise<Figures> {
  const app = new Hono();
  app.post('/noop', async (c) => c.json({ code: 200, msg: 'ok', data: JSON.parse(await c.req.text()) }));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;
  try {
    return await inWorker({
      title: 'no-op   POST (no database)',
      url: `http://127.0.0.1:${port}/noop`,
      tokens: Array.from({ length: CONNECTIONS }, () => ''),
      bodies: Array.from({ length: CONNECTIONS }, () => JSON.stringify({ language: 'en', pageNum: 1 })),
    });
  } finally {
    server.close();
  }
}

function print(label: string, rows: Figures[]): boolean {
  console.log(`\n${label} (${CONNECTIONS} connections, ${SECONDS} s each)`);
  let ok = true;
  for (const row of rows) ok &&= row.p99 <= P99_TARGET_MS && row.errors + row.non2xx + row.mismatches === 0;
  console.log(
    table(
      ['call', 'p50 ms', 'p99 ms', 'req/s', 'requests', 'errors', 'non-2xx', 'code≠200', 'CPU ms/req'],
      rows.map((row) => [
        row.title,
        row.p50,
        row.p99,
        row.rps.toFixed(0),
        row.requests,
        row.errors,
        row.non2xx,
        row.mismatches,
        (row.cpuMs ?? 0).toFixed(3),
      ]),
    ),
  );
  return ok;
}

if (isMainThread) {
  const results: [string, Figures[]][] = [];
  for (const { label, url } of benchDatabases()) results.push([label, await benchDatabase(label, url)]);
  let allOk = true;
  for (const [label, rows] of results) allOk = print(label, rows) && allOk;
  print('For scale: the same load on an empty Hono handler (no database), the ceiling of this machine', [
    await benchCeiling(),
  ]);
  console.log(
    `\n${allOk ? 'Within' : 'Outside'} the target: p99 <= ${P99_TARGET_MS} ms with no errors${allOk ? '.' : ' (see above).'}`,
  );
} else {
  parentPort?.postMessage(await runLoad(workerData as Load));
}
