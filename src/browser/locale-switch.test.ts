import { describe, expect, test } from 'vitest';
import { locationIn } from './locale-switch.ts';

/** The location of a URL on the site's origin, as the browser parses it. */
const at = (path: string) => new URL(`https://shop.example${path}`);

describe('the same page in another locale', () => {
  test('moves between a bare path and its /zh-CN twin, keeping query and hash', () => {
    expect(locationIn('zh-CN', at('/product/1-laser?ref=header#main'))).toBe('/zh-CN/product/1-laser?ref=header#main');
    expect(locationIn('en', at('/zh-CN/product/1-laser?q=1'))).toBe('/product/1-laser?q=1');
    expect(locationIn('zh-CN', at('/'))).toBe('/zh-CN');
    expect(locationIn('en', at('/zh-CN'))).toBe('/');
    expect(locationIn('en', at('/zh-CN/'))).toBe('/');
  });

  test('never gives a path a browser would read as another host', () => {
    for (const path of ['/zh-CN//evil.example/', '/zh-CN///evil.example', '/zh-CN/\\evil.example', '//evil.example']) {
      const target = locationIn('en', at(path));
      expect(new URL(target, 'https://shop.example').origin, `${path} gave ${target}`).toBe('https://shop.example');
      expect(target).toMatch(/^\/[^/\\]/);
    }
    expect(locationIn('en', at('/zh-CN//evil.example/'))).toBe('/evil.example/');
    expect(locationIn('zh-CN', at('//evil.example/'))).toBe('/zh-CN/evil.example/');
  });

  test('stays on the origin for a location the browser would not give but a caller might', () => {
    const odd = (pathname: string) => ({ origin: 'https://shop.example', pathname, search: '', hash: '' });
    for (const pathname of [
      '/zh-CN/\\\\evil.example',
      '/zh-CN/\t/evil.example',
      '/zh-CN/ //evil.example',
      '\\/evil.example',
    ]) {
      const target = locationIn('en', odd(pathname));
      expect(new URL(target, 'https://shop.example').origin, `${JSON.stringify(pathname)} gave ${target}`).toBe(
        'https://shop.example',
      );
    }
  });
});
