import { describe, expect, test } from 'vitest';
import { matchRedirect } from './route-rules.ts';

describe('route rules', () => {
  const rules = { '/product/3-old-name': { redirect: { to: '/product/3-new-name' } }, '/_astro/**': {} };
  test('match a renamed path with or without a trailing slash', () => {
    expect(matchRedirect(rules, '/product/3-old-name')).toBe('/product/3-new-name');
    expect(matchRedirect(rules, '/product/3-old-name/')).toBe('/product/3-new-name');
  });
  test('match nothing for other paths or missing rules', () => {
    expect(matchRedirect(rules, '/product/3-other')).toBeUndefined();
    expect(matchRedirect(undefined, '/')).toBeUndefined();
  });
});
