// Marks on an island's component for how the build renders it on the server (src/build/internals/island-render.ts).
// Plain properties under global symbols: the client's bundle carries them too, and ignores them.

/** Astro's own mark (its `__astro_tag_component__`): the component is React's, so no render to find out. */
const RENDERER = Symbol.for('astro:renderer');
/** The build may reuse the island's server HTML for the same props (and the same id prefix). */
export const SAME_HTML = Symbol.for('lumenlab.build.same-html-for-same-props');

/**
 * Names an island rendered on the server as React's, which spares Astro's renderer a second render of it to
 * find that out. With `sameHtml`, the island's server HTML is a function of its props alone (no clock, no
 * random, no state from outside), and the build renders it once for each set of props.
 */
export function serverRendered<T extends object>(component: T, { sameHtml = false } = {}): T {
  Object.defineProperty(component, RENDERER, { value: '@astrojs/react' });
  if (sameHtml) Object.defineProperty(component, SAME_HTML, { value: true });
  return component;
}
