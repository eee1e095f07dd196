// `npm run fuzz:model -- --runs N [--seed S] [--lanes L]`: N random sequences of customer calls
// (tests/support/model/: register, log in and out, cart, favourites, saved articles, addresses, order
// requests, some two at once), each a new customer, checked after every step against a model in memory.
// The API runs in a process of its own on a free 127.0.0.1 port, on a fresh PGlite in memory or on
// DATABASE_URL when set (use a database for tests: the run's customers are deleted afterwards), its mail
// going to an SMTP sink in this process, where registrations read their codes. Prints runs, steps and
// answers by step and status, and any failure shrunk with the command that replays it. Exits 1 on a
// failure or a server that died.

import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createMailer } from '#server/mail/mailer.ts';
import { startSmtpSink } from '#server/mail/sink.ts';
import { prepareDb, startServer } from '#server/server.ts';
import { trustTheFuzzer } from '#tests/support/model/client-address.ts';
import { fuzzModel, reportLines } from '#tests/support/model/run.ts';

type FromServer = { kind: 'ready'; api: string; database: string } | { kind: 'closed' };
type ToServer = { kind: 'close'; usernames: string };

// ---- the server process ----

async function serverProcess(): Promise<void> {
  const send = (message: FromServer) => process.send?.(message);
  const url = process.env.DATABASE_URL || undefined;
  const db = await prepareDb(url ? { url } : {});
  const mailer = createMailer({ smtpUrl: process.env.FUZZ_MODEL_SMTP });
  console.log = () => {};
  const server = await startServer({ db, port: 0, host: '127.0.0.1', mailer, ...trustTheFuzzer });
  send({
    kind: 'ready',
    api: `http://127.0.0.1:${server.port}/api`,
    database: url ? 'PostgreSQL (DATABASE_URL)' : 'a fresh PGlite in memory',
  });
  process.on('message', async (message: ToServer) => {
    await server.close();
    mailer.close();
    if (url) {
      const ours = 'select id from customer where username like $1';
      await db.query(`delete from customer_order where customer_id in (${ours})`, [message.usernames]);
      await db.query(`delete from customer where id in (${ours})`, [message.usernames]);
    }
    await db.close();
    send({ kind: 'closed' });
    process.disconnect();
  });
}

// ---- this process: the fuzzer ----

const USAGE =
  'Usage: npm run fuzz:model -- [--runs N] [--seed S] [--lanes L] [--path P --replay-path R]   (N default 100; L runs at once, default 3; DATABASE_URL to run on a PostgreSQL server)';

function options() {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        runs: { type: 'string' },
        seed: { type: 'string' },
        lanes: { type: 'string' },
        path: { type: 'string' },
        'replay-path': { type: 'string' },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const runs = Number(values.runs ?? 100);
  const seed = Number(values.seed ?? Math.floor(Math.random() * 2 ** 31));
  const lanes = Number(values.lanes ?? 3);
  const whole = (n: number, max: number) => Number.isInteger(n) && n >= 1 && n <= max;
  if (!whole(runs, 10_000_000) || !Number.isInteger(seed) || !whole(lanes, 64)) {
    console.error(`--runs and --lanes take a whole number from 1, --seed a whole number.\n${USAGE}`);
    process.exit(2);
  }
  return { runs, seed, lanes, path: values.path, replayPath: values['replay-path'] };
}

async function main(): Promise<number> {
  const { runs, seed, lanes, path, replayPath } = options();
  const starting = performance.now();
  const sink = await startSmtpSink();
  const child: ChildProcess = fork(new URL(import.meta.url), {
    env: { ...process.env, FUZZ_MODEL_SERVER: '1', FUZZ_MODEL_SMTP: sink.url },
    stdio: 'inherit',
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const ready = await new Promise<Extract<FromServer, { kind: 'ready' }>>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Extract<FromServer, { kind: 'ready' }>));
    child.once('exit', (code) => reject(new Error(`the API process stopped (exit ${code}) before it was ready`)));
  });
  console.log(`API ready in ${((performance.now() - starting) / 1000).toFixed(1)} s.`);
  console.log(
    `Fuzzing the customer calls of the API at ${ready.api} on ${ready.database} against the model: ` +
      `${runs} runs, ${path ? 'one replayed' : `${Math.min(lanes, runs)} at once`}, seed ${seed}.`,
  );
  const tag = randomBytes(3).toString('hex');
  const tenth = Math.max(1, Math.floor(runs / 10));
  const report = await fuzzModel({
    base: ready.api,
    sink,
    runs,
    seed,
    lanes,
    tag,
    path,
    replayPath,
    onRun: (done) => {
      if (done % tenth === 0) console.log(`  ${done} / ${runs} runs`);
    },
  }).catch((error: unknown) => {
    console.error(exited ? 'The API process died.' : error);
    return undefined;
  });
  const database = process.env.DATABASE_URL ? 'DATABASE_URL=… ' : '';
  if (report) {
    console.log('');
    for (const line of reportLines(
      report,
      (f) =>
        `${database}npm run fuzz:model -- --seed ${f.seed} --path ${f.path}${f.replayPath ? ` --replay-path '${f.replayPath}'` : ''}`,
    ))
      console.log(line);
  }
  const died = exited;
  if (!died) {
    await new Promise<void>((resolve) => {
      child.once('message', () => resolve());
      child.send({ kind: 'close', usernames: `mf${tag}r%` } satisfies ToServer);
    });
  }
  await sink.close();
  const failed = !report || report.failures.length > 0 || died;
  console.log(failed ? 'FAILED' : 'OK: every answer and every state the model allows.');
  return failed ? 1 : 0;
}

if (process.env.FUZZ_MODEL_SERVER === '1') await serverProcess();
else process.exitCode = await main();
