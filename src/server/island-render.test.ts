import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { syncIslandsPlugin } from './island-render.ts';

describe('syncIslandsPlugin', () => {
  test("has the installed @astrojs/react render its islands with renderToString and the island's options", () => {
    const file = join(process.cwd(), 'node_modules/@astrojs/react/dist/server.js');
    const transformed = syncIslandsPlugin().transform(readFileSync(file, 'utf8'), file);
    expect(transformed).toContain('html = ReactDOM.renderToString(vnode, renderOptions);');
    expect(transformed).not.toContain('html = await renderToReadableStreamAsync(vnode, renderOptions);');
    // Other modules are left alone.
    const other = 'html = await renderToReadableStreamAsync(vnode, renderOptions);';
    expect(syncIslandsPlugin().transform(other, join(process.cwd(), 'src/islands/Inquiry.tsx'))).toBeUndefined();
  });
});
