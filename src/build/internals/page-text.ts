// Astro's page text handed to the page finisher (decision 0039): see `pageTextPlugin`.

import { AsyncLocalStorage } from 'node:async_hooks';
import { patchModule } from './build-patch.ts';
import { HOOKS, hookIn, setHook } from './hooks.ts';

/** The page a render made, as Astro's text, when Astro's encoding of it was handed over (`pageTextPlugin`). */
interface RenderedPage {
  html?: string;
}

const renderedPages = new AsyncLocalStorage<RenderedPage>();

/** Where the build's copy of Astro's renderPage asks for a page's text to be taken (`pageTextPlugin`). */
const PAGE_TEXT = HOOKS.pageText;
/** Astro's encoding of a rendered page (renderPage in astro/dist/runtime/server/render/page.js). */
const ASTRO_ENCODE = 'body = encoder.encode(body);';
const ASTRO_PAGE = /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]page\.js$/;

/**
 * A Vite plugin for the build: Astro renders a page to one string and encodes it to UTF-8 (renderPage) for
 * the Response the prerenderer answers; the finisher read those bytes back from the Response's stream and
 * as latin1 text, and copied them once more to put the policy in, 3-4 s of CPU at 10,000 products
 * (decision 0039). With this, the build's copy of renderPage first offers the string to `PAGE_TEXT`, which
 * the finisher sets (`withPageText`): in a render the finisher wraps, it keeps the string and answers an
 * empty body; anywhere else, or without the finisher, Astro encodes the page as ever. Should Astro's code
 * change, the build stops (build-patch.ts); allowed to go on, the finisher reads the bytes.
 */
export function pageTextPlugin() {
  return patchModule({
    name: 'page-text',
    module: ASTRO_PAGE,
    patches: [{ from: ASTRO_ENCODE, to: `body = ${hookIn(PAGE_TEXT)}?.(body) ?? encoder.encode(body);` }],
    otherwise: 'pages are read back from their bytes',
  });
}

/**
 * Runs a render and answers what it answered, with the page's text when the patched renderPage handed it
 * over (then the answer's body is empty). Sets the hook each time: a module loaded again (a test file) has a store of its own.
 */
export async function withPageText<T>(render: () => Promise<T>): Promise<{ rendered: T; html: string | undefined }> {
  setHook(PAGE_TEXT, takePageText);
  const page: RenderedPage = {};
  const rendered = await renderedPages.run(page, render);
  return { rendered, html: page.html };
}

const EMPTY = new Uint8Array(0);

/** Keeps renderPage's page text for the render under way, if `withPageText` runs one. */
function takePageText(text: string): Uint8Array | undefined {
  const page = renderedPages.getStore();
  if (!page || page.html !== undefined) return undefined;
  page.html = text;
  return EMPTY;
}
