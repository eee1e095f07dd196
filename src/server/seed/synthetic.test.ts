import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { ProductInput } from '#api/editor-fields.ts';
import { catalogue } from './data/index.ts';
import { syntheticCatalogue } from './synthetic.ts';
import type { SeedCurve } from './types.ts';

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
  test('gives a variant of a product with curves its own, as the editors’ calls take them: a spectrum moved with its wavelength, a power scaled', () => {
    const big = syntheticCatalogue(catalogue, 600);
    const variants = big.products.slice(catalogue.products.length).filter((product) => product.curves);
    expect(variants.length).toBeGreaterThan(100);
    for (const product of variants) {
      const checked = v.safeParse(ProductInput, product);
      expect(
        checked.issues?.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`) ?? [],
        product.partNumber,
      ).toEqual([]);
    }
    const laser = variants.find((product) => product.partNumber.startsWith('LS-405-50-'));
    const model = catalogue.products.find((product) => product.partNumber === 'LS-405-50');
    const wavelength = Number(laser?.attributes.find((a) => a.label.en === 'Wavelength')?.value);
    const peak = (curve: SeedCurve | undefined) => {
      const series = curve?.series[0];
      return series?.x[series.y.indexOf(Math.max(...series.y))];
    };
    expect(Math.abs((peak(laser?.curves?.[0]) ?? 0) - wavelength)).toBeLessThan(wavelength * 0.005);
    expect(laser?.curves?.[1]?.series[0]?.x).toEqual(model?.curves?.[1]?.series[0]?.x);
  });
  test('refuses a size below the demo catalogue', () => {
    expect(() => syntheticCatalogue(catalogue, 3)).toThrow(/at least/);
  });
});
