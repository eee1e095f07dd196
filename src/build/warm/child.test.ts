import { createRequire } from 'node:module';
import type { AstroPrerenderer } from 'astro';
import { describe, expect, test } from 'vitest';
import { renderUrl } from './child.ts';
import { buildApp } from './route-paths.ts';

type Route = Parameters<typeof renderUrl>[1];
const page = { type: 'page' } as Route;
const endpoint = { type: 'endpoint' } as Route;

describe('the warm builder in Astro’s process', () => {
  test("renders at the URL Astro's build gives a path: a page's with a slash, an endpoint's as it is", () => {
    const origin = 'http://localhost:4321';
    expect(renderUrl('/', page, origin).href).toBe('http://localhost:4321/');
    expect(renderUrl('/zh-CN/product/7-laser', page, origin).href).toBe('http://localhost:4321/zh-CN/product/7-laser/');
    expect(renderUrl('/about/', page, origin).href).toBe('http://localhost:4321/about/');
    expect(renderUrl('/sitemap.xml', endpoint, origin).href).toBe('http://localhost:4321/sitemap.xml');
    expect(renderUrl('/product/7-laser/_payload.json', endpoint, origin).pathname).toBe(
      '/product/7-laser/_payload.json',
    );
  });

  test("reaches Astro's app, and says so when the prerenderer no longer holds what it needs", () => {
    const app = {
      manifest: { routes: [] },
      routeCache: { cache: {}, key: () => 'k' },
      getComponentByRoute: async () => ({}),
    };
    expect(buildApp({ app } as unknown as AstroPrerenderer)).toBe(app);
    expect(() => buildApp({ name: 'other' } as AstroPrerenderer)).toThrow(/app\.routeCache\.cache/);
    const moved = { ...app, routeCache: { entries: {} } };
    expect(() => buildApp({ app: moved } as unknown as AstroPrerenderer)).toThrow(/warm builder cannot run/);
  });

  test("stops the esbuild service Astro and Vite started: this package's esbuild is theirs", () => {
    // Between builds the warm process stops esbuild through its own import (child.ts, betweenBuilds); a
    // copy of esbuild of their own would keep its service up, 15 MiB while the builder waits.
    const ours = createRequire(import.meta.url).resolve('esbuild');
    const astros = createRequire(createRequire(import.meta.url).resolve('astro/package.json')).resolve('esbuild');
    const vites = createRequire(createRequire(import.meta.url).resolve('vite/package.json')).resolve('esbuild');
    expect(astros).toBe(ours);
    expect(vites).toBe(ours);
  });
});
