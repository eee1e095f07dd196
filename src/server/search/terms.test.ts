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

  test('pairs neighbouring Chinese words and spells Chinese names in pinyin', () => {
    const terms = termsOf(words('拉曼光谱仪'), true).map((t) => t.term);
    expect(terms).toEqual(
      expect.arrayContaining(['拉曼', '光谱仪', 'laman', 'guangpuyi', 'gpy', 'lamanguangpuyi', 'lmgpy']),
    );
    expect(spell('光谱仪')).toEqual({ full: 'guangpuyi', initials: 'gpy' });
  });
});
