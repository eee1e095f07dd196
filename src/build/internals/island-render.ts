// How the build renders the React islands' server HTML (decision 0040).
//
// @astrojs/react renders each island with React's streaming renderer (`renderToReadableStream`) and reads
// the stream back into a string: a web stream, its bytes encoded and decoded again, several promises a
// chunk; and it renders each island twice, the first time to learn that it is React's (its `check`). At
// 10,000 products that was 4-5 s of the renderer's thread, of which React's own work was a fraction. A
// static build waits for the whole HTML anyway, so this has the build's copy of the renderer call React's
// synchronous `renderToString`, with the same options (`identifierPrefix`, so the ids React makes on the
// server are the ones hydration makes on the client; the renderer's own `experimentalDisableStreaming`
// leaves them out, and every `useId` then differs).
//
// An island rendered on the server must not suspend (lazy components, data it waits for): renderToString
// renders a Suspense boundary's fallback where the stream waited for its content. The islands that load
// parts lazily (the account's) are `client:only`, never rendered here.

import { SAME_HTML } from '#islands/server-render.ts';
import { patchModule } from './build-patch.ts';
import { HOOKS, hookIn, setHook } from './hooks.ts';

/** The renderer's streaming call, in @astrojs/react's server.js. */
const STREAMED = 'html = await renderToReadableStreamAsync(vnode, renderOptions);';
const SYNCHRONOUS = 'html = ReactDOM.renderToString(vnode, renderOptions);';
const REACT_SERVER = /[\\/]@astrojs[\\/]react[\\/]dist[\\/]server\.js$/;
/** Where the renderer's renderToStaticMarkup has its props ready, and where it answers. */
const PROPS_READY = 'delete props["class"];';
const ANSWER = '  return { html, attrs };';
/** The hook the renderer asks for an island's HTML made before (`islandHtml`). */
const ISLAND_HTML = HOOKS.islandHtml;
/** Sets of props an island's HTML is kept for, at most: an island marked alike has a handful. */
const KEPT_PER_ISLAND = 64;

/**
 * A Vite plugin for the build: React's islands rendered with `renderToString`, and an island marked
 * `sameHtml` (src/islands/server-render.ts) rendered once for each set of props and id prefix. Should the
 * renderer's code change, the build stops (build-patch.ts); allowed to go on, the islands are streamed, each
 * every time, as correct.
 */
export function syncIslandsPlugin() {
  setHook(ISLAND_HTML, islandHtml);
  const made = `const made = ${hookIn(ISLAND_HTML)}?.(Component, prefix, props, children, slotted);`;
  return patchModule({
    name: 'sync-islands',
    module: REACT_SERVER,
    patches: [
      { from: STREAMED, to: SYNCHRONOUS },
      {
        from: PROPS_READY,
        to: `${PROPS_READY}\n  ${made}\n  if (made?.html !== undefined) return { html: made.html, attrs };`,
      },
      { from: ANSWER, to: `  made?.keep(html);\n${ANSWER}` },
    ],
    otherwise: 'its islands are streamed, each every time',
  });
}

const madeBefore = new WeakMap<object, Map<string, string>>();

/**
 * The HTML an island marked `sameHtml` was rendered to before with the same props and id prefix, or, the
 * first time, where to keep it (`keep`). Undefined for any other island, and for one given children or
 * slots (their HTML is the page's).
 */
export function islandHtml(
  component: unknown,
  prefix: string | undefined,
  props: Record<string, unknown>,
  children: unknown,
  slotted: Record<string, unknown>,
): { html: string | undefined; keep(html: string): void } | undefined {
  if (typeof component !== 'function' || !(component as { [SAME_HTML]?: boolean })[SAME_HTML]) return undefined;
  if (children != null || Object.keys(slotted).length > 0) return undefined;
  const kept = madeBefore.get(component) ?? new Map<string, string>();
  madeBefore.set(component, kept);
  const key = JSON.stringify([prefix ?? null, props]);
  return {
    html: kept.get(key),
    keep: (html) => {
      if (kept.size < KEPT_PER_ISLAND) kept.set(key, html);
    },
  };
}
