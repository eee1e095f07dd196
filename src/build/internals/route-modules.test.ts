import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { routeModulesPlugin } from './route-modules.ts';

type Environment = { getComponentByRoute(manifest: unknown, route: unknown): Promise<unknown> };

/** The installed Astro's module as the build's bundle has it, loaded from a data: URL. */
async function patched(path: string): Promise<Record<string, unknown>> {
  const file = join(process.cwd(), 'node_modules/astro/dist', path);
  const transformed = routeModulesPlugin().transform(readFileSync(file, 'utf8'), file);
  expect(transformed).toBeDefined();
  const base = pathToFileURL(file).href;
  // Its relative imports made absolute, so it loads from where it is not.
  const code = (transformed as string).replace(
    /from "(\.\.?\/[^"]+)"/g,
    (_, path: string) => `from "${new URL(path, base)}"`,
  );
  return import(`data:text/javascript,${encodeURIComponent(code)}`);
}

const environments: [string, () => Promise<Environment>][] = [
  [
    'core/build/environment.js',
    async () =>
      ((await patched('core/build/environment.js')).createBuildEnvironment as () => { env: Environment })().env,
  ],
  [
    'core/environment/production.js',
    async () => (await patched('core/environment/production.js')).productionEnvironment as Environment,
  ],
];

describe('routeModulesPlugin', () => {
  test.each(environments)("has the installed Astro's %s import each route's module and page once", async (_, make) => {
    const environment = await make();
    const imports = { module: 0, page: 0 };
    const page = { default: 'the page' };
    const module = {
      page: async () => {
        imports.page++;
        return page;
      },
    };
    const manifest = {
      rootDir: pathToFileURL(`${process.cwd()}/`).href,
      pageMap: new Map([
        [
          'src/pages/a.astro',
          async () => {
            imports.module++;
            return module;
          },
        ],
      ]),
      routes: [],
    };
    const route = { component: 'src/pages/a.astro', route: '/a', type: 'page' };
    // Renders that overlap share the first one's imports.
    const renders = await Promise.all([1, 2, 3].map(() => environment.getComponentByRoute(manifest, route)));
    expect(renders).toEqual([page, page, page]);
    expect(await environment.getComponentByRoute(manifest, route)).toBe(page);
    expect(imports).toEqual({ module: 1, page: 1 });
    // A route with no module is still an error.
    await expect(
      environment.getComponentByRoute(manifest, { ...route, component: 'src/pages/b.astro' }),
    ).rejects.toThrow(/unable to find a component instance/);
  });

  test('leaves other modules alone', () => {
    const other = join(process.cwd(), 'node_modules/astro/dist/core/environment/dev-nonrunnable.js');
    expect(routeModulesPlugin().transform(readFileSync(other, 'utf8'), other)).toBeUndefined();
  });
});
