// Loaded into the `astro build` process that site-build.ts starts (`node --import`), before Astro.
//
// Astro's incremental build writes every page it renders twice: into the output directory, and a copy
// into `<cacheDir>/dist/`, from which a later build restores a reused page that is missing from its
// output directory. Our builds keep their output directory, the staging tree (decision 0025), so a
// reused page is always in place and the copies are never read: at 10,000 products they were 972 MB
// written on every full build. This leaves them out (decision 0031). A staging tree that was emptied (a
// build failed) is then built again rather than restored; site-build.ts removes the copies left from
// before, so none can be restored stale.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Astro's copies directory with a trailing separator (site-build.ts `outputCopies`). */
const copies = process.env.SITE_OUTPUT_COPIES;

if (copies) {
  const isCopy = (target: unknown) =>
    (target instanceof URL ? fileURLToPath(target) : typeof target === 'string' ? target : '').startsWith(copies);
  const { writeFile, mkdir } = fs.promises;
  fs.promises.writeFile = ((file, data, options) =>
    isCopy(file) ? Promise.resolve() : writeFile(file, data, options)) as typeof writeFile;
  fs.promises.mkdir = ((path, options) =>
    isCopy(path) ? Promise.resolve(undefined) : mkdir(path, options)) as typeof mkdir;
}
