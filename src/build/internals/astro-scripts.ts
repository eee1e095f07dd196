// The inline scripts Astro itself puts in pages, so the policy can allow exactly those (decision 0067).
//
// Astro writes three kinds: the `<astro-island>` element's definition (the same text in every build of a
// version), each client directive's script (its own `load`, `idle`, `visible`, `only`, and ours,
// `client:interact`, bundled at config time), and each page `<script>` small enough for Vite to inline.
// The last two are only known once the build has bundled the pages: they are in the manifest of the app
// that Astro's default prerenderer loads in its `setup` (`app.manifest.clientDirectives`,
// `app.manifest.inlinedScripts`, both Maps, core/app/manifest.js), which is no public API. Should they move,
// the build stops here, saying so, rather than refusing every page for scripts it could not know.

import type { AstroPrerenderer } from 'astro';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';

interface AppManifest {
  clientDirectives?: unknown;
  inlinedScripts?: unknown;
}

const isTextMap = (value: unknown): value is Map<string, string> =>
  value instanceof Map && [...value.values()].every((text) => typeof text === 'string');

/** Astro's own inline scripts, from its default prerenderer after its `setup` (the one `setPrerenderer` is handed). */
export function astroInlineScripts(prerenderer: AstroPrerenderer): string[] {
  const manifest = (prerenderer as { app?: { manifest?: AppManifest } }).app?.manifest;
  if (!isTextMap(manifest?.clientDirectives) || !isTextMap(manifest?.inlinedScripts)) {
    throw new Error(
      "Astro's prerenderer no longer holds its app's manifest with clientDirectives and inlinedScripts where " +
        'src/build/internals/astro-scripts.ts reads them: the build cannot tell its own inline scripts from others.',
    );
  }
  return [islandScript, ...manifest.clientDirectives.values(), ...manifest.inlinedScripts.values()];
}
