import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ISLAND_STYLES } from 'astro/runtime/server/astro-island-styles.js';
import { describe, expect, test } from 'vitest';
import { islandStylesPlugin } from './island-styles.ts';

type GetPrescripts = (result: object, type: 'both' | 'directive', directive: string) => string;

/** The installed Astro's scripts.js as the build's bundle has it, loaded from a data: URL. */
async function patchedPrescripts(): Promise<GetPrescripts> {
  const file = join(process.cwd(), 'node_modules/astro/dist/runtime/server/scripts.js');
  const transformed = islandStylesPlugin().transform(readFileSync(file, 'utf8'), file);
  expect(transformed).toBeDefined();
  const base = pathToFileURL(file).href;
  // Its relative imports made absolute, so it loads from where it is not.
  const code = (transformed as string).replace(
    /from "(\.\.?\/[^"]+)"/g,
    (_, path: string) => `from "${new URL(path, base)}"`,
  );
  return (await import(`data:text/javascript,${encodeURIComponent(code)}`)).getPrescripts;
}

describe('islandStylesPlugin', () => {
  test("has the installed Astro write its first island's scripts without the style before them", async () => {
    const getPrescripts = await patchedPrescripts();
    const result = { clientDirectives: new Map([['load', '(()=>{})();']]) };
    const html = getPrescripts(result, 'both', 'load');
    expect(html).not.toContain('<style');
    expect(html).toMatch(/^<script>\(\(\)=>\{\}\)\(\);<\/script><script>.+<\/script>$/s);
  });

  test("finds Astro's rule for its island elements in the site's stylesheet", () => {
    const [selectors = '', declaration] = ISLAND_STYLES.replace('}', '').split('{');
    expect(declaration).toBe('display:contents');
    const css = readFileSync(join(process.cwd(), 'src/styles/global.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    const rule = css.match(/(^|\})\s*(astro-island[^{]*)\{([^}]*)\}/);
    expect(rule?.[2]?.split(',').map((selector) => selector.trim())).toEqual(selectors.split(','));
    expect(rule?.[3]?.replace(/[\s;]/g, '')).toBe(declaration);
  });

  test('leaves other modules alone', () => {
    const other = join(process.cwd(), 'node_modules/astro/dist/runtime/server/render/page.js');
    expect(islandStylesPlugin().transform(readFileSync(other, 'utf8'), other)).toBeUndefined();
  });
});
