import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { trustTheFuzzer } from '#tests/support/model/client-address.ts';
import { fuzzModel, reportLines } from '#tests/support/model/run.ts';
import { databaseKinds, freshDb } from '#tests/support/testing.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { type SmtpSink, startSmtpSink } from './mail/sink.ts';
import { type RunningServer, startServer } from './server.ts';

// The customer's calls against the model (tests/support/model/): random sequences of registrations,
// logins and logouts, cart, favourites, saved articles, addresses and order requests, some two at once,
// each run a new customer, the state read and compared with the model after every step. A few dozen
// runs here; `npm run fuzz:model -- --runs N` for a longer hunt (MODEL_FUZZ_RUNS sets the count here).

const RUNS = Number(process.env.MODEL_FUZZ_RUNS ?? 30);

describe.each(databaseKinds)('customer calls against the model (%s)', (kind) => {
  let handle: Awaited<ReturnType<typeof freshDb>> | undefined;
  let sink: SmtpSink | undefined;
  let mailer: Mailer | undefined;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    handle = await freshDb(kind);
    sink = await startSmtpSink();
    mailer = createMailer({ smtpUrl: sink.url });
    server = await startServer({ db: handle.db, port: 0, host: '127.0.0.1', mailer, ...trustTheFuzzer });
  });

  afterAll(async () => {
    await server?.close();
    mailer?.close();
    await sink?.close();
    await handle?.drop();
  });

  test('answers every step and keeps every state as the model says', { timeout: 120_000 }, async () => {
    if (!server || !sink) throw new Error('the server is not ready');
    const seed = Math.floor(Math.random() * 2 ** 31);
    const report = await fuzzModel({ base: `http://127.0.0.1:${server.port}/api`, sink, runs: RUNS, seed, lanes: 2 });
    const replay = (failure: { seed: number; path: string; replayPath?: string | undefined }) =>
      `npm run fuzz:model -- --seed ${failure.seed} --path ${failure.path} --replay-path '${failure.replayPath ?? ''}'`;
    expect(report.failures.length === 0 ? [] : reportLines(report, replay)).toEqual([]);
    expect(report.runs).toBe(RUNS);
    expect(report.tally.steps).toBeGreaterThan(RUNS);
  });
});
