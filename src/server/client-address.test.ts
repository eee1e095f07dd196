import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from './db/index.ts';
import { createMailer } from './mail/mailer.ts';
import { type SmtpSink, startSmtpSink } from './mail/sink.ts';
import { type RunningServer, startServer } from './server.ts';
import { describeApi, freshDb } from './testing.ts';

const failLogin = (headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify({ account: 'no-such-user', password: 'password123' }),
});

const addressKeys = (db: Db) =>
  db.query<{ key: string; count: number }>(
    "select key, count from rate_limit where key like 'login:address:%' order by key",
  );

describeApi('client address without a trusted proxy', (api) => {
  test('ignores X-Forwarded-For and counts a socketless request as "local"', async () => {
    await api.post(
      '/client/login',
      { account: 'x-user', password: 'password123' },
      { 'x-forwarded-for': '198.51.100.1' },
    );
    await api.post(
      '/client/login',
      { account: 'x-user', password: 'password123' },
      { 'x-forwarded-for': '198.51.100.2' },
    );
    expect(await addressKeys(api.db)).toEqual([{ key: 'login:address:local', count: 2 }]);
  });
});

describe('client address over a real socket', () => {
  let handle: Awaited<ReturnType<typeof freshDb>>;
  let sink: SmtpSink;
  let direct: RunningServer;
  let proxied: RunningServer;
  beforeAll(async () => {
    handle = await freshDb('pglite');
    sink = await startSmtpSink();
    const mailer = createMailer({ smtpUrl: sink.url });
    direct = await startServer({ db: handle.db, port: 0, host: '127.0.0.1', mailer, trustProxy: false });
    proxied = await startServer({ db: handle.db, port: 0, host: '127.0.0.1', mailer, trustProxy: true });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
    await sink.close();
    await handle.drop();
  });

  test('counts the socket address, and the proxy-appended X-Forwarded-For entry only when trusted', async () => {
    const spoof = { 'x-forwarded-for': '192.0.2.99' };
    await fetch(`http://127.0.0.1:${direct.port}/api/client/login`, failLogin(spoof));
    await fetch(
      `http://127.0.0.1:${proxied.port}/api/client/login`,
      failLogin({ 'x-forwarded-for': '192.0.2.99, 198.51.100.7' }),
    );
    await fetch(`http://127.0.0.1:${proxied.port}/api/client/login`, failLogin());
    const keys = await addressKeys(handle.db);
    expect(keys).toEqual([
      { key: expect.stringMatching(/^login:address:(::ffff:)?127\.0\.0\.1$/), count: 2 },
      { key: 'login:address:198.51.100.7', count: 1 },
    ]);
  });
});
