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

/** How many reverse proxies in front of the API append to X-Forwarded-For; `true` means one. */
export type TrustProxy = boolean | number;

/**
 * The client's address: the socket's remote address, or, behind `hops` proxies we trust, the entry
 * of X-Forwarded-For the outermost of them appended (the hops-th from the end; the entries before it
 * are whatever the client sent). With fewer entries than hops, the first is the farthest one seen.
 */
function addressOf(c: Context, trustProxy: TrustProxy): string {
  const hops = Number(trustProxy);
  if (hops > 0) {
    const chain = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const forwarded = chain.at(-Math.min(hops, chain.length));
    if (forwarded) return forwarded;
  }
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? NO_SOCKET_ADDRESS;
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 counts as two), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  const bare = address.split('%')[0] ?? '';
  if (!/^[0-9a-f:.]+$/i.test(bare) || !bare.includes(':')) return undefined;
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
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

/** Puts the client's address, as rate limits count it, on the context as `clientAddress`. */
export function clientAddress({ trustProxy = false }: { trustProxy?: TrustProxy } = {}): MiddlewareHandler {
  return async (c, next) => {
    c.set('clientAddress', addressGroup(addressOf(c, trustProxy)));
    await next();
  };
}

/** TRUST_PROXY as a number of trusted hops: unset, 0 or false for none, 1 or true for one, N for N. */
export function trustedHops(setting: string | undefined): number {
  if (setting === undefined || setting === '' || setting === 'false') return 0;
  if (setting === 'true') return 1;
  if (/^\d+$/.test(setting)) return Number(setting);
  throw new Error(`TRUST_PROXY must be a number of trusted proxy hops (0, 1, 2, …) or true/false, got "${setting}".`);
}
