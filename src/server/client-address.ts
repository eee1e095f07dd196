import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';

declare module 'hono' {
  interface ContextVariableMap {
    /** The address rate limits count against. */
    clientAddress: string;
  }
}

/** The address of a request that reaches the app without a socket (app.request() in tests). */
export const NO_SOCKET_ADDRESS = 'local';

/**
 * The client's address: the socket's remote address, or, behind a proxy we trust, the last entry of
 * X-Forwarded-For (the one our proxy appended; the entries before it are whatever the client sent).
 */
export function addressOf(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? NO_SOCKET_ADDRESS;
}

/** Puts the client's address on the context as `clientAddress`. */
export function clientAddress({ trustProxy = false }: { trustProxy?: boolean } = {}): MiddlewareHandler {
  return async (c, next) => {
    c.set('clientAddress', addressOf(c, trustProxy));
    await next();
  };
}
