import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ownScriptHashes, sourceInlineScripts } from './own-scripts.ts';
import { scriptHash } from './site-csp.ts';

let src: string;
beforeAll(() => {
  src = mkdtempSync(join(tmpdir(), 'own-scripts-test-'));
  mkdirSync(join(src, 'components'));
  writeFileSync(
    join(src, 'components/Mark.astro'),
    "---\nconst colour = 'red';\n---\n<script is:inline>\n  document.documentElement.dataset.mark = '';\n</script>\n" +
      '<script>import "../browser/menu.ts";</script>\n' +
      '<script is:inline define:vars={{ colour }}>document.body.style.color = colour;</script>\n',
  );
  writeFileSync(join(src, 'components/readme.md'), '<script is:inline>not a component()</script>');
});
afterAll(() => rmSync(src, { recursive: true, force: true }));

describe('sourceInlineScripts', () => {
  test('takes the text of each is:inline script of the Astro files, as Astro writes it, and no other script', () => {
    expect(sourceInlineScripts(src)).toEqual(["\n  document.documentElement.dataset.mark = '';\n"]);
  });

  test("finds the site's own: the locale detection and the header's session mark", () => {
    const scripts = sourceInlineScripts(fileURLToPath(new URL('../../', import.meta.url)));
    expect(scripts.some((text) => text.includes('baiduspider'))).toBe(true);
    expect(scripts.some((text) => text.includes("setAttribute('data-session', '')"))).toBe(true);
  });
});

test("ownScriptHashes: the hashes of the site's scripts and of Astro's given", () => {
  expect(ownScriptHashes(src, ['astro()'])).toEqual(
    new Set([scriptHash("\n  document.documentElement.dataset.mark = '';\n"), scriptHash('astro()')]),
  );
});
