import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { SmtpSink } from '#server/mail/sink.ts';
import { Alone, commandsOf } from './commands.ts';
import { emptyModel, type Model } from './model.ts';
import { Mailbox, readCatalogue, Shop } from './shop.ts';
import { Login, Register } from './steps-session.ts';
import { newTally, type Tally } from './tally.ts';

// Stateful fuzzing of the customer's calls against the model (scripts/fuzz-model.ts and
// src/server/model-fuzz.test.ts). Each run is a new customer at an address of its own, on the one API
// and database the caller started: it registers through the API (the code read from the mail), logs in
// (twice, in half the runs), then takes up to `maxCommands` commands, the state read and compared with
// the model after every one. Runs go in `lanes` at once, each lane a fast-check property of its own with
// seed + lane, so the server is kept busy while a run waits for a password hash.

export interface ModelFuzzOptions {
  /** The API's base URL, e.g. http://127.0.0.1:4321/api; it must believe X-Forwarded-For (client-address.ts). */
  base: string;
  /** The SMTP sink the API's mail goes to. */
  sink: SmtpSink;
  runs: number;
  seed: number;
  lanes?: number;
  maxCommands?: number;
  /** Names the run's customers (usernames `mf{tag}r…`), so they can be found afterwards; random by default. */
  tag?: string;
  /** Replays one failure: fast-check's path of it (with one lane and its seed) and the commands' replay path. */
  path?: string | undefined;
  replayPath?: string | undefined;
  /** Called after each run with the number of runs done. */
  onRun?: (runs: number) => void;
}

interface Failure {
  seed: number;
  path: string;
  replayPath: string | undefined;
  twoSessions: boolean;
  commands: string[];
  error: string;
}

export interface ModelFuzzReport {
  runs: number;
  /** Runs made while shrinking a failure. */
  shrinkRuns: number;
  tally: Tally;
  seconds: number;
  failures: Failure[];
}

/** Commands a run takes at most: short runs, many of them. */
const MAX_COMMANDS = 30;

export async function fuzzModel(options: ModelFuzzOptions): Promise<ModelFuzzReport> {
  const started = performance.now();
  const lanes = options.path ? 1 : Math.max(1, Math.min(options.lanes ?? 3, options.runs));
  const catalogue = await readCatalogue(options.base);
  const mailbox = new Mailbox(options.sink);
  const tag = options.tag ?? randomBytes(3).toString('hex');
  const tally = newTally();
  let runs = 0;
  let shrinkRuns = 0;
  let made = 0;
  /** The lane that failed first: the others stop, it shrinks. */
  let failedLane: number | undefined;

  async function setup(twoSessions: boolean, counting: boolean): Promise<{ model: Model; real: Shop }> {
    mailbox.prune();
    const shop = new Shop({ base: options.base, catalogue, mailbox, prefix: `mf${tag}r${++made}` });
    const model = emptyModel();
    const steps = [new Register('en', { kind: 'new' }), new Login(0, 'en', 0, 'username', true)];
    if (twoSessions) steps.push(new Login(1, 'zh', 0, 'email', true));
    for (const step of steps) await new Alone(step).run(model, shop);
    if (counting) shop.tally = tally;
    return { model, real: shop };
  }

  async function lane(index: number, numRuns: number): Promise<Failure | undefined> {
    let failed = false;
    const property = fc.asyncProperty(
      fc.boolean(),
      commandsOf({ maxCommands: options.maxCommands ?? MAX_COMMANDS, replayPath: options.replayPath }),
      async (twoSessions, commands) => {
        if (failedLane !== undefined && failedLane !== index) return;
        const counting = !failed;
        if (counting) {
          runs++;
          options.onRun?.(runs);
        } else shrinkRuns++;
        try {
          await fc.asyncModelRun(() => setup(twoSessions, counting), commands);
        } catch (error) {
          failed = true;
          failedLane ??= index;
          throw error;
        }
      },
    );
    const seed = options.seed + index;
    const details = await fc.check(property, { numRuns, seed, ...(options.path ? { path: options.path } : {}) });
    if (!details.failed || !details.counterexample) return undefined;
    const [twoSessions, commands] = details.counterexample;
    const ran = [...commands].filter((command) => (command as { hasRan?: boolean }).hasRan);
    const error = details.errorInstance;
    return {
      seed,
      path: details.counterexamplePath ?? '',
      replayPath: /replayPath="([^"]*)"/.exec(String(commands))?.[1],
      twoSessions,
      commands: ran.map(String),
      error: error instanceof Error ? error.message : String(error),
    };
  }

  const perLane = Array.from(
    { length: lanes },
    (_, i) => Math.floor(options.runs / lanes) + (i < options.runs % lanes ? 1 : 0),
  );
  const outcomes = await Promise.all(perLane.map((numRuns, i) => lane(i, numRuns)));
  return {
    runs,
    shrinkRuns,
    tally,
    seconds: (performance.now() - started) / 1000,
    failures: outcomes.filter((failure): failure is Failure => failure !== undefined),
  };
}

/** The report as lines of text: runs, steps, answers by step and status, and any shrunk failure with its replay. */
export function reportLines(report: ModelFuzzReport, replay: (failure: Failure) => string): string[] {
  const { tally } = report;
  const lines = [
    `${report.runs} runs, ${tally.steps} steps (${tally.together} of them two calls at once) in ${report.seconds.toFixed(1)} s` +
      (report.shrinkRuns > 0 ? `, and ${report.shrinkRuns} runs shrinking a failure` : ''),
    '',
    'Answers by step and HTTP status:',
  ];
  for (const [name, byStatus] of [...tally.answers].sort(([a], [b]) => a.localeCompare(b))) {
    const statuses = [...byStatus].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
    lines.push(`  ${name.padEnd(22)} ${statuses.join(', ')}`);
  }
  for (const failure of report.failures) {
    lines.push(
      '',
      `FAILED (seed ${failure.seed}), shrunk to ${failure.twoSessions ? 'two sessions logged in' : 'one session logged in'} and:`,
      ...failure.commands.map((command) => `  ${command}`),
      '',
      failure.error,
      '',
      `Replay: ${replay(failure)}`,
    );
  }
  return lines;
}
