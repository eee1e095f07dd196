import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { inlineScriptSpans, inlineScripts, quickInlineScriptSpans } from './html-scripts.ts';
import { scriptHash } from './site-csp.ts';

describe('inlineScripts', () => {
  test('finds the scripts a browser runs and leaves out external scripts and JSON data blocks', () => {
    const html = [
      '<script>one()</script>',
      '<script type="module">two()</script>',
      '<script type="module" src="/_astro/app.js"></script>',
      '<script type="application/ld+json">{"@type":"Product"}</script>',
      '<SCRIPT type="text/javascript">three()</SCRIPT >',
    ].join('');
    expect(inlineScripts(html)).toEqual(['one()', 'two()', 'three()']);
  });
});

describe('inlineScriptSpans', () => {
  test("finds the same scripts as inlineScripts, by place, also in a page's bytes read as latin1", () => {
    const html =
      '<head><script>a("光谱")</script><script src="/x.js"></script><SCRIPT type="module">b()</SCRIPT ></head>';
    const spans = inlineScriptSpans(html);
    expect(spans.map(([start, end]) => html.slice(start, end))).toEqual(inlineScripts(html));
    expect(inlineScripts(html)).toEqual(['a("光谱")', 'b()']);
    const bytes = new TextEncoder().encode(html);
    const latin1 = Buffer.from(bytes).toString('latin1');
    expect(inlineScriptSpans(latin1).map(([start, end]) => scriptHash(bytes.subarray(start, end)))).toEqual([
      scriptHash('a("光谱")'),
      scriptHash('b()'),
    ]);
  });
});

describe('what is no script, though it reads like one', () => {
  const name = '</script><script>window.pwned=1</script>';

  test('the letters of a script in an attribute value, quoted either way, or past a > in a value', () => {
    const html = [
      `<img src="/a.webp" alt="${name}">`,
      `<a title='${name}' data-x="1 > 0">link</a>`,
      '<p data-note="a>b" class=x>text</p>',
      '<script>own()</script>',
    ].join('');
    expect(inlineScripts(html)).toEqual(['own()']);
  });

  test('in a comment (however it ends), and in elements whose content is text', () => {
    const html = [
      `<!-- ${name} -->`,
      `<!-- ${name} --!>`,
      '<!--><script>a()</script>',
      `<textarea>${name}</textarea>`,
      `<title>${name}</title>`,
      `<style>p::after { content: "${name}"; }</style>`,
      `<noscript>${name}</noscript>`,
      '<![CDATA[ x ]]>',
    ].join('');
    expect(inlineScripts(html)).toEqual(['a()']);
  });

  test('a script ends at its end tag in any case, with space or a slash before the >', () => {
    const html = '<SCRIPT>one()</SCRIPT ><script type=module>two()</script/><script>three()</scripts>x</script>';
    expect(inlineScripts(html)).toEqual(['one()', 'two()', 'three()</scripts>x']);
  });

  test('an external script and a data block are left out, whatever their attributes look like', () => {
    const html = [
      '<script data-x="src=" >a()</script>',
      "<script src='/x.js'></script>",
      '<script type=" application/ld+json ">{"a":1}</script>',
      '<script type="importmap">{}</script>',
    ].join('');
    expect(inlineScripts(html)).toEqual(['a()', '{}']);
  });
});

describe('quickInlineScriptSpans', () => {
  const texts = (html: string, spans: [number, number][] | undefined) =>
    spans?.map(([start, end]) => html.slice(start, end));

  test('gives the same spans as the parser for pages written as Astro writes them', () => {
    const html = [
      '<!doctype html><html><head><meta charset="utf-8"><script>own()</script>',
      '<script type="module" src="/_astro/a.js"></script><script type="application/ld+json">{"a":1}</script>',
      '</head><body><img alt="Raman"><script type="module">two()</script></body></html>',
    ].join('');
    expect(quickInlineScriptSpans(html)).toEqual(inlineScriptSpans(html));
    expect(texts(html, quickInlineScriptSpans(html))).toEqual(['own()', 'two()']);
  });

  test('gives up where only the parser can tell: a script written otherwise, or the letters of one in its text', () => {
    for (const html of [
      '<SCRIPT>a()</SCRIPT>',
      '<script >a()</script>',
      "<script type='module'>a()</script>",
      '<script>a("</script ")</script>',
      '<script>a()',
      '<script>a()</script/>',
    ]) {
      expect(quickInlineScriptSpans(html), html).toBeUndefined();
    }
  });

  test('finds the letters of a script in an attribute too: the caller must ask the parser when they are not allowed', () => {
    const html = '<img alt="<script>x()</script>"><script>own()</script>';
    expect(texts(html, quickInlineScriptSpans(html))).toEqual(['x()', 'own()']);
    expect(inlineScripts(html)).toEqual(['own()']);
  });

  // What the build relies on: when the quick way answers, every script a browser would run is among its
  // spans, with the same text. Pages made of pieces that parse differently in different places.
  test('never misses a script the parser finds, nor gives it another text', () => {
    const pieces = [
      '<script>own()</script>',
      '<script>evil()</script>',
      '<script type="module">own()</script>',
      '<script src="/x.js"></script>',
      '<script type="application/ld+json">{"a":1}</script>',
      '<script data-x=" src=">evil()</script>',
      '<script',
      '<script>',
      '<SCRIPT>',
      '</script>',
      '</script/>',
      '</SCRIPT>',
      '<img alt="',
      "<a title='",
      '<p class=x data-y="a>b">',
      '">',
      "'>",
      '"',
      "'",
      '=',
      '>',
      ' ',
      '<!--',
      '-->',
      '--!>',
      '<!-->',
      '<textarea>',
      '</textarea>',
      '<style>',
      '</style>',
      '<noscript>',
      '</noscript>',
      'text',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 14 }), (parts) => {
        const html = parts.join('');
        const quick = texts(html, quickInlineScriptSpans(html));
        if (quick === undefined) return;
        for (const text of inlineScripts(html)) expect(quick).toContain(text);
      }),
      { numRuns: 20_000 },
    );
  });
});
