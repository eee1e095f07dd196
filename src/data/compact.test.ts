import { describe, expect, it } from 'vitest';
import { compactCopy, sharePool, shareValues } from './compact.ts';

// JavaScript cannot tell two equal strings apart, so these look at the pool: each text is held there once,
// and the values keep their text.
const made = (text: string) => [...text].join('');

describe('shareValues', () => {
  it('replaces each string, in objects and arrays at any depth, by the first equal one the pool holds', () => {
    const pool = sharePool();
    const first = { unit: made('nm'), images: [{ src: made('/images/a.svg') }], tags: [made('nm'), 3, null] };
    const second = { unit: made('nm'), images: [{ src: made('/images/a.svg') }], tags: [true, made('mm')] };
    shareValues(first, pool);
    shareValues(second, pool);
    // Each text once, keys too.
    expect(pool.texts).toEqual(['unit', 'nm', 'images', 'src', '/images/a.svg', 'tags', 'mm']);
    // Same values, keys and order as before: nothing else changed.
    expect(second).toEqual({ unit: 'nm', images: [{ src: '/images/a.svg' }], tags: [true, 'mm'] });
    expect(first).toEqual({ unit: 'nm', images: [{ src: '/images/a.svg' }], tags: ['nm', 3, null] });
  });

  it('answers the value it was given, and leaves numbers, booleans and null alone', () => {
    const value = { price: 1200, isNew: false, stock: null, list: [1, 2] };
    expect(shareValues(value, sharePool())).toBe(value);
    expect(value).toEqual({ price: 1200, isNew: false, stock: null, list: [1, 2] });
  });

  it('holds each object and array below a record once: equal ones in other records are the same value', () => {
    const pool = sharePool();
    const card = () => ({ id: 7, name: made('Cube'), smallImage: { src: made('/a.svg'), alt: made('') } });
    const first = shareValues({ id: 1, related: [card()], alternatives: [] as unknown[] }, pool);
    const second = shareValues({ id: 2, related: [card(), card()], alternatives: [] as unknown[] }, pool);
    expect(second.related[0]).toBe(first.related[0]);
    expect(second.related[1]).toBe(first.related[0]);
    expect(second.alternatives).toBe(first.alternatives);
    expect(second.related).not.toBe(first.related);
    expect(first).not.toBe(second);
    expect(JSON.stringify(second)).toBe(
      '{"id":2,"related":[{"id":7,"name":"Cube","smallImage":{"src":"/a.svg","alt":""}},{"id":7,"name":"Cube","smallImage":{"src":"/a.svg","alt":""}}],"alternatives":[]}',
    );
  });

  it.each([
    ['a whole hash', sharePool()],
    ['every hash the same', sharePool(0)],
  ])('tells apart what only looks alike (%s): other values, kinds, key orders', (_, pool) => {
    const values = [
      { a: 1, b: 2 },
      { b: 2, a: 1 },
      { a: '1', b: 2 },
      { a: true, b: 2 },
      { a: null, b: 2 },
      { a: [1], b: 2 },
      { a: { x: 1 }, b: 2 },
      { a: 's1:x', b: 'y' },
      { a: 's1', b: ':xy' },
      { a: 1.5, b: 2 },
      { a: '1.5', b: 2 },
      { a: 2 ** 32 + 1, b: 2 },
      { a: 1, b: 2, c: 3 },
      {},
      [],
      ['1', 1],
      [1, '1'],
      [1],
      [[]],
    ];
    const record = shareValues({ values: values.map((value) => structuredClone(value)) }, pool);
    expect(new Set(record.values).size).toBe(values.length);
    expect(record.values).toEqual(values);
    // And finds each again, however many share its hash.
    const again = shareValues({ values: values.map((value) => structuredClone(value)) }, pool);
    again.values.forEach((value, index) => {
      expect(value).toBe(record.values[index]);
    });
  });

  it('freezes what it shares, so that changing one record cannot change another; the record stays open', () => {
    const record = shareValues({ id: 1, attributes: [{ label: 'Wavelength', value: '405', unit: 'nm' }] }, sharePool());
    expect(() => {
      (record.attributes[0] as { value: string }).value = '532';
    }).toThrow(TypeError);
    expect(() => record.attributes.push({ label: 'Power', value: '5', unit: 'mW' })).toThrow(TypeError);
    record.id = 2;
    expect(record.id).toBe(2);
  });
});

describe('compactCopy', () => {
  it('answers an equal copy, the same JSON text in the same key order, not the value itself', () => {
    const record: Record<string, unknown> = {};
    for (const key of ['id', 'name', 'attributes', 'price']) record[key] = key === 'attributes' ? [] : key;
    (record.attributes as unknown[]).push({ label: 'Wavelength', value: '405', unit: 'nm' });
    const copy = compactCopy(record, sharePool());
    expect(copy).not.toBe(record);
    expect(copy).toEqual(record);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(record));
  });

  it('shares strings and objects between copies through one pool', () => {
    const pool = sharePool();
    const first = compactCopy({ summary: made('Cemented 50:50 cube'), image: { src: made('/b.svg') } }, pool);
    const second = compactCopy({ related: [{ summary: made('Cemented 50:50 cube') }], image: { src: '/b.svg' } }, pool);
    expect(pool.texts).toEqual(['summary', 'Cemented 50:50 cube', 'image', 'src', '/b.svg', 'related']);
    expect(second.related[0]?.summary).toBe('Cemented 50:50 cube');
    expect(second.image).toBe(first.image);
    // The image (once for both), the card and the list of related cards.
    expect(pool.objects.size).toBe(3);
  });
});
