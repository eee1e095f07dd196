import { serve } from '@hono/node-server';
import { Hono } from 'hono';

/**
 * The API as another implementation of the contract could answer it: every call passed on to `apiBaseUrl`,
 * but one article's body given as stored, uncleaned. Our API cleans bodies as it reads them, so a
 * database write alone never shows whether the build cleans them too.
 */
export async function startUncleanedApi(
  apiBaseUrl: string,
  article: { id: number; body: string },
): Promise<{ url: string; close: () => Promise<void> }> {
  const app = new Hono().all('*', async (c) => {
    const incoming = new URL(c.req.url);
    const answer = await fetch(`${apiBaseUrl}${incoming.pathname.replace(/^\/api/, '')}${incoming.search}`, {
      method: c.req.method,
      headers: { 'content-type': c.req.header('content-type') ?? 'application/json' },
      body: c.req.method === 'GET' || c.req.method === 'HEAD' ? undefined : await c.req.arrayBuffer(),
    });
    const type = answer.headers.get('content-type') ?? '';
    // fetch has decoded any compression, so only the type is passed on.
    if (!type.includes('json'))
      return new Response(answer.body, { status: answer.status, headers: { 'content-type': type } });
    const body = JSON.parse(await answer.text(), (_key, value) =>
      value && typeof value === 'object' && value.id === article.id && typeof value.body === 'string' && value.kind
        ? { ...value, body: article.body }
        : value,
    );
    return c.json(body, answer.status as 200);
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/api`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
