import { describe, expect, test } from 'vitest';
import type { PartMatch } from '#api/quick-order.ts';
import { goodLines, lineState, type QuickLine } from './quick-order.ts';

const match = (status: PartMatch['status']): PartMatch => ({
  partNumber: 'LS-405-50',
  quantity: 1,
  status,
  product: null,
  candidates: [],
});

describe('the quick-order store', () => {
  test('says what a line comes to before and after it is matched', () => {
    const line = (fields: Partial<QuickLine>): QuickLine => ({
      key: 1,
      partNumber: 'LS-405-50',
      quantity: 1,
      ...fields,
    });
    expect(lineState(line({}))).toBe('pending');
    expect(lineState(line({ partNumber: '  ' }))).toBe('badPartNumber');
    expect(lineState(line({ partNumber: 'x'.repeat(65) }))).toBe('badPartNumber');
    expect(lineState(line({ quantity: null }))).toBe('badQuantity');
    expect(lineState(line({ match: match('ambiguous') }))).toBe('ambiguous');
    expect(lineState(line({ quantity: null, match: match('ok') }))).toBe('badQuantity');
  });

  test('adds only the lines matched to one product on sale within the limit', () => {
    const lines: QuickLine[] = (['ok', 'unknown', 'ambiguous', 'discontinued', 'overLimit', 'ok'] as const).map(
      (status, key) => ({ key, partNumber: 'P', quantity: 1, match: match(status) }),
    );
    expect(goodLines(lines).map((line) => line.key)).toEqual([0, 5]);
  });
});
