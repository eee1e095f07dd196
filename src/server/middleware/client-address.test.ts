import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { describeApi, freshDb } from '#tests/support/testing.ts';
import { serverConfig } from '../config.ts';
import type { Db } from '../db/index.ts';
import { createMailer } from '../mail/mailer.ts';
import { type SmtpSink, startSmtpSink } from '../mail/sink.ts';
import { type RunningServer, startServer } from '../server.ts';
import { addressGroup, proxyTrust } from './client-address.ts';

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

test('refuses TRUST_PROXY, whatever its value, saying to set TRUSTED_PROXIES instead', () => {
  for (const value of ['1', 'true', '2', 'false', '0']) {
    expect(() => serverConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY is no longer read.*set TRUSTED_PROXIES/);
  }
  expect(serverConfig({ TRUST_PROXY: '' }).trustedProxies).toEqual([]);
});

test('reads TRUSTED_PROXIES as addresses, CIDR ranges and named ranges, and refuses anything else', () => {
  expect(serverConfig({}).trustedProxies).toEqual([]);
  expect(serverConfig({ TRUSTED_PROXIES: '10.0.0.5, 10.1.0.0/16 2001:db8::/32,loopback' }).trustedProxies).toEqual([
    '10.0.0.5',
    '10.1.0.0/16',
    '2001:db8::/32',
    'loopback',
  ]);
  for (const wrong of ['10.0.0.256', '10.0.0.0/33', '2001:db8::/129', 'proxy.example', '10.0.0.0/255.0.255.0', '*']) {
    expect(() => serverConfig({ TRUSTED_PROXIES: wrong }), wrong).toThrow(
      `TRUSTED_PROXIES: "${wrong}" is not an IP address, a CIDR range`,
    );
  }
});

test('matches addresses against ranges of either family, IPv4 also when mapped into IPv6', () => {
  const trusted = proxyTrust(['10.0.0.0/8', '192.0.2.7', '2001:db8:1::/48', '172.16.0.0/255.240.0.0']);
  for (const address of ['10.200.3.4', '::ffff:10.0.0.1', '192.0.2.7', '2001:db8:1:ffff::1', '172.31.255.255'])
    expect(trusted(address), address).toBe(true);
  for (const address of ['11.0.0.1', '192.0.2.8', '2001:db8:2::1', '172.32.0.1', 'local', '', 'unknown', '10.0.0.1:80'])
    expect(trusted(address), address).toBe(false);
  const named = proxyTrust(['loopback', 'uniquelocal', 'linklocal']);
  for (const address of ['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1', '192.168.1.1', 'fd00::1', 'fe80::1%eth0'])
    expect(named(address), address).toBe(true);
  expect(named('198.51.100.1')).toBe(false);
  expect(proxyTrust([])('127.0.0.1')).toBe(false);
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
  { behindProxy: true },
);

describeApi('client address without a trusted proxy', (api) => {
  test('ignores X-Forwarded-For and counts a socketless request as "local"', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      for (const forwarded of ['198.51.100.1', '198.51.100.2']) {
        await api.post(
          '/client/login',
          { account: 'x-user', password: 'password123' },
          { 'x-forwarded-for': forwarded },
        );
      }
    } finally {
      warned.mockRestore();
    }
    expect(await addressKeys(api.db)).toEqual([{ key: 'login:address:local', count: 2 }]);
  });
});

describe('client address over a real socket', () => {
  let handle: Awaited<ReturnType<typeof freshDb>>;
  let sink: SmtpSink;
  let direct: RunningServer;
  let local: RunningServer;
  let elsewhere: RunningServer;
  let chain: RunningServer;
  beforeAll(async () => {
    handle = await freshDb('pglite');
    sink = await startSmtpSink();
    const mailer = createMailer({ smtpUrl: sink.url });
    const start = (trustedProxies: string[]) =>
      startServer({ db: handle.db, port: 0, host: '127.0.0.1', mailer, trustedProxies });
    direct = await start([]);
    // A proxy on this machine.
    local = await start(['loopback']);
    // Proxies on other machines: this test's loopback peer is not one of them.
    elsewhere = await start(['10.0.0.0/8', '2001:db8::/32']);
    // A proxy here behind another at 10.0.0.5.
    chain = await start(['127.0.0.1', '10.0.0.5']);
  });
  afterAll(async () => {
    for (const server of [direct, local, elsewhere, chain]) await server?.close();
    await sink.close();
    await handle.drop();
  });
  const login = (server: RunningServer, forwarded?: string) =>
    fetch(
      `http://127.0.0.1:${server.port}/api/client/login`,
      failLogin(forwarded === undefined ? {} : { 'x-forwarded-for': forwarded }),
    );
  const LOOPBACK = expect.stringMatching(/^login:address:(::ffff:)?127\.0\.0\.1$/);

  test('believes X-Forwarded-For only from a trusted peer: a caller reaching the API directly cannot pick its address', async () => {
    await handle.db.query('delete from rate_limit');
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await login(direct, '192.0.2.99');
      await login(elsewhere, '192.0.2.98');
      await login(elsewhere, '10.0.0.7, 192.0.2.97');
      await login(local, '192.0.2.99, 198.51.100.7');
      await login(local);
      // Said once a server, the first time an untrusted peer sent the header.
      expect(warned).toHaveBeenCalledTimes(2);
      expect(warned.mock.calls[0]?.[0]).toMatch(
        /X-Forwarded-For came from (::ffff:)?127\.0\.0\.1, which TRUSTED_PROXIES does not list/,
      );
    } finally {
      warned.mockRestore();
    }
    expect(await addressKeys(handle.db)).toEqual([
      { key: LOOPBACK, count: 4 },
      { key: 'login:address:198.51.100.7', count: 1 },
    ]);
  });

  test('goes left through the chain while each hop is trusted, and stops at the first that is not', async () => {
    await handle.db.query('delete from rate_limit');
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      // Through 10.0.0.5 and us: the entry 10.0.0.5 appended is the client; what the client sent is left of it.
      await login(chain, '192.0.2.99, 198.51.100.20, 10.0.0.5');
      await login(chain, '198.51.100.20, 10.0.0.5');
      // An untrusted hop in between: the address it gave is the client, whatever it claims beyond it.
      await login(chain, '198.51.100.21, 203.0.113.9');
      // Every hop trusted: the farthest entry.
      await login(chain, '10.0.0.5');
      expect(warned).not.toHaveBeenCalled();
    } finally {
      warned.mockRestore();
    }
    expect(await addressKeys(handle.db)).toEqual([
      { key: 'login:address:10.0.0.5', count: 1 },
      { key: 'login:address:198.51.100.20', count: 2 },
      { key: 'login:address:203.0.113.9', count: 1 },
    ]);
  });
});
