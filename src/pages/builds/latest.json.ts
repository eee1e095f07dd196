import type { APIRoute } from 'astro';
import { buildId } from '#data/build.ts';

/** Names the current build, whose route rules are at builds/meta/{buildId}.json. */
export const GET: APIRoute = () =>
  new Response(JSON.stringify({ id: buildId(), timestamp: Date.now() }), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
