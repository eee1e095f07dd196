import { describe, expect, test } from 'vitest';
import { sanitizeBody } from './sanitize.server.ts';

describe('sanitizing editor HTML', () => {
  test('keeps the allowed structure', () => {
    const html = '<h2>Setup</h2><p>Use <strong>532 nm</strong>.</p><ul><li>one</li></ul>';
    expect(sanitizeBody(html)).toBe(html);
  });
  test('drops scripts, event handlers, styles and javascript links', () => {
    const html =
      '<p onclick="x()" style="color:red">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>';
    expect(sanitizeBody(html)).toBe('<p>Hi</p><a>x</a>');
  });
  test('keeps site links and opens outside links safely', () => {
    expect(sanitizeBody('<a href="/contact">c</a>')).toBe('<a href="/contact">c</a>');
    expect(sanitizeBody('<a href="https://example.org">e</a>')).toBe(
      '<a href="https://example.org" rel="noopener noreferrer" target="_blank">e</a>',
    );
  });
});
