import { describe, expect, test } from 'vitest';
import { metaKey, parseMetaJson } from './meta.ts';

describe('page meta', () => {
  test('turns a:b names into camelCase keys', () => {
    expect(metaKey('og:title')).toBe('ogTitle');
    expect(metaKey('twitter:card')).toBe('twitterCard');
    expect(metaKey('description')).toBe('description');
  });
  test('reads a metaJson list into a map', () => {
    const json = JSON.stringify([
      { name: 'title', content: 'Lasers' },
      { name: 'og:title', content: 'Lasers | LumenLab' },
    ]);
    expect(parseMetaJson(json)).toEqual({ title: 'Lasers', ogTitle: 'Lasers | LumenLab' });
  });
  test('gives nothing for broken or foreign JSON instead of failing the page', () => {
    expect(parseMetaJson('{not json')).toEqual({});
    expect(parseMetaJson('{"name":"title"}')).toEqual({});
    expect(parseMetaJson('[{"name":1,"content":"x"},{"name":"a","content":"b"}]')).toEqual({ a: 'b' });
  });
});
