import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { serverRendered } from '#islands/server-render.ts';
import { islandHtml, syncIslandsPlugin } from './island-render.ts';

describe('syncIslandsPlugin', () => {
  test("has the installed @astrojs/react render its islands with renderToString and the island's options", () => {
    const file = join(process.cwd(), 'node_modules/@astrojs/react/dist/server.js');
    const transformed = syncIslandsPlugin().transform(readFileSync(file, 'utf8'), file);
    expect(transformed).toContain('html = ReactDOM.renderToString(vnode, renderOptions);');
    expect(transformed).not.toContain('html = await renderToReadableStreamAsync(vnode, renderOptions);');
    // It asks for an island's HTML made before once its props are ready, and keeps what it makes.
    expect(transformed).toMatch(
      /delete props\["class"\];\n {2}const made = globalThis\[Symbol\.for\("lumenlab\.build\.island-html"\)\]\?\.\(Component, prefix, props, children, slotted\);\n {2}if \(made\?\.html !== undefined\) return \{ html: made\.html, attrs \};/,
    );
    expect(transformed).toContain('  made?.keep(html);\n  return { html, attrs };');
    // Other modules are left alone.
    const other = 'html = await renderToReadableStreamAsync(vnode, renderOptions);';
    expect(syncIslandsPlugin().transform(other, join(process.cwd(), 'src/islands/Inquiry.tsx'))).toBeUndefined();
  });
});

describe('islandHtml', () => {
  test('keeps the HTML of an island marked alike for its props and prefix, and of no other', () => {
    const SearchBox = serverRendered(() => null, { sameHtml: true });
    const Form = serverRendered(() => null);
    expect(islandHtml(Form, 'r0', { locale: 'en' }, undefined, {})).toBeUndefined();
    const first = islandHtml(SearchBox, 'r0', { locale: 'en' }, undefined, {});
    expect(first?.html).toBeUndefined();
    first?.keep('<form id="_r0R_0_">en</form>');
    expect(islandHtml(SearchBox, 'r0', { locale: 'en' }, undefined, {})?.html).toBe('<form id="_r0R_0_">en</form>');
    // Other props, another prefix: made anew.
    expect(islandHtml(SearchBox, 'r0', { locale: 'zh-CN' }, undefined, {})?.html).toBeUndefined();
    expect(islandHtml(SearchBox, 'r1', { locale: 'en' }, undefined, {})?.html).toBeUndefined();
    // Children or slots are the page's: never kept.
    expect(islandHtml(SearchBox, 'r0', { locale: 'en' }, '<p>child</p>', {})).toBeUndefined();
    expect(islandHtml(SearchBox, 'r0', { locale: 'en' }, undefined, { footer: '<p>x</p>' })).toBeUndefined();
  });
});
