import { expect, test } from 'vitest';
import { escapeXml } from './xml.ts';

test('escapes the characters XML gives meaning to', () => {
  expect(escapeXml('a < b & "c" > d')).toBe('a &lt; b &amp; &quot;c&quot; &gt; d');
});
