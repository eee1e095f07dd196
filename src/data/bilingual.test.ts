import { expect, test } from 'vitest';
import { pairLanguages } from './bilingual.ts';

test('pairLanguages pairs records by id and stops on one without its Chinese version', () => {
  expect(pairLanguages([{ id: 1 }, { id: 2 }], [{ id: 2 }, { id: 1 }])).toEqual([
    { id: '1', en: { id: 1 }, zh: { id: 1 } },
    { id: '2', en: { id: 2 }, zh: { id: 2 } },
  ]);
  expect(() => pairLanguages([{ id: 1 }], [])).toThrow(/record 1 has no Chinese version/);
});
