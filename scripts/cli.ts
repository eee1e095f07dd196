// What the team's commands (`npm run quotes|inquiries|outbox|editor`) share: the command line read with
// node:util's parseArgs, a mistake answered with the problem and the usage (exit 2), --help, and the server's
// database opened where the command finds it.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';
import { serverConfig } from '#server/config.ts';
import { type Db, openDb } from '#server/db/index.ts';

type WithHelp<Options extends ParseArgsOptionsConfig> = {
  allowPositionals: true;
  options: Options & { help: { type: 'boolean' } };
};
/** The options parseArgs reads for a command's own, --help among them. */
type Values<Options extends ParseArgsOptionsConfig> = ReturnType<typeof parseArgs<WithHelp<Options>>>['values'];

/**
 * The command line of a command: its first word (`command`), the words after it (`rest`) and its options.
 * `usage(problem)` prints the problem and the usage text and exits with 2; --help prints the usage and exits.
 */
export function commandLine<const Options extends ParseArgsOptionsConfig>(
  usageText: string,
  options: Options,
): { values: Values<Options>; command: string | undefined; rest: string[]; usage: (problem: string) => never } {
  const usage = (problem: string): never => {
    console.error(`${problem}\n\n${usageText}`);
    process.exit(2);
  };
  const config: WithHelp<Options> = { allowPositionals: true, options: { ...options, help: { type: 'boolean' } } };
  let parsed: ReturnType<typeof parseArgs<WithHelp<Options>>>;
  try {
    parsed = parseArgs(config);
  } catch (error) {
    return usage((error as Error).message);
  }
  if ((parsed.values as { help?: boolean }).help) {
    console.log(usageText);
    process.exit(0);
  }
  const [command, ...rest] = parsed.positionals as string[];
  return { values: parsed.values, command, rest, usage };
}

/** A whole number of up to ten digits written as one, or undefined. */
export const wholeNumber = (text: string | undefined) => (/^[1-9]\d{0,9}$/.test(text ?? '') ? Number(text) : undefined);

/** The start (UTC) of a day written YYYY-MM-DD, or undefined when the text is not a real day. */
export function dayStart(text: string | undefined): Date | undefined {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text ?? '') ? new Date(`${text}T00:00:00Z`) : undefined;
  // Date reads 2026-02-30 as 2 March: the day must come back as it was written.
  return day && !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text ? day : undefined;
}

/**
 * Where the server's database is: DATABASE_URL, or the embedded one under DATA_DIR, which must exist already
 * (the command stops, saying so, when it does not).
 */
export function serverDatabase(): { url: string | undefined; dataDir: string } {
  const config = serverConfig();
  const dataDir = join(config.dataDir, 'pglite');
  if (!config.databaseUrl && !existsSync(dataDir)) {
    console.error(`No embedded database under ${dataDir}: set DATA_DIR (or DATABASE_URL) to the server's.`);
    process.exit(1);
  }
  return { url: config.databaseUrl, dataDir };
}

/** The server's database, opened (`serverDatabase` says where). */
export const openServerDb = (database = serverDatabase()): Promise<Db> => openDb(database);
