// A side file's body (a page's `_payload.json`, a download: src/server/side-files.ts) handed straight to the
// build's writer. Made into a Response, a body is turned into a stream there and read back from it, about
// a tenth of a millisecond a file on the renderer's thread, 38,000 files at 10,000 products (decision
// 0043). In a side file's render the writer takes the body itself and the route answers an empty
// Response; anywhere else (the dev server, a plain `astro build`) the route answers the body as ever.

/** Where the build's side-file writer takes a body (set by `takeSideBodies` in src/server/side-files.ts). */
export const SIDE_BODY = Symbol.for('storefront.side-body');

/** Whether the side-file writer took a body: only in a side file's render, and only its first. */
export type SideBodyTaker = (body: string | Uint8Array) => boolean;

/** An endpoint's answer: its body, unless the side-file writer takes it. */
export function sideFileResponse(body: string | Uint8Array<ArrayBuffer>, contentType: string): Response {
  const headers = { 'content-type': contentType };
  const take = (globalThis as Record<symbol, SideBodyTaker | undefined>)[SIDE_BODY];
  return new Response(take?.(body) ? null : body, { headers });
}
