// `npm run bench:search`: search under load. Starts the API in a process of its own on 127.0.0.1, on
// in-memory PGlite seeded with a synthetic catalogue of BENCH_PRODUCTS (10,000) products (or on
// DATABASE_URL with BENCH_DB=postgres: an empty database is seeded the same way, a seeded one is used
// as it is), prints how long seeding and a full reindex took and the size of the search tables, then
// drives, with 50 connections for ~10 s each after a 3 s warm-up, the API's cheapest call
// (/system/config/list), suggestions (/product/select/keyword, each connection its own keyword from
// a mix of English, Chinese, pinyin, part numbers, typos and prefixes, in both languages) and the
// search page (/product/select/product), for BENCH_ROUNDS rounds, and checks the median round:
// suggestion p99 <= 25 ms and at least half the cheapest call's requests/s.
//
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=50 BENCH_ROUNDS=3 BENCH_PRODUCTS=10000 npm run bench:search

import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createMailer } from '#server/mail/mailer.ts';
import { indexSearch } from '#server/search/index.ts';
import { search, suggest } from '#server/search/search.ts';
import { catalogue } from '#server/seed/data/index.ts';
import { seedCatalogue } from '#server/seed/index.ts';
import { syntheticCatalogue } from '#server/seed/synthetic.ts';
import { prepareDb, startServer } from '#server/server.ts';
import { table } from './bench-setup.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const WARMUP_SECONDS = 3;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const P99_TARGET_MS = 25;
/** Suggestions must answer at least this share of the cheapest call's requests/s. */
const RPS_SHARE = 0.5;

/** What visitors type: words in both languages, pinyin, part numbers whole, in part and one off, typos, prefixes. */
const KEYWORDS: [string, 'en' | 'zh'][] = [
  ['光谱仪', 'zh'],
  ['拉曼', 'zh'],
  ['guangpuyi', 'zh'],
  ['gpy', 'zh'],
  ['显微镜', 'zh'],
  ['激光器 532', 'zh'],
  ['spuvvis25', 'en'],
  ['SP-UV', 'en'],
  ['ls-532-100', 'zh'],
  ['RS-785-H', 'en'],
  ['ccs200m', 'en'],
  ['spuvis25', 'en'],
  ['lasers', 'en'],
  ['spectromter', 'en'],
  ['measuring', 'en'],
  ['raman probe', 'en'],
  ['objective 50x', 'en'],
  ['fiber spec', 'en'],
  ['microscopes', 'zh'],
  ['detector', 'en'],
  ['lamp', 'en'],
  ['fl', 'en'],
  ['probe station', 'en'],
  ['荧光', 'zh'],
  ['xianweijing', 'zh'],
];

interface Figures {
  title: string;
  p50: number;
  p99: number;
  rps: number;
  requests: number;
  failures: number;
}

/** One autocannon run, each connection with its own body. */
async function runLoad(title: string, url: string, bodies: string[], seconds = SECONDS): Promise<Figures> {
  let next = 0;
  const result = await autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'content-type': 'application/json' },
    setupClient(client) {
      client.setBody(bodies[next++ % bodies.length] ?? '{}');
    },
    verifyBody: (body) => String(body).startsWith('{"code":200,'),
  });
  return {
    title,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.total / result.duration,
    requests: result.requests.total,
    failures: result.errors + result.timeouts + result.non2xx + result.mismatches,
  };
}

interface Ready {
  api: string;
  products: number;
  seedSeconds: number;
  reindexSeconds: number;
  sizes: { table: string; size: string }[];
  /** Milliseconds of one suggestion and one search page per keyword, computed afresh (no kept answer), one at a time. */
  uncached: [string, number, number][];
}

/** In the server process: the database seeded with the synthetic catalogue, the API on a loopback port. */
async function serverProcess(): Promise<void> {
  const url = process.env.BENCH_SEARCH_URL || undefined;
  const db = await prepareDb({ url, seed: false });
  const [existing] = await db.query<{ n: number }>('select count(*)::int as n from product');
  let seedSeconds = 0;
  if ((existing?.n ?? 0) === 0) {
    const started = performance.now();
    await seedCatalogue(db, syntheticCatalogue(catalogue, PRODUCTS));
    seedSeconds = (performance.now() - started) / 1000;
  }
  const started = performance.now();
  await db.transaction((tx) => indexSearch(tx));
  const reindexSeconds = (performance.now() - started) / 1000;
  const [count] = await db.query<{ n: number }>('select count(*)::int as n from product');
  const sizes = await db.query<{ table: string; size: string }>(
    `select t as table, pg_size_pretty(pg_total_relation_size(t::regclass)) as size
     from unnest(array['product_search', 'category_search', 'family_search', 'search_word', 'product']) t`,
  );
  const uncached: [string, number, number][] = [];
  for (const pass of [0, 1]) {
    for (const [keyWord, language] of KEYWORDS) {
      const t0 = performance.now();
      await suggest(db, language, keyWord);
      const t1 = performance.now();
      await search(db, language, { keyWord, selectType: 'keyword', pageNum: 1, pageSize: 20 });
      if (pass === 1) uncached.push([`${keyWord} (${language})`, t1 - t0, performance.now() - t1]);
    }
  }
  const outbox = mkdtempSync(join(tmpdir(), 'bench-search-mail-'));
  const server = await startServer({ db, port: 0, host: '127.0.0.1', mailer: createMailer({ outboxDir: outbox }) });
  process.send?.({
    api: `http://127.0.0.1:${server.port}/api`,
    products: count?.n ?? 0,
    seedSeconds,
    reindexSeconds,
    sizes,
    uncached,
  } satisfies Ready);
  process.once('message', async () => {
    await server.close();
    await db.close();
    rmSync(outbox, { recursive: true, force: true });
    process.disconnect();
  });
}

async function startServerProcess(url: string | undefined): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(new URL(import.meta.url), {
    env: { ...process.env, BENCH_SEARCH_SERVER: '1', BENCH_SEARCH_URL: url ?? '' },
    stdio: 'inherit',
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Ready));
    child.once('exit', (code) => reject(new Error(`the bench server stopped (exit ${code}) before it was ready`)));
  });
  return { child, ready };
}

function median(title: string, rounds: Figures[]): Figures {
  const mid = (pick: (row: Figures) => number) => {
    const values = rounds.map(pick).sort((a, b) => a - b);
    return values[Math.floor((values.length - 1) / 2)] ?? Number.NaN;
  };
  return {
    title,
    p50: mid((row) => row.p50),
    p99: mid((row) => row.p99),
    rps: mid((row) => row.rps),
    requests: rounds.reduce((total, row) => total + row.requests, 0),
    failures: rounds.reduce((total, row) => total + row.failures, 0),
  };
}

async function benchDatabase(label: string, url: string | undefined): Promise<boolean> {
  const { child, ready } = await startServerProcess(url);
  try {
    console.log(
      `\n${label}: ${ready.products} products; seeding ${ready.seedSeconds.toFixed(1)} s, full reindex ${ready.reindexSeconds.toFixed(1)} s`,
    );
    console.log(
      table(
        ['table', 'size with indexes'],
        ready.sizes.map((row) => [row.table, row.size]),
      ),
    );
    console.log('\nComputed afresh, one call at a time (what a keyword costs the first time it is asked):');
    console.log(
      table(
        ['keyword', 'suggest ms', 'page ms'],
        ready.uncached.map(([keyword, a, b]) => [keyword, a.toFixed(1), b.toFixed(1)]),
      ),
    );
    const loads = {
      cheapest: {
        url: `${ready.api}/system/config/list`,
        bodies: [JSON.stringify({ language: 'en' })],
      },
      suggest: {
        url: `${ready.api}/product/select/keyword`,
        bodies: KEYWORDS.map(([keyWord, language]) => JSON.stringify({ language, keyWord })),
      },
      page: {
        url: `${ready.api}/product/select/product`,
        bodies: KEYWORDS.map(([keyWord, language]) => JSON.stringify({ language, keyWord, pageSize: 20 })),
      },
    };
    for (const load of Object.values(loads)) await runLoad('warm-up', load.url, load.bodies, WARMUP_SECONDS);
    const rows: Figures[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      rows.push(
        await runLoad(`cheapest  /system/config/list     #${round}`, loads.cheapest.url, loads.cheapest.bodies),
        await runLoad(`suggest   /product/select/keyword #${round}`, loads.suggest.url, loads.suggest.bodies),
        await runLoad(`page      /product/select/product #${round}`, loads.page.url, loads.page.bodies),
      );
    }
    const medians = ['cheapest', 'suggest ', 'page    '].map((call) =>
      median(
        `${call.trim()} median of ${ROUNDS}`,
        rows.filter((row) => row.title.startsWith(call)),
      ),
    );
    console.log(`\n${label} (${CONNECTIONS} connections, ${SECONDS} s each)`);
    console.log(
      table(
        ['call', 'p50 ms', 'p99 ms', 'req/s', 'requests', 'failures'],
        [...rows, ...medians].map((row) => [
          row.title,
          row.p50,
          row.p99,
          row.rps.toFixed(0),
          row.requests,
          row.failures,
        ]),
      ),
    );
    const [cheapest, suggest] = medians as [Figures, Figures];
    const share = suggest.rps / cheapest.rps;
    const ok = suggest.p99 <= P99_TARGET_MS && share >= RPS_SHARE && suggest.failures === 0;
    console.log(
      `\n${label}: suggestions p99 ${suggest.p99} ms (target <= ${P99_TARGET_MS}), ${(share * 100).toFixed(0)}% of the cheapest call's requests/s (target >= ${RPS_SHARE * 100}%): ${ok ? 'within' : 'outside'} the target`,
    );
    return ok;
  } finally {
    const exited = once(child, 'exit');
    child.send('close');
    await exited;
  }
}

if (process.env.BENCH_SEARCH_SERVER) await serverProcess();
else {
  const databases: [string, string | undefined][] = [];
  if (process.env.BENCH_DB !== 'postgres') databases.push(['PGlite (in memory)', undefined]);
  if (process.env.DATABASE_URL && process.env.BENCH_DB !== 'pglite')
    databases.push(['PostgreSQL (DATABASE_URL)', process.env.DATABASE_URL]);
  let ok = true;
  for (const [label, url] of databases) ok = (await benchDatabase(label, url)) && ok;
  process.exitCode = ok ? 0 : 1;
}
