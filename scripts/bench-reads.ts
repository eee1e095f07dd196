// `npm run bench:reads`: the catalogue's read calls under load against `/system/config/list`, the
// cheapest call (issue 41, item 3; decision 0075). Starts the API in a process of its own (on in-memory
// PGlite, and on DATABASE_URL when set), then drives each call from this process with 50 connections
// for BENCH_SECONDS (5) after a 2 s warm-up of every call, the connections spread over a few products, categories,
// articles and solutions in both languages, and prints req/s and p99 with each call's share of
// config/list's. The target: every read at ≥ 50 % of its req/s and p99 within twice its p99.
// READ_CACHE_MB=0 measures the reads without the cache. Requests carry `Accept-Encoding: gzip, deflate`, as
// Node's fetch (ky, the build) and browsers send it; BENCH_GZIP=0 leaves it out.
//
//   BENCH_SECONDS=5 BENCH_CONNECTIONS=50 npm run bench:reads
//   DATABASE_URL=postgres://… BENCH_DB=postgres npm run bench:reads   (one database only: pglite | postgres)

import { fork } from 'node:child_process';
import { once } from 'node:events';
import { Pool } from 'undici';
import { benchDatabases, startBenchServer, table } from './bench-setup.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = 2;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** What Node's fetch (and so ky, and the build) sends; BENCH_GZIP=0 asks for plain answers. */
const GZIP = process.env.BENCH_GZIP !== '0';
const ENCODING: Record<string, string> = GZIP ? { 'accept-encoding': 'gzip, deflate' } : {};

/** A call and the bodies its connections send, one each in turn. */
type Load = [path: string, bodies: object[]];

interface Ready {
  kind: 'ready';
  api: string;
  loads: Load[];
}

/** In the server process: the API on BENCH_READS_URL (empty for PGlite), and the loads to drive. */
async function serverProcess(): Promise<void> {
  const bench = await startBenchServer(process.env.BENCH_READS_URL || undefined);
  const ids = async (table: string) =>
    (await bench.db.query<{ id: number }>(`select id from ${table} where published order by id limit 8`)).map(
      (row) => row.id,
    );
  const both = (make: (id: number) => object, list: number[]) =>
    list.flatMap((id) => ['en', 'zh'].map((language) => ({ language, ...make(id) })));
  const [products, categories, articles, solutions] = await Promise.all([
    ids('product'),
    ids('category'),
    ids('article'),
    ids('solution'),
  ]);
  const loads: Load[] = [
    ['/system/config/list', [{ language: 'en' }, { language: 'zh' }]],
    ['/product/item', both((id) => ({ id }), products)],
    ['/product/page', both((pageNum) => ({ pageNum, pageSize: 20 }), [1, 2, 3])],
    ['/category/list', both(() => ({}), [0])],
    ['/category/item', both((id) => ({ id, pageSize: 20 }), categories)],
    ['/solutions/page', both((pageNum) => ({ pageNum }), [1])],
    ['/solutions/item', both((id) => ({ id }), solutions)],
    ['/news/page', both((pageNum) => ({ pageNum }), [1, 2])],
    ['/news/item', both((id) => ({ id }), articles)],
    ['/system/page/list', both(() => ({}), [0])],
    ['/system/config/meta', both(() => ({ pageHome: 'home' }), [0])],
  ];
  process.send?.({ kind: 'ready', api: bench.api, loads } satisfies Ready);
  process.once('message', () => void bench.close().then(() => process.exit(0)));
}

/**
 * Drives `url` with CONNECTIONS connections for `seconds`, each sending its bodies in turn and reading every
 * answer to its end, through undici (the client Node's fetch is made of, so what ky and the build use). Not
 * autocannon: it decodes every body it receives into a string, which for gzipped bytes costs its thread
 * more than the server spends answering.
 */
async function run(url: string, bodies: object[], seconds: number) {
  const { origin, pathname } = new URL(url);
  const pool = new Pool(origin, { connections: CONNECTIONS, pipelining: 1 });
  const encoded = bodies.map((body) => JSON.stringify(body));
  const latencies: number[] = [];
  let bad = 0;
  let bytes = 0;
  let next = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const sent = performance.now();
        try {
          const answer = await pool.request({
            path: pathname,
            method: 'POST',
            headers: { 'content-type': 'application/json', ...ENCODING },
            body: encoded[next++ % encoded.length] ?? '{}',
          });
          if (answer.statusCode !== 200) bad++;
          for await (const chunk of answer.body) bytes += (chunk as Buffer).byteLength;
        } catch {
          bad++;
        }
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    p99: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
    bad,
    kb: bytes / Math.max(latencies.length, 1) / 1024,
  };
}

/** Every body of a load answered with code 200 through fetch, which takes gzip and unzips it. */
async function check(url: string, bodies: object[]): Promise<number> {
  let bad = 0;
  for (const body of bodies) {
    for (let again = 0; again < 2; again++) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...ENCODING },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as { code?: number };
      if (answer.code !== 200) bad++;
    }
  }
  return bad;
}

async function benchDatabase(label: string, url: string | undefined): Promise<boolean> {
  const child = fork(import.meta.filename, [], {
    env: { ...process.env, BENCH_READS_SERVER: '1', BENCH_READS_URL: url ?? '' },
  });
  const [ready] = (await once(child, 'message')) as [Ready];
  try {
    const rows: (string | number)[][] = [];
    let base: { rps: number; p99: number } | undefined;
    let ok = true;
    // Every call warmed up first, so config/list, measured first, runs on code as warm as the rest.
    for (const [path, bodies] of ready.loads) await run(`${ready.api}${path}`, bodies, WARMUP_SECONDS);
    for (const [path, bodies] of ready.loads) {
      const checked = await check(`${ready.api}${path}`, bodies);
      const figures = await run(`${ready.api}${path}`, bodies, SECONDS);
      figures.bad += checked;
      base ??= figures;
      const share = figures.rps / base.rps;
      const pass = share >= 0.5 && figures.p99 <= 2 * Math.max(base.p99, 1) && figures.bad === 0;
      ok &&= pass;
      rows.push([
        path,
        Math.round(figures.rps),
        figures.p99,
        figures.kb.toFixed(1),
        `${Math.round(share * 100)} %`,
        figures.bad,
        pass ? 'ok' : 'MISSED',
      ]);
    }
    console.log(
      `\n${label}, ${CONNECTIONS} connections, ${SECONDS} s each, read cache ${process.env.READ_CACHE_MB ?? 64} MB, ${GZIP ? 'Accept-Encoding: gzip' : 'no Accept-Encoding'}:`,
    );
    console.log(table(['call', 'req/s', 'p99 ms', 'KiB sent', 'of config', 'bad', 'target'], rows));
    return ok;
  } finally {
    child.send({ kind: 'close' });
    await once(child, 'exit');
  }
}

if (process.env.BENCH_READS_SERVER) await serverProcess();
else {
  let ok = true;
  for (const { label, url } of benchDatabases()) ok = (await benchDatabase(label, url)) && ok;
  console.log(ok ? '\nEvery read within the target.' : '\nSome reads missed the target.');
}
