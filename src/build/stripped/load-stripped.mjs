// Loaded with `--import` before anything else into the build's own processes and threads (Astro's, with
// its worker threads; the release process, with its threads; the tree process) and into the commands that
// build (`npm start`, `serve:api`, `rebuild`, `build`): each TypeScript file of
// ours is loaded from its copy with the types stripped, kept by the digest of its bytes (stripped.ts), so
// that Node never starts its own type stripper there. That stripper (a WebAssembly module) holds about
// 23 MiB in each thread that loads a .ts file (decision 0084). A file with no copy (changed since the
// copies were made, or the copies gone) is loaded by Node as it would be.
//
// Plain JavaScript: a .ts file here would start the very stripper it spares.
import { readFileSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { fileURLToPath } from 'node:url';
import { COPIES_DIR, copyPath } from './copies.mjs';

// The copies' directory: as the build names it, else where they are kept (`npm start` and the other
// commands that build load themselves this way, for the processes' memory: the copies exist once a build
// has run).
const dir = process.env.SITE_STRIPPED_TS || COPIES_DIR;

// `module.registerHooks` came with Node 22.15 and 23.5; an older Node (the package allows 22.12) loads as
// it always does.
nodeModule.registerHooks?.({
  load(url, context, nextLoad) {
    if (url.startsWith('file:') && new URL(url).pathname.endsWith('.ts')) {
      try {
        return {
          format: 'module',
          source: readFileSync(copyPath(readFileSync(fileURLToPath(url)), dir), 'utf8'),
          shortCircuit: true,
        };
      } catch {
        // No copy: Node's own loading below.
      }
    }
    return nextLoad(url, context);
  },
});
