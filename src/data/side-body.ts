import { readFileSync } from 'node:fs';
import { getHook, HOOKS } from '#build/internals/hooks.ts';

// A side file's body (a page's `_payload.json`, a download: src/build/finish/side-files.ts) handed straight to the
// build's writer. Made into a Response, a body is turned into a stream there and read back from it, about
// a tenth of a millisecond a file on the renderer's thread, 38,000 files at 10,000 products (decision
// 0043). In a side file's render the writer takes the body itself and the route answers an empty
// Response; anywhere else (the dev server, a plain `astro build`) the route answers the body as ever.

/** A file kept on disk whose bytes are a side file's: the writer links it into the site, reading none of it. */
export interface KeptFile {
  readonly kept: string;
}

/** Whether the side-file writer took a body: only in a side file's render, and only its first. */
export type SideBodyTaker = (body: string | Uint8Array | KeptFile) => boolean;

/** An endpoint's answer: its body, unless the side-file writer takes it. */
export function sideFileResponse(body: string | Uint8Array<ArrayBuffer>, contentType: string): Response {
  const headers = { 'content-type': contentType };
  const take = getHook<SideBodyTaker>(HOOKS.sideBody);
  return new Response(take?.(body) ? null : body, { headers });
}

/**
 * An endpoint's answer from a file kept on disk (a download kept by its digest, decision 0083): the
 * side-file writer links the file into the site; anywhere else the route answers its bytes.
 */
export function keptFileResponse(path: string, contentType: string): Response {
  const headers = { 'content-type': contentType };
  const take = getHook<SideBodyTaker>(HOOKS.sideBody);
  return new Response(take?.({ kept: path }) ? null : new Uint8Array(readFileSync(path)), { headers });
}
