import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { pageTextPlugin } from './page-text.ts';

describe('pageTextPlugin', () => {
  test("has the installed Astro's renderPage offer each page's text before encoding it", () => {
    const file = join(process.cwd(), 'node_modules/astro/dist/runtime/server/render/page.js');
    const transformed = pageTextPlugin().transform(readFileSync(file, 'utf8'), file);
    expect(transformed).toContain(
      'body = globalThis[Symbol.for("lumenlab.build.page-text")]?.(body) ?? encoder.encode(body);',
    );
    expect(pageTextPlugin().transform('body = encoder.encode(body);', join(process.cwd(), 'src/pages/x.js'))).toBe(
      undefined,
    );
  });
});
