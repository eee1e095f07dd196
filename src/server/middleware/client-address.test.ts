import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { describeApi, freshDb } from '#tests/support/testing.ts';
import { serverConfig } from '../config.ts';
import type { Db } from '../db/index.ts';
import { createMailer } from '../mail/mailer.ts';
import { type SmtpSink, startSmtpSink } from '../mail/sink.ts';
import { type RunningServer, startServer } from '../server.ts';
import { addressGroup } from './client-address.ts';

const failLogin = (headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify({ account: 'no-such-user', password: 'password123' }),
});

const addressKeys = (db: Db) =>
  db.query<{ key: string; count: number }>(
    "select key, count from rate_limit where key like 'login:address:%' order by key",
  );

test('groups IPv6 addresses by their /64 and counts IPv4 (also when mapped into IPv6) as is', () => {
  expect(addressGroup('198.51.100.7')).toBe('198.51.100.7');
  expect(addressGroup('::ffff:198.51.100.7')).toBe('198.51.100.7');
  expect(addressGroup('::FFFF:c633:6407')).toBe('198.51.100.7');
  expect(addressGroup('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
  expect(addressGroup('2001:0DB8:0001:0002:ffff:ffff:ffff:fffe')).toBe('2001:db8:1:2::/64');
  expect(addressGroup('2001:db8::7')).toBe('2001:db8:0:0::/64');
  expect(addressGroup('::1')).toBe('0:0:0:0::/64');
  expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  expect(addressGroup('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  expect(addressGroup('local')).toBe('local');
});

test('reads TRUST_PROXY as a number of trusted proxy hops, 1 and true meaning one', () => {
  expect(serverConfig({}).trustProxy).toBe(0);
  expect(serverConfig({ TRUST_PROXY: '' }).trustProxy).toBe(0);
  expect(serverConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
  expect(serverConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(0);
  expect(serverConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
  expect(serverConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
  expect(serverConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  expect(() => serverConfig({ TRUST_PROXY: 'yes please' })).toThrow(
    'TRUST_PROXY must be a number of trusted proxy hops (0, 1, 2, …) or true/false, got "yes please".',
  );
});

describeApi(
  'client address behind a trusted proxy',
  (api) => {
    test('counts the IPv6 addresses of one /64 as one address', async () => {
      for (const address of ['2001:db8:aa:bb::1', '2001:db8:aa:bb:ffff::9']) {
        await api.post(
          '/client/login',
          { account: 'v6-user', password: 'password123' },
          { 'x-forwarded-for': address },
        );
      }
      expect(await addressKeys(api.db)).toEqual([{ key: 'login:address:2001:db8:aa:bb::/64', count: 2 }]);
    });
  },
  { trustProxy: true },
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
  let twoHops: RunningServer;
  beforeAll(async () => {
    handle = await freshDb('pglite');
    sink = await startSmtpSink();
    const mailer = createMailer({ smtpUrl: sink.url });
    direct = await startServer({ db: handle.db, port: 0, host: '127.0.0.1', mailer, trustProxy: false });
    proxied = await startServer({ db: handle.db, port: 0, host: '127.0.0.1', mailer, trustProxy: true });
    twoHops = await startServer({ db: handle.db, port: 0, host: '127.0.0.1', mailer, trustProxy: 2 });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
    await twoHops.close();
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

  test('with two trusted hops counts the entry the outer proxy appended, ignoring what the client sent', async () => {
    await handle.db.query('delete from rate_limit');
    const login = (forwarded: string) =>
      fetch(`http://127.0.0.1:${twoHops.port}/api/client/login`, failLogin({ 'x-forwarded-for': forwarded }));
    await login('192.0.2.99, 198.51.100.20, 10.0.0.5');
    await login('198.51.100.20, 10.0.0.5');
    // Fewer entries than hops: the first one is the farthest a trusted proxy saw.
    await login('198.51.100.21');
    expect(await addressKeys(handle.db)).toEqual([
      { key: 'login:address:198.51.100.20', count: 2 },
      { key: 'login:address:198.51.100.21', count: 1 },
    ]);
  });
});
