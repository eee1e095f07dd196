// DESIGN.md section 9: the API is stateless, everything shared lives in PostgreSQL. This proves it
// with two real API processes (`node scripts/serve-api.ts`) on one database: what one of them writes
// or revokes, the other sees at once. It needs a PostgreSQL server (TEST_DATABASE_URL), so
// vitest.config.ts runs this file only when one is given (as .ci/run does).

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freshDb } from '#tests/support/testing.ts';
import { createEditorToken } from './auth/editors.ts';
import { hashPassword } from './auth/password.ts';
import { insertCustomer } from './db/customers.ts';
import { type SmtpSink, startSmtpSink } from './mail/sink.ts';

type Db = Awaited<ReturnType<typeof freshDb>>;

/** Starts `npm run serve:api` on a free port and answers its base URL once it says it is ready. */
function startApi(env: NodeJS.ProcessEnv): Promise<{ base: string; process: ChildProcess }> {
  const child = spawn(process.execPath, [join(import.meta.dirname, '../../scripts/serve-api.ts')], {
    env: { ...process.env, ...env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the API did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /API on (http:\/\/\S+\/api)/.exec(output);
      if (ready?.[1]) {
        clearTimeout(timer);
        resolve({ base: ready[1], process: child });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the API exited with ${code}:\n${output}`));
    });
  });
}

async function call(base: string, path: string, body: object | undefined, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...headers },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the test checks the body field by field
  return { status: response.status, body: (await response.json()) as any };
}
const post = (base: string, path: string, body: object, headers?: Record<string, string>) =>
  call(base, path, body, headers);
const get = (base: string, path: string, headers?: Record<string, string>) => call(base, path, undefined, headers);

describe('two API processes on one PostgreSQL database', () => {
  let handle: Db | undefined;
  let sink: SmtpSink | undefined;
  let dataDir = '';
  const apis: { base: string; process: ChildProcess }[] = [];
  const base = (i: 0 | 1) => apis[i]?.base ?? '';
  let next = 0;
  /** A customer made in the database, with a password the processes can check. */
  const customer = async () => {
    if (!handle) throw new Error('no database');
    next++;
    const password = 'correct horse battery';
    const customer = await insertCustomer(handle.db, {
      username: `twin${next}`,
      email: `twin${next}@example.com`,
      name: `Twin ${next}`,
      contactNumber: '+65 6123 4567',
      passwordHash: await hashPassword(password),
    });
    return { ...customer, password };
  };
  const from = (n: number) => ({ 'x-forwarded-for': `198.51.100.${n}` });

  beforeAll(async () => {
    handle = await freshDb('postgres');
    sink = await startSmtpSink();
    dataDir = mkdtempSync(join(tmpdir(), 'two-processes-'));
    const url = handle.url;
    if (!url) throw new Error('TEST_DATABASE_URL names no PostgreSQL server');
    const env = { DATABASE_URL: url, SMTP_URL: sink.url, DATA_DIR: dataDir, SITE_DIR: join(dataDir, 'no-site') };
    // One after the other: both would migrate and seed an empty database at once otherwise (which the
    // migration lock allows, but the test is about what they share afterwards).
    apis.push(await startApi({ ...env, TRUSTED_PROXIES: 'loopback' }));
    apis.push(await startApi({ ...env, TRUSTED_PROXIES: 'loopback' }));
  }, 120_000);

  afterAll(async () => {
    for (const api of apis) api.process.kill('SIGTERM');
    await Promise.all(apis.map((api) => new Promise((done) => api.process.once('exit', done))));
    await sink?.close();
    await handle?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('a login on one process is a session on the other, and a logout on either ends it on both', async () => {
    const { username, password } = await customer();
    const login = await post(base(0), '/client/login', { account: username, password }, from(1));
    expect(login.body.code).toBe(200);
    const token = { Satoken: login.body.data as string };
    expect((await get(base(1), '/client/info', token)).body.data.username).toBe(username);
    expect((await get(base(1), '/client/logout', token)).body.code).toBe(200);
    const after = await get(base(0), '/client/info', token);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(401);
  });

  test('cart lines written through both processes at once add up exactly', async () => {
    const { username, password } = await customer();
    const login = await post(base(0), '/client/login', { account: username, password }, from(2));
    const token = { Satoken: login.body.data as string };
    const adds = Array.from({ length: 40 }, (_, i) =>
      post(base(i % 2 === 0 ? 0 : 1), '/shop/cart/save', { productId: 1 + (i % 2), quantity: 1 }, token),
    );
    for (const added of await Promise.all(adds)) expect(added.body.code).toBe(200);
    const cart = await post(base(1), '/shop/cart/page', { pageNum: 1, pageSize: 999 }, token);
    const quantities = Object.fromEntries(
      (cart.body.data.records as { productId: number; quantity: number }[]).map((line) => [
        line.productId,
        line.quantity,
      ]),
    );
    expect(quantities).toEqual({ 1: 20, 2: 20 });
  });

  test('failed logins count against the account across both processes', async () => {
    const { username, password } = await customer();
    for (let i = 0; i < 5; i++) {
      const failed = await post(
        base(i % 2 === 0 ? 0 : 1),
        '/client/login',
        { account: username, password: 'wrong!' },
        from(10),
      );
      expect(failed.body.code).toBe(400);
    }
    for (const i of [0, 1] as const) {
      const sixth = await post(base(i), '/client/login', { account: username, password }, from(10));
      expect(sixth.status).toBe(429);
    }
  });

  test('a code sent by one process is refused a resend by the other within the minute, and checked by either', async () => {
    const email = 'twin-code@example.com';
    const sent = await post(base(0), '/client/send/email', { email, purpose: 'register' }, from(40));
    expect(sent.body.code).toBe(200);
    const again = await post(base(1), '/client/send/email', { email, purpose: 'register' }, from(41));
    expect(again.status).toBe(429);
    const mail = await sink?.waitFor(email, (m) => m.code !== undefined);
    const checked = await post(
      base(1),
      '/client/check/code',
      { email, code: mail?.code, purpose: 'register' },
      from(42),
    );
    expect(checked.body.code).toBe(200);
  });

  test("an editor's write through one process is seen by the very next read through the other, whose reads are kept", async () => {
    if (!handle) throw new Error('no database');
    const { token } = await createEditorToken(handle.db, 'twin-editor@example.com', { role: 'admin' });
    const editor = { authorization: `Bearer ${token}` };
    const [row] = await handle.db.query<{ id: number }>('select id from product where published order by id limit 1');
    const item = { language: 'en', id: row?.id };
    const setting = (value: string) => ({ configName: 'twinProbe', configValue: { en: value, zh: value } });
    const probe = async (i: 0 | 1) =>
      (
        (await post(base(i), '/system/config/list', { language: 'en' })).body.data as {
          configName: string;
          configValue: string;
        }[]
      ).find((entry) => entry.configName === 'twinProbe')?.configValue;
    for (let round = 1; round <= 5; round++) {
      // Read on process 1 twice (the second from its cache), write on process 0, read on process 1 at once.
      await probe(1);
      await post(base(1), '/product/item', item);
      await probe(1);
      expect((await post(base(0), '/editor/config/save', setting(`round ${round}`), editor)).body.code).toBe(200);
      expect(await probe(1)).toBe(`round ${round}`);
      const name = `Twin product ${round}`;
      await handle.db.query('update product set name_en = $2 where id = $1', [row?.id, name]);
      expect((await post(base(1), '/product/item', item)).body.data.name).toBe(name);
      expect((await post(base(0), '/product/item', item)).body.data.name).toBe(name);
    }
  });
});
