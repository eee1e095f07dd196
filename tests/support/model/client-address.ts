import { randomBytes } from 'node:crypto';
import type { startServer } from '#server/server.ts';

// How a model run chooses the client address the API's rate limits count it as: the one place that
// knows how the API is told to believe X-Forwarded-For from the fuzzer on this machine, and how the
// fuzzer says where it is. Each run is a customer at an address of its own, so its limits (logins,
// code sends, wrong codes) start at zero whatever ran before on the same database.

/** The option of startServer that makes it believe X-Forwarded-For from the fuzzer, on loopback. */
export const trustTheFuzzer = { trustedProxies: ['loopback'] } satisfies Partial<Parameters<typeof startServer>[0]>;

/**
 * A fresh address for one run: an IPv6 unique-local address in a /64 of its own (rate limits count an
 * IPv6 address by its /64), 56 random bits, so runs on one database never share a counter.
 */
export function runAddress(): string {
  const hex = randomBytes(7).toString('hex');
  return `fd${hex.slice(0, 2)}:${hex.slice(2, 6)}:${hex.slice(6, 10)}:${hex.slice(10, 14)}::1`;
}

/** The headers that give a request the address. */
export const fromAddress = (address: string): Record<string, string> => ({ 'x-forwarded-for': address });
