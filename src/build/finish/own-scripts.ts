import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scriptHash } from './site-csp.ts';

// The inline scripts the build itself emits, and so the only ones the policy allows (decision 0067): the
// site's own, written `<script is:inline>` in its Astro files, and Astro's (internals/astro-scripts.ts).
// Anything else inline in a page (a script that came in with content, say) stops the build.

/** A `<script>` element in an Astro file, its attributes and its text. */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * The text of every `<script is:inline>` in the Astro files under `srcDir`: Astro writes such a script into
 * the page as it stands. One with `define:vars` or `set:html` has text made at render time: left out, so a
 * page carrying it stops the build, which is the place to learn that such a script needs a module instead.
 */
export function sourceInlineScripts(srcDir: string): string[] {
  const scripts: string[] = [];
  const files = readdirSync(srcDir, { recursive: true, withFileTypes: true }).filter(
    (entry) => entry.isFile() && entry.name.endsWith('.astro'),
  );
  for (const file of files) {
    const source = readFileSync(join(file.parentPath, file.name), 'utf8');
    for (const [, attributes = '', text = ''] of source.matchAll(SCRIPT)) {
      if (/\bis:inline\b/.test(attributes) && !/\b(define:vars|set:html|set:text)\b/.test(attributes)) {
        scripts.push(text);
      }
    }
  }
  return scripts;
}

/** The hashes of the inline scripts the build emits: the site's own under `srcDir`, and Astro's given. */
export function ownScriptHashes(srcDir: string, astroScripts: readonly string[]): Set<string> {
  return new Set([...sourceInlineScripts(srcDir), ...astroScripts].map((text) => scriptHash(text)));
}
