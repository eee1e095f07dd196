// Astro's rule for its island elements in the site's stylesheet, not in each page's body.
//
// Before the first island of a page, Astro writes `<style>astro-island,astro-slot,astro-static-slot{display:
// contents}</style>` (getPrescripts in astro/dist/runtime/server/scripts.js), wherever that island is: here
// in the header, after the logo. The HTML standard allows `<style>` in the head only, the Nu HTML Checker in
// the body at most as the first child of its parent, and Astro has no option to move it (withastro/astro
// issue 10308). The same rule is in src/styles/global.css, which every page with islands links from its
// head, so it also holds before the body is read; the build's copy of Astro's renderer leaves the inline one
// out.

import { patchModule } from './build-patch.ts';

const ASTRO_SCRIPTS = /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]scripts\.js$/;
/** The inline style, as the prescripts of a page's first island begin with it: a line of Astro's code. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: the text of Astro's template literal, not one of ours
const ISLAND_STYLE = '`<style>${ISLAND_STYLES}</style><script>';

/**
 * A Vite plugin for the build: no `<style>` of Astro's before a page's first island (above). Should Astro's
 * code change, the build stops (build-patch.ts); allowed to go on, pages keep the inline style, which browsers
 * apply as well but the HTML check (tests/e2e/w3c.test.ts) refuses.
 */
export function islandStylesPlugin() {
  return patchModule({
    name: 'island-styles',
    module: ASTRO_SCRIPTS,
    patches: [{ from: ISLAND_STYLE, to: '`<script>' }],
    otherwise: "pages keep Astro's <style> before their first island, which the HTML check refuses",
  });
}
