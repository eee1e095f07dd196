// Astro asks for a page's module anew for each path it renders (getModuleForRoute, then the module's
// `page()`, in astro/dist/core/build/environment.js, and alike in core/environment/production.js): two
// dynamic `import()`s of modules loaded long before, and Node resolves each specifier again every time. At
// 10,000 products that was 3 s of a CPU profile of the renderer's thread, for its 61,000 renders (issue 17;
// a profile overstates such small calls, decision 0044). The build's copy keeps each import's promise the
// first time, by the function and the module object Astro holds, which stay the same for the whole build.

import { patchModule } from './build-patch.ts';

const ASTRO_ROUTES = /[\\/]astro[\\/]dist[\\/]core[\\/](build[\\/]environment|environment[\\/]production)\.js$/;
const MODULE_FOR_ROUTE = 'async function getModuleForRoute(manifest, route) {';
const IMPORT_PAGE_MODULE = 'return await importComponentInstance();';
const IMPORT_PAGE = 'return module.page();';

/**
 * A Vite plugin for the build: each route's module and page imported once (above). Should Astro's code
 * change, the build stops (build-patch.ts); allowed to go on, every render imports them again, as correct.
 */
export function routeModulesPlugin() {
  return patchModule({
    name: 'route-modules',
    module: ASTRO_ROUTES,
    patches: [
      {
        from: MODULE_FOR_ROUTE,
        to: `const importedOnce = new WeakMap();\nconst onceFor = (key, load) => importedOnce.get(key) ?? importedOnce.set(key, load()).get(key);\n${MODULE_FOR_ROUTE}`,
      },
      { from: IMPORT_PAGE_MODULE, to: 'return await onceFor(importComponentInstance, importComponentInstance);' },
      { from: IMPORT_PAGE, to: 'return onceFor(module, () => module.page());' },
    ],
    otherwise: 'each render imports its page module again',
    modules: 2,
  });
}
