import { describe, expect, test } from 'vitest';
import { catalogue } from './data/index.ts';
import { syntheticCatalogue } from './synthetic.ts';

describe('synthetic catalogue', () => {
  test('grows the demo to the asked number of products with unique part numbers', () => {
    const big = syntheticCatalogue(catalogue, 1000);
    expect(big.products).toHaveLength(1000);
    expect(new Set(big.products.map((p) => p.partNumber)).size).toBe(1000);
  });
  test('is the same for the same size', () => {
    const a = syntheticCatalogue(catalogue, 300).products.map((p) => p.price);
    const b = syntheticCatalogue(catalogue, 300).products.map((p) => p.price);
    expect(a).toEqual(b);
  });
  test('refuses a size below the demo catalogue', () => {
    expect(() => syntheticCatalogue(catalogue, 3)).toThrow(/at least/);
  });
});
