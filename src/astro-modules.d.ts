// For tsc, which does not read .astro files (astro check does): the type of an Astro component a test
// imports to render in Astro's container (vitest.astro.config.ts).
declare module '*.astro' {
  const Component: import('astro/runtime/server/index.js').AstroComponentFactory;
  export default Component;
}
