import { describe, expect, test } from 'vitest';
import { oneEditApart, partKey, spell, stem, termsOf, words } from './terms.ts';

describe('search terms', () => {
  test('stems plurals and verb forms to one form', () => {
    expect(['lasers', 'laser'].map(stem)).toEqual(['laser', 'laser']);
    expect(['measuring', 'measured', 'measure', 'measures'].map(stem)).toEqual(Array(4).fill('measur'));
    expect(['lenses', 'lens'].map(stem)).toEqual(['lens', 'lens']);
    expect(['mapping', 'mapped'].map(stem)).toEqual(['map', 'map']);
    expect(stem('glasses')).toBe('glass');
  });

  test('counts one letter wrong, missing, extra or two swapped as one edit, and no more', () => {
    expect(oneEditApart('spectrometer', 'spectromter')).toBe(true);
    expect(oneEditApart('spectrometer', 'spectrpmeter')).toBe(true);
    expect(oneEditApart('spectrometer', 'sepctrometer')).toBe(true);
    expect(oneEditApart('spectrometer', 'spectrometers')).toBe(true);
    expect(oneEditApart('spectrometer', 'spectrmetr')).toBe(false);
    expect(oneEditApart('abcxd', 'axbcd')).toBe(false);
  });

  test('makes part numbers blind to case, dashes, slashes, spaces and full-width forms', () => {
    expect(['CCS-200/M', 'ccs 200 m', 'ＣＣＳ－２００／Ｍ'].map(partKey)).toEqual(['ccs200m', 'ccs200m', 'ccs200m']);
  });

  test('bounds every word and term after normalisation, whatever grows under it', () => {
    // U+FDFA is four Arabic words in NFKC: each is a word, at the place of the character.
    expect(words('a\uFDFAb').map((w) => [w.text, w.start, w.end])).toEqual([
      ['aصلى', 0, 3],
      ['الله', 0, 3],
      ['عليه', 0, 3],
      ['وسلمb', 0, 3],
    ]);
    const long = words('\uFB03'.repeat(200));
    expect(long.map((w) => w.text)).toEqual(['ffi'.repeat(22).slice(0, 64)]);
    const utf8 = new TextEncoder();
    const longest = (text: string) => Math.max(...termsOf(words(text), true).map((t) => utf8.encode(t.term).length), 0);
    for (const text of ['\uFDFA'.repeat(200), '\uD835\uDC00'.repeat(100), '光'.repeat(200), '光谱仪 '.repeat(50)])
      expect(longest(text)).toBeLessThan(2047);
    // Never half of a surrogate pair: Gothic 𐌰 (U+10330) is two code units, so x and 31 of them are 63.
    expect(words(`x${'\u{10330}'.repeat(40)}`)[0]?.text).toBe(`x${'\u{10330}'.repeat(31)}`);
  });

  test('pairs neighbouring Chinese words and spells Chinese names in pinyin', () => {
    const terms = termsOf(words('拉曼光谱仪'), true).map((t) => t.term);
    expect(terms).toEqual(
      expect.arrayContaining(['拉曼', '光谱仪', 'laman', 'guangpuyi', 'gpy', 'lamanguangpuyi', 'lmgpy']),
    );
    expect(spell('光谱仪')).toEqual({ full: 'guangpuyi', initials: 'gpy' });
  });
});
