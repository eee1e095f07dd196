import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';

declare module 'hono' {
  interface ContextVariableMap {
    /** The address rate limits count against (IPv6 by its /64, see addressGroup). */
    clientAddress: string;
  }
}

/** The address of a request that reaches the app without a socket (app.request() in tests). */
export const NO_SOCKET_ADDRESS = 'local';

/** The peer: the address of the socket the request came over. */
function peerOf(c: Context): string {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? NO_SOCKET_ADDRESS;
}

/** The entries of X-Forwarded-For, nearest last. */
function forwardedFor(c: Context): string[] {
  return (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * The client's address, the way proxy-addr finds it: starting at the peer and going left through
 * X-Forwarded-For, each address that `trusted` names hands over to the one it forwarded for; the first it
 * does not name is the client. So an entry counts only when every hop between it and us is a proxy of ours,
 * and what a client writes into the header itself is never reached.
 */
function addressOf(peer: string, chain: readonly string[], trusted: ProxyTrust): string {
  let client = peer;
  for (let at = chain.length - 1; at >= 0 && trusted(client); at--) client = chain[at] as string;
  return client;
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 counts as two), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  const bare = address.split('%')[0] ?? '';
  if (!/^[0-9a-f:.]+$/i.test(bare) || !bare.includes(':')) return undefined;
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [/^[0-9a-f]{1,4}$/i.test(group) ? Number.parseInt(group, 16) : Number.NaN];
          const [a = 0, b = 0, c = 0, d = 0] = ipv4Bytes(group) ?? [Number.NaN];
          return [a * 256 + b, c * 256 + d];
        });
  const [head = '', tail, extra] = bare.split('::');
  if (extra !== undefined) return undefined;
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<number>(Math.max(0, 8 - left.length - right.length)).fill(0), ...right];
  return groups.length === 8 && groups.every((group) => group >= 0 && group <= 0xffff) ? groups : undefined;
}

/**
 * What rate limits count an address as: an IPv6 address by its /64 (one subscriber's share, which
 * hands out addresses by the billion), an IPv4-mapped IPv6 address as its IPv4, anything else as is.
 */
export function addressGroup(address: string): string {
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const [a, b, c, d, e, f, g = 0, h = 0] = groups;
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff)
    return [g >> 8, g & 255, h >> 8, h & 255].join('.');
  return `${[a, b, c, d].map((group) => (group ?? 0).toString(16)).join(':')}::/64`;
}

/** Whether an address is one of the proxies in front of us (TRUSTED_PROXIES). */
export type ProxyTrust = (address: string) => boolean;

/** The names proxy-addr knows for common ranges, which TRUSTED_PROXIES takes too. */
const NAMED_RANGES: Record<string, readonly string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** An IPv4 address's four numbers, strictly dotted decimal, or undefined. */
function ipv4Bytes(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^(0|[1-9]\d{0,2})$/.test(part))) return undefined;
  const bytes = parts.map(Number);
  return bytes.every((byte) => byte <= 255) ? bytes : undefined;
}

/**
 * An address as 16 bytes, IPv4 as IPv4-mapped IPv6 (::ffff:a.b.c.d), so that a range of either family
 * matches an address given in either form (Node reports IPv4 peers of a dual-stack socket mapped); or
 * undefined when it is not an address.
 */
function addressBytes(address: string): number[] | undefined {
  const v4 = ipv4Bytes(address);
  if (v4) return [...Array<number>(10).fill(0), 255, 255, ...v4];
  const groups = ipv6Groups(address);
  return groups?.flatMap((group) => [group >> 8, group & 255]);
}

/** One range: its first address and how many leading bits an address must share with it. */
interface Range {
  bytes: number[];
  bits: number;
}

/** Parses `address`, `address/bits` or `a.b.c.d/m.m.m.m` (an IPv4 netmask); throws with the setting's words. */
function parseRange(text: string): Range {
  const refuse = () =>
    new Error(
      `TRUSTED_PROXIES: "${text}" is not an IP address, a CIDR range (10.0.0.0/8, 2001:db8::/32) or one of ` +
        `${Object.keys(NAMED_RANGES).join(', ')}.`,
    );
  const [address = '', mask, extra] = text.split('/');
  if (extra !== undefined || address.includes('%')) throw refuse();
  const bytes = addressBytes(address);
  if (!bytes) throw refuse();
  const v4 = ipv4Bytes(address) !== undefined;
  let bits = 128;
  if (mask !== undefined) {
    const netmask = v4 ? ipv4Bytes(mask) : undefined;
    if (netmask) {
      const binary = netmask.map((byte) => byte.toString(2).padStart(8, '0')).join('');
      if (!/^1*0*$/.test(binary)) throw refuse();
      bits = 96 + (binary.includes('0') ? binary.indexOf('0') : 32);
    } else if (/^\d{1,3}$/.test(mask) && Number(mask) <= (v4 ? 32 : 128)) bits = Number(mask) + (v4 ? 96 : 0);
    else throw refuse();
  }
  return { bytes, bits };
}

/** Whether the first `bits` bits of two addresses are the same. */
function sharesPrefix(address: number[], range: Range): boolean {
  for (let bit = 0; bit < range.bits; bit += 8) {
    const take = Math.min(8, range.bits - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((address[bit / 8] as number) & mask) !== ((range.bytes[bit / 8] as number) & mask)) return false;
  }
  return true;
}

/**
 * TRUSTED_PROXIES, read: a list of addresses, CIDR ranges and the names loopback, linklocal and uniquelocal,
 * separated by commas or spaces; throws on anything else. An empty list trusts nobody.
 */
export function trustedProxies(setting: string | undefined): string[] {
  const entries = (setting ?? '').split(/[\s,]+/).filter(Boolean);
  for (const entry of entries) if (!(entry in NAMED_RANGES)) parseRange(entry);
  return entries;
}

/** Whether an address is in one of the ranges; what is not an address is trusted by none. */
export function proxyTrust(entries: readonly string[]): ProxyTrust {
  const ranges = entries.flatMap((entry) => NAMED_RANGES[entry] ?? [entry]).map(parseRange);
  if (ranges.length === 0) return () => false;
  return (address) => {
    const bytes = addressBytes(address);
    return bytes !== undefined && ranges.some((range) => sharesPrefix(bytes, range));
  };
}

/**
 * Puts the client's address, as rate limits count it, on the context as `clientAddress`. X-Forwarded-For
 * counts only from the proxies `trustedProxies` names (see addressOf); a peer outside them that sends it
 * anyway is logged, once, in case this server stands behind a proxy nobody listed.
 */
export function clientAddress({
  trustedProxies = [],
  warn = (message: string) => console.warn(message),
}: {
  trustedProxies?: readonly string[];
  warn?: (message: string) => void;
} = {}): MiddlewareHandler {
  const trusted = proxyTrust(trustedProxies);
  let warned = false;
  return async (c, next) => {
    const peer = peerOf(c);
    const chain = forwardedFor(c);
    if (chain.length > 0 && !warned && !trusted(peer)) {
      warned = true;
      warn(
        `client address: X-Forwarded-For came from ${peer}, which TRUSTED_PROXIES does not list, so it is ignored ` +
          "and the peer's own address counts for rate limits. If this server stands behind a proxy, add the " +
          "proxy's address or range to TRUSTED_PROXIES. (Said once.)",
      );
    }
    c.set('clientAddress', addressGroup(addressOf(peer, chain, trusted)));
    await next();
  };
}

/**
 * TRUST_PROXY is gone: it trusted X-Forwarded-For from whoever connected, so a caller that reached the API
 * directly chose its own address. A server given it stops and says what to set instead.
 */
export function refuseTrustProxy(setting: string | undefined): void {
  if (setting === undefined || setting === '') return;
  throw new Error(
    `TRUST_PROXY is no longer read (it believed X-Forwarded-For from any peer, so a caller reaching the API directly ` +
      `chose its own address). Unset it and set TRUSTED_PROXIES to the addresses or CIDR ranges of the proxies in ` +
      `front of the API, e.g. TRUSTED_PROXIES=10.0.0.0/8 or TRUSTED_PROXIES=loopback for a proxy on this machine ` +
      `(docs/operations.md).`,
  );
}
