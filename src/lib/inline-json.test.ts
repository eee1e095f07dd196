import { describe, expect, test } from 'vitest';
import { inlineJson } from './inline-json.ts';

describe('JSON for an inline script', () => {
  const hostile = { name: '</script><script>window.pwned=1</script>', note: '<!-- a & b --> \u2028 \u2029' };

  test('holds no character that can close the script or open a comment', () => {
    expect(inlineJson(hostile)).not.toMatch(/[<>&\u2028\u2029]/);
    expect(inlineJson(hostile)).toContain('\\u003c/script\\u003e\\u003cscript\\u003e');
    expect(inlineJson('a & b')).toBe('"a \\u0026 b"');
    expect(inlineJson('\u2028\u2029')).toBe('"\\u2028\\u2029"');
  });

  test('parses back to the same value', () => {
    expect(JSON.parse(inlineJson(hostile))).toEqual(hostile);
    const nested = { list: [1, 'x>y', null, true], deep: { text: '中文 & <b>' } };
    expect(JSON.parse(inlineJson(nested))).toEqual(nested);
  });

  test('writes null for a value JSON cannot hold', () => {
    expect(inlineJson(undefined)).toBe('null');
  });
});
