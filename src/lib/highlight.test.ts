import { describe, expect, test } from 'vitest';
import { pieces } from './highlight.ts';

describe('pieces', () => {
  test('marks the stretches the API names and keeps the rest plain', () => {
    expect(pieces('CCS-200/M spectrometer', [{ start: 0, end: 7 }])).toEqual([
      { text: 'CCS-200', marked: true },
      { text: '/M spectrometer', marked: false },
    ]);
    expect(pieces('紧凑型光谱仪', [{ start: 3, end: 6 }])).toEqual([
      { text: '紧凑型', marked: false },
      { text: '光谱仪', marked: true },
    ]);
  });

  test('sorts marks and skips overlapping, empty or out-of-range ones', () => {
    expect(
      pieces('abcdef', [
        { start: 4, end: 9 },
        { start: 0, end: 2 },
        { start: 1, end: 3 },
        { start: 3, end: 3 },
      ]),
    ).toEqual([
      { text: 'ab', marked: true },
      { text: 'c', marked: true },
      { text: 'd', marked: false },
      { text: 'ef', marked: true },
    ]);
    expect(pieces('abc', [{ start: 10, end: 12 }])).toEqual([{ text: 'abc', marked: false }]);
    expect(pieces('', [])).toEqual([{ text: '', marked: false }]);
  });
});
