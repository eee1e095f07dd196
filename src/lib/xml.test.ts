import { expect, test } from 'vitest';
import { escapeXml } from './xml.ts';

test('escapes the characters XML gives meaning to', () => {
  expect(escapeXml('a < b & "c" > d')).toBe('a &lt; b &amp; &quot;c&quot; &gt; d');
});

test('drops the characters XML 1.0 forbids, so a pasted vertical tab cannot make a feed unreadable', () => {
  expect(escapeXml('Fiber\u000bLaser')).toBe('FiberLaser');
  expect(escapeXml('a\u0000b\u0008c\u000cd\u001fe\u007ff\u0085g\u009fh')).toBe('abcdefgh');
  expect(escapeXml('\ufffe\uffff')).toBe('');
  // Half a surrogate pair is no character; a whole pair (an emoji) is one.
  expect(escapeXml('x\ud83dy\ude00z 🔬')).toBe('xyz 🔬');
});

test('keeps tab, line breaks and every other character', () => {
  expect(escapeXml('one\ttwo\nthree\r\n拉曼光谱 µm ±0.1 nm')).toBe('one\ttwo\nthree\r\n拉曼光谱 µm ±0.1 nm');
});
