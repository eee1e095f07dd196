// Import rules for `npm run lint` (dependency-cruiser): no cycles, and the layout of README.md's map, which
// keeps the browser's code, the API server and the build pipeline apart. A rule's comment is what the
// failure says.
/** Tests drive the real API and the real build from anywhere: the layout's rules are the product's. */
const TESTS = '\\.(test|pg-test|astro-test)\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle of imports: move the shared part into a module both import, or pass it in.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'browser-code-apart',
      severity: 'error',
      comment:
        'Islands, stores, components, layouts, pages, browser scripts and the editors’ workspace never import the API server or the build pipeline.',
      from: { path: '^src/(islands|stores|components|layouts|pages|browser|directives|workspace)/', pathNot: TESTS },
      to: { path: '^src/(server|build)/' },
    },
    {
      name: 'workspace-apart-from-visitors',
      severity: 'error',
      comment:
        'Visitors’ code (islands, stores, components, layouts, browser scripts, the content views) never imports the editors’ workspace, so none of it reaches a visitor.',
      from: { path: '^src/(islands|stores|components|layouts|browser|directives|data)/', pathNot: TESTS },
      to: { path: '^src/workspace/' },
    },
    {
      name: 'server-takes-only-the-queue',
      severity: 'error',
      comment: 'The API server imports nothing of the build pipeline but its queue (src/build/queue.ts).',
      from: { path: '^src/server/', pathNot: TESTS },
      to: { path: '^src/build/', pathNot: '^src/build/queue\\.ts$' },
    },
    {
      name: 'server-is-the-api',
      severity: 'error',
      comment: 'The API server does not import the site: its data views, pages, components, islands or stores.',
      from: { path: '^src/server/', pathNot: TESTS },
      to: { path: '^src/(data|pages|components|islands|stores|layouts|browser|workspace)/' },
    },
    {
      name: 'data-takes-hooks-and-downloads',
      severity: 'error',
      comment:
        "The content loaders and page views import of the build only its global hooks, the downloads cache and the handoff (what the build tells Astro's process).",
      from: { path: '^src/data/', pathNot: TESTS },
      to: { path: '^src/build/', pathNot: '^src/build/(internals/hooks|downloads/cache|handoff)\\.ts$' },
    },
    {
      name: 'contract-stands-alone',
      severity: 'error',
      comment: 'The contract (src/api) imports only itself and valibot: server, build and islands import it.',
      from: { path: '^src/api/', pathNot: TESTS },
      to: { path: '^src/(?!api/)', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'lib-is-shared',
      severity: 'error',
      comment: 'src/lib holds helpers any part may use: it imports no part of the site, the server or the build.',
      from: { path: '^src/lib/', pathNot: TESTS },
      to: { path: '^src/(server|build|data|pages|components|islands|stores|layouts|browser|workspace)/' },
    },
    {
      name: 'no-tests-in-the-product',
      severity: 'error',
      comment: 'Test support (tests/) is for tests and benchmarks, never for the product.',
      from: { path: '^src/', pathNot: TESTS },
      to: { path: '^tests/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to no file.',
      from: {},
      to: { couldNotResolve: true, pathNot: '^(astro:|virtual:)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|\\.astro|\\.data|\\.tmp)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.astro', '.d.ts'],
    },
    skipAnalysisNotInRules: true,
  },
};
