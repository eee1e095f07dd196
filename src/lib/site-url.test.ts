import { describe, expect, test } from 'vitest';
import { siteUrl } from './site-url.ts';

describe('siteUrl', () => {
  const origins = ['http://localhost:4321', 'https://shop.example.com', 'http://127.0.0.1:8080', 'http://[::1]:3000'];

  test('gives what URL gives, for plain paths and for every kind it leaves to URL', () => {
    const paths = [
      '/',
      '/product/12-fiber-laser',
      '/zh-CN/category/list/5-lasers?page=2',
      '/files/manual/12-fiber-laser.pdf',
      '/a/../b',
      '/a/./b',
      '/a/..',
      '/%2e%2e/x',
      '//evil.example/x',
      '/a\\b',
      '/中文/产品',
      '/a b',
      '/a#top',
      '/a"b<c>',
      'relative/path',
      'https://elsewhere.example/x',
      "/it's-(a)_~test!$&*+,;=:@",
    ];
    for (const origin of origins) {
      for (const path of paths) expect(siteUrl(path, origin), `${origin} ${path}`).toBe(new URL(path, origin).href);
    }
    // An origin not as URL.origin gives it (upper case, a path) goes to URL too.
    expect(siteUrl('/a', 'http://Shop.Example.com')).toBe('http://shop.example.com/a');
    expect(siteUrl('/a', 'http://shop.example.com/base/')).toBe('http://shop.example.com/a');
  });

  test('agrees with URL on random paths', () => {
    const alphabet = [
      'a',
      'Z',
      '0',
      '-',
      '_',
      '.',
      '..',
      '/',
      '//',
      '~',
      '%',
      '%2e',
      '?',
      '#',
      ' ',
      '光',
      '\\',
      "'",
      '@',
      ':',
    ];
    let seed = 17;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let i = 0; i < 5000; i++) {
      const length = next() % 8;
      let path = '/';
      for (let j = 0; j < length; j++) path += alphabet[next() % alphabet.length];
      const origin = origins[next() % origins.length] as string;
      // A path URL refuses (`///`: no host) is refused alike.
      const outcome = (make: () => string) => {
        try {
          return make();
        } catch (error) {
          return (error as Error).name;
        }
      };
      expect(
        outcome(() => siteUrl(path, origin)),
        `${origin} ${path}`,
      ).toBe(outcome(() => new URL(path, origin).href));
    }
  });
});
