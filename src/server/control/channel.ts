import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, unlink, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Releases } from '#build/queue.ts';
import { t } from '#i18n/index.ts';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/index.ts';
import { besideDataDir } from '../db/lock.ts';
import { ApiError } from '../errors.ts';
import { describeFailure, type OpName, ops, runOp } from './ops.ts';

// The control channel (decision 0063): the embedded database belongs to one process (decision 0018), so
// while a server holds it, the command-line tools ask that server to run their operations (ops.ts).
// The server listens for them on a loopback port of its own, never on the API's, and writes the port and
// a random secret to `<data dir>.control`, readable only by the data directory's owner (mode 0600): who
// can read it could open the database's files anyway. A call without the secret gets 401.

/** What the control file holds. */
export interface ControlFile {
  pid: number;
  port: number;
  secret: string;
}

/** Where the control file of a data directory is: beside it, next to its lock. */
export const controlFileOf = (dataDir: string) => besideDataDir(dataDir, 'control');

const MAX_BODY = 1024 * 1024;
const TEXT = /^[\p{L}\p{N} ._@:/+-]{1,120}$/u;

async function readBody(request: IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new ApiError(413, 'api.tooLarge');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The shell a call names, each part a short line of plain text. */
function shellOf(value: unknown): Actor {
  const { user, host, command } = (value ?? {}) as Record<string, unknown>;
  const text = (part: unknown) => (typeof part === 'string' && TEXT.test(part) ? part : undefined);
  const parts = { user: text(user), host: text(host), command: text(command) };
  if (!parts.user || !parts.host || !parts.command) throw new ApiError(400, 'api.notAnObject');
  return { kind: 'shell', user: parts.user, host: parts.host, command: parts.command };
}

/**
 * Answers control calls for the embedded database in `dataDir` on a loopback port, and writes the control
 * file; close() stops both. `releases` and `kick` are the server's builder's, when it has one.
 */
export async function openControlChannel({
  db,
  dataDir,
  releases,
  kick,
}: {
  db: Db;
  dataDir: string;
  releases: () => Releases | undefined;
  kick: (() => void) | undefined;
}): Promise<{ close(): Promise<void> }> {
  const secret = randomBytes(32).toString('base64url');
  const expected = Buffer.from(`Bearer ${secret}`);
  const server = createServer(async (request, response) => {
    const answer = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return answer(401, { ok: false, message: 'The control secret is missing or wrong.' });
    const name = /^\/control\/([a-z.]+)$/.exec(request.url ?? '')?.[1];
    if (request.method !== 'POST' || !name || !Object.hasOwn(ops, name))
      return answer(404, { ok: false, message: `There is no control call at ${request.method} ${request.url}.` });
    try {
      const body = JSON.parse(await readBody(request)) as { actor?: unknown; input?: unknown };
      const result = await runOp(
        name as OpName,
        { db, actor: shellOf(body.actor), releases: releases(), kick },
        (body.input ?? {}) as never,
      );
      answer(200, { ok: true, result });
    } catch (error) {
      if (error instanceof ApiError) return answer(error.code, { ok: false, message: describeFailure(error) });
      if (error instanceof SyntaxError) return answer(400, { ok: false, message: t('en', 'api.invalidJson') });
      console.error(`control call ${name} failed:`, error);
      answer(500, { ok: false, message: (error as Error).message });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const path = await controlFileOf(dataDir);
  const file: ControlFile = { pid: process.pid, port: (server.address() as AddressInfo).port, secret };
  // A file left by a process that died is replaced; created anew, so its mode is ours whatever it was.
  await unlink(path).catch(() => undefined);
  await writeFile(path, JSON.stringify(file), { flag: 'wx', mode: 0o600 });
  return {
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A tool's kept-alive connection would hold close() open.
        server.closeAllConnections();
      });
      // Only our own file: a successor may have written its own since.
      const now = await readFile(path, 'utf8').catch(() => '');
      if (now.includes(secret)) await unlink(path).catch(() => undefined);
    },
  };
}
