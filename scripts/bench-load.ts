// `npm run bench:load`: the whole shop under a mixed load. Builds the demo site into a temp dir, serves
// it with the API on in-memory PGlite (and on DATABASE_URL when set), logs in 50 customers, and for
// BENCH_SECONDS (30) has each of them, on a keep-alive connection of its own, view static pages (both
// locales, and their _payload.json), read the catalogue API and write and read its cart. It prints p50
// and p99 latency, requests/s, errors and non-2xx answers per kind of request, then checks that every
// customer's cart holds exactly what its writes answered with 200 made of it. The load runs in a worker
// thread, so it does not share the event loop of the server it measures. Exits non-zero on any error,
// non-2xx answer or cart that differs.
//
//   BENCH_SECONDS=30 BENCH_CONNECTIONS=50 npm run bench:load
//   DATABASE_URL=postgres://… BENCH_DB=postgres npm run bench:load   (one database only: pglite | postgres)

import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { releasesTidied } from '#build/publish/releases.ts';
import { buildSite } from '#build/site-build.ts';
import { type BenchServer, benchDatabases, loginCustomers, startBenchServer, table } from './bench-setup.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CUSTOMERS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** A request without an answer by then counts as an error. */
const TIMEOUT_MS = 10_000;

const KINDS = [
  'page view  GET static file',
  'catalogue  POST /api/…',
  'cart write POST save|update|delete',
  'cart read  POST /shop/cart/page',
] as const;
type Kind = (typeof KINDS)[number];
/** The share of each kind in every customer's stream of requests. */
const MIX: [Kind, number][] = [
  [KINDS[0], 0.4],
  [KINDS[1], 0.3],
  [KINDS[2], 0.15],
  [KINDS[3], 0.15],
];

interface Plan {
  port: number;
  seconds: number;
  /** Paths of static files: pages and their _payload.json. */
  pages: string[];
  /** Catalogue calls: path under /api and JSON body. */
  catalogue: [string, string][];
  /** Products the customers put in their carts. */
  products: number[];
  tokens: string[];
}

interface KindFigures {
  kind: Kind;
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

interface LoadResult {
  kinds: KindFigures[];
  seconds: number;
  /** Per customer: what its cart should hold, [productId, quantity]. */
  carts: [number, number][][];
  writes: number;
  /** Cart reads during the load whose lines differed from what the customer had written by then. */
  staleReads: number;
}

interface CartPage {
  code: number;
  data: { records: { productId: number; quantity: number }[] } | null;
}

const sameCart = (records: { productId: number; quantity: number }[], expected: Map<number, number>) =>
  records.length === expected.size && records.every((line) => expected.get(line.productId) === line.quantity);

// ---- in the worker: the load ----

/** One request on the customer's own keep-alive connection; answers the status and the body (JSON ones only). */
function send(
  agent: Agent,
  port: number,
  method: 'GET' | 'POST',
  path: string,
  body?: string,
  token?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {};
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(body);
    }
    if (token) headers.satoken = token;
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      const json = res.headers['content-type']?.startsWith('application/json');
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => {
        if (json) chunks.push(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** The kind of request a roll in [0, 1) stands for, by the shares of MIX. */
function pickKind(roll: number): Kind {
  let below = 0;
  for (const [kind, share] of MIX) {
    below += share;
    if (roll < below) return kind;
  }
  return KINDS[0];
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function runLoad(plan: Plan): Promise<LoadResult> {
  const latencies = new Map<Kind, number[]>(KINDS.map((kind) => [kind, []]));
  const errors = new Map<Kind, number>(KINDS.map((kind) => [kind, 0]));
  const non2xx = new Map<Kind, number>(KINDS.map((kind) => [kind, 0]));
  const carts = plan.tokens.map(() => new Map<number, number>());
  let writes = 0;
  let staleReads = 0;
  const started = performance.now();
  const end = started + plan.seconds * 1000;

  /** Sends and measures one request; undefined when its answer was lost (an error). */
  async function timed(kind: Kind, go: () => Promise<{ status: number; text: string }>) {
    const start = performance.now();
    try {
      const answer = await go();
      latencies.get(kind)?.push(performance.now() - start);
      if (answer.status < 200 || answer.status > 299) non2xx.set(kind, (non2xx.get(kind) ?? 0) + 1);
      return answer;
    } catch {
      errors.set(kind, (errors.get(kind) ?? 0) + 1);
      return undefined;
    }
  }

  async function customer(index: number): Promise<void> {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const token = plan.tokens[index];
    const cart = carts[index] as Map<number, number>;
    const api = async (kind: Kind, path: string, payload: object) => {
      const answer = await timed(kind, () =>
        send(agent, plan.port, 'POST', `/api${path}`, JSON.stringify(payload), token),
      );
      return answer?.status === 200 ? (JSON.parse(answer.text) as { code: number; data: unknown }) : undefined;
    };
    while (performance.now() < end) {
      const kind = pickKind(Math.random());
      if (kind === KINDS[0]) {
        await timed(kind, () => send(agent, plan.port, 'GET', pick(plan.pages)));
      } else if (kind === KINDS[1]) {
        const [path, body] = pick(plan.catalogue);
        await timed(kind, () => send(agent, plan.port, 'POST', `/api${path}`, body));
      } else if (kind === KINDS[2]) {
        // Only what an answer of 200 confirmed counts; update and delete pick lines the cart holds.
        const lines = [...cart.keys()];
        const choice = Math.random();
        if (lines.length === 0 || choice < 0.5) {
          const productId = pick(plan.products);
          const quantity = 1 + Math.floor(Math.random() * 3);
          const answer = await api(kind, '/shop/cart/save', { language: 'en', productId, quantity });
          if (answer?.code === 200) {
            cart.set(productId, Math.min((cart.get(productId) ?? 0) + quantity, 999));
            writes++;
          }
        } else if (choice < 0.8) {
          const productId = pick(lines);
          const quantity = 1 + Math.floor(Math.random() * 20);
          const answer = await api(kind, '/shop/cart/update', { language: 'zh', productId, quantity });
          if (answer?.code === 200) {
            cart.set(productId, quantity);
            writes++;
          }
        } else {
          const productId = pick(lines);
          const answer = await api(kind, '/shop/cart/delete', { productId });
          if (answer?.code === 200) {
            cart.delete(productId);
            writes++;
          }
        }
      } else {
        const answer = (await api(kind, '/shop/cart/page', { language: 'en', pageSize: 999 })) as CartPage | undefined;
        if (answer?.data && !sameCart(answer.data.records, cart)) staleReads++;
      }
    }
    agent.destroy();
  }

  await Promise.all(plan.tokens.map((_, index) => customer(index)));
  const seconds = (performance.now() - started) / 1000;
  return {
    seconds,
    writes,
    staleReads,
    carts: carts.map((cart) => [...cart]),
    kinds: KINDS.map((kind) => {
      const sorted = (latencies.get(kind) ?? []).sort((a, b) => a - b);
      return {
        kind,
        requests: sorted.length + (errors.get(kind) ?? 0),
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        errors: errors.get(kind) ?? 0,
        non2xx: non2xx.get(kind) ?? 0,
      };
    }),
  };
}

// ---- in the main thread: the site, the servers, the check ----

/** The static files the load views: a few pages of each kind in both locales, and their payloads. */
function staticFiles(siteDir: string): string[] {
  const pages: string[] = [];
  for (const locale of ['', 'zh-CN/']) {
    pages.push(`/${locale}`, `/${locale}knowledge/`);
    for (const section of ['category/detail', 'product', 'knowledge']) {
      const dir = join(siteDir, locale, section);
      if (!existsSync(dir)) continue;
      const names = readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'index.html')))
        .map((entry) => entry.name)
        .sort()
        .slice(0, 3);
      pages.push(...names.map((name) => `/${locale}${section}/${name}/`));
    }
  }
  const payloads = pages.map((page) => `${page}_payload.json`).filter((file) => existsSync(join(siteDir, file)));
  return [...pages, ...payloads];
}

async function catalogueCalls(bench: BenchServer): Promise<{ catalogue: [string, string][]; products: number[] }> {
  const products = (
    await bench.db.query<{ id: number }>('select id from product where published order by id limit 20')
  ).map((row) => row.id);
  const categories = (await bench.db.query<{ id: number }>('select id from category order by id limit 4')).map(
    (row) => row.id,
  );
  const calls: [string, object][] = [
    ['/category/list', { language: 'en' }],
    ['/category/list', { language: 'zh' }],
    ['/product/page', { language: 'en', pageNum: 1, pageSize: 12 }],
    ['/product/page', { language: 'zh', pageNum: 2, pageSize: 12 }],
    ['/news/page', { language: 'en', kind: 'knowledge', pageSize: 10 }],
    ...products.slice(0, 6).map((id, i): [string, object] => ['/product/item', { language: i % 2 ? 'zh' : 'en', id }]),
    ...categories.map((id): [string, object] => ['/category/item', { language: 'en', id, pageSize: 12 }]),
  ];
  return { catalogue: calls.map(([path, body]) => [path, JSON.stringify(body)]), products };
}

function inWorker(plan: Plan): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: plan });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** Runs the load on one database; answers whether everything passed. */
async function benchDatabase(label: string, bench: BenchServer, siteDir: string): Promise<boolean> {
  const pages = staticFiles(siteDir);
  for (const page of pages) {
    const response = await fetch(`${bench.origin}${page}`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${page} answered ${response.status} before the load`);
  }
  const { catalogue, products } = await catalogueCalls(bench);
  const customers = await loginCustomers(bench, CUSTOMERS);
  console.log(
    `\n${label}: ${CUSTOMERS} customers, ${pages.length} static files, ${catalogue.length} catalogue calls, ${products.length} products to put in carts`,
  );
  const result = await inWorker({
    port: bench.server.port,
    seconds: SECONDS,
    pages,
    catalogue,
    products,
    tokens: customers.map((customer) => customer.token),
  });

  let differing = 0;
  for (const [i, customer] of customers.entries()) {
    const response = await fetch(`${bench.api}/shop/cart/page`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', satoken: customer.token },
      body: JSON.stringify({ pageSize: 999 }),
    });
    const answer = (await response.json()) as CartPage;
    const expected = new Map(result.carts[i]);
    if (answer.code !== 200 || !answer.data || !sameCart(answer.data.records, expected)) {
      differing++;
      if (differing <= 3)
        console.log(
          `  customer ${i}: cart holds ${JSON.stringify(answer.data?.records.map((line) => [line.productId, line.quantity]))}, expected ${JSON.stringify([...expected])}`,
        );
    }
  }

  const total = result.kinds.reduce((sum, row) => sum + row.requests, 0);
  console.log(
    table(
      ['kind', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx'],
      [
        ...result.kinds.map((row) => [
          row.kind,
          row.requests,
          (row.requests / result.seconds).toFixed(0),
          row.p50.toFixed(1),
          row.p99.toFixed(1),
          row.errors,
          row.non2xx,
        ]),
        ['all', total, (total / result.seconds).toFixed(0), '', '', '', ''],
      ],
    ),
  );
  const lines = result.carts.reduce((sum, cart) => sum + cart.length, 0);
  console.log(
    `Carts: ${customers.length - differing} of ${customers.length} hold exactly what was written (${result.writes} writes answered 200, ${lines} lines in all); ${result.staleReads} cart reads during the load differed.`,
  );
  const failures = result.kinds.reduce((sum, row) => sum + row.errors + row.non2xx, 0);
  return failures === 0 && differing === 0 && result.staleReads === 0;
}

if (isMainThread) {
  const work = mkdtempSync(join(tmpdir(), 'bench-load-'));
  const siteDir = join(work, 'site');
  let allOk = true;
  try {
    for (const [i, { label, url }] of benchDatabases().entries()) {
      // The server serves siteDir as it is on each request, so the first one can build it.
      const bench = await startBenchServer(url, siteDir);
      try {
        if (i === 0) {
          console.log(`Building the demo site from ${label}…`);
          const { ms } = await buildSite({
            apiBaseUrl: bench.api,
            outDir: siteDir,
            verbose: false,
            cacheDir: join(work, 'astro-cache'),
          });
          console.log(`Site built in ${(ms / 1000).toFixed(1)} s.`);
        }
        allOk = (await benchDatabase(label, bench, siteDir)) && allOk;
      } finally {
        await bench.close();
      }
    }
  } finally {
    // A first build's staging tree is copied back after its publish (decision 0031).
    await releasesTidied();
    rmSync(work, { recursive: true, force: true });
  }
  console.log(
    `\n${allOk ? 'No errors, and every cart as written.' : 'FAILED: errors, non-2xx answers or carts that differ (see above).'}`,
  );
  if (!allOk) process.exitCode = 1;
} else {
  parentPort?.postMessage(await runLoad(workerData as Plan));
}
