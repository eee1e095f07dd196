import { describe, expect, test } from 'vitest';
import { idFromSlug, idSlug, slugify } from './slug.ts';

describe('slugify', () => {
  test('lowercases and joins words with dashes', () => {
    expect(slugify('Raman Spectrometer 532')).toBe('raman-spectrometer-532');
  });
  test('spells out the ampersand and drops accents and symbols', () => {
    expect(slugify('Semiconductor & Microelectronics')).toBe('semiconductor-and-microelectronics');
    expect(slugify('Émission  (UV/VIS)!')).toBe('emission-uv-vis');
  });
  test('falls back to "item" when nothing readable is left', () => {
    expect(slugify('激光器')).toBe('item');
  });
  test('answers the same once many names have been slugged', () => {
    const names = Array.from({ length: 5000 }, (_, i) => `Fiber Laser ${i}`);
    for (const name of names) slugify(name);
    expect(slugify('Raman Spectrometer 532')).toBe('raman-spectrometer-532');
    expect(names.map((name) => slugify(name)).slice(-2)).toEqual(['fiber-laser-4998', 'fiber-laser-4999']);
    expect(slugify('Fiber Laser 0')).toBe('fiber-laser-0');
  });
  test('keeps slugs short without a trailing dash', () => {
    const slug = slugify(`${'a'.repeat(59)} b`);
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug.endsWith('-')).toBe(false);
  });
});

describe('id slugs', () => {
  test('put the id before the name', () => {
    expect(idSlug(12, 'Fiber Laser')).toBe('12-fiber-laser');
  });
  test('give back the id they start with', () => {
    expect(idFromSlug('12-fiber-laser')).toBe(12);
    expect(idFromSlug('12')).toBe(12);
  });
  test('give nothing back for slugs without a leading id', () => {
    expect(idFromSlug('fiber-laser')).toBeUndefined();
    expect(idFromSlug('012-x')).toBeUndefined();
    expect(idFromSlug('12x')).toBeUndefined();
  });
});
