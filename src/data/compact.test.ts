import { describe, expect, it } from 'vitest';
import { compactCopy, shareStrings } from './compact.ts';

// JavaScript cannot tell two equal strings apart, so these look at the pool: each text is held there once,
// and the values keep their text.
const made = (text: string) => [...text].join('');

describe('shareStrings', () => {
  it('replaces each string, in objects and arrays at any depth, by the first equal one the pool holds', () => {
    const pool = new Map<string, string>();
    const first = { unit: made('nm'), images: [{ src: made('/images/a.svg') }], tags: [made('nm'), 3, null] };
    const second = { unit: made('nm'), images: [{ src: made('/images/a.svg') }], tags: [true, made('mm')] };
    shareStrings(first, pool);
    shareStrings(second, pool);
    expect(pool.size).toBe(3);
    expect([...pool.values()]).toEqual(['nm', '/images/a.svg', 'mm']);
    // Same values, keys and order as before: nothing else changed.
    expect(second).toEqual({ unit: 'nm', images: [{ src: '/images/a.svg' }], tags: [true, 'mm'] });
    expect(first).toEqual({ unit: 'nm', images: [{ src: '/images/a.svg' }], tags: ['nm', 3, null] });
  });

  it('answers the value it was given, and leaves numbers, booleans and null alone', () => {
    const value = { price: 1200, isNew: false, stock: null, list: [1, 2] };
    expect(shareStrings(value, new Map())).toBe(value);
    expect(value).toEqual({ price: 1200, isNew: false, stock: null, list: [1, 2] });
  });
});

describe('compactCopy', () => {
  it('answers an equal copy, the same JSON text in the same key order, not the value itself', () => {
    const record: Record<string, unknown> = {};
    for (const key of ['id', 'name', 'attributes', 'price']) record[key] = key === 'attributes' ? [] : key;
    (record.attributes as unknown[]).push({ label: 'Wavelength', value: '405', unit: 'nm' });
    const copy = compactCopy(record, new Map());
    expect(copy).not.toBe(record);
    expect(copy).toEqual(record);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(record));
  });

  it('shares strings between copies through one pool', () => {
    const pool = new Map<string, string>();
    compactCopy({ summary: made('Cemented 50:50 cube') }, pool);
    const second = compactCopy({ related: [{ summary: made('Cemented 50:50 cube') }] }, pool);
    expect(pool.size).toBe(1);
    expect(second.related[0]?.summary).toBe('Cemented 50:50 cube');
  });
});
