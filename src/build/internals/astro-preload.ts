// Loaded into the `astro build` process that site-build.ts starts (`node --import`), before Astro.
//
// Astro's incremental build writes every page it renders twice: into the output directory, and a copy
// into `<cacheDir>/dist/`, from which a later build restores a reused page that is missing from its
// output directory. Our builds keep their output directory, the staging tree (decision 0025), so a
// reused page is always in place and the copies are never read: at 10,000 products they were 972 MB
// written on every full build. This leaves them out (decision 0031). A staging tree that was emptied (a
// build failed) is then built again rather than restored; site-build.ts removes the copies left from
// before, so none can be restored stale.
//
// It gathers Astro's output and writes it a few times a second rather than a line at a time
// (gathered-output.ts).
//
// It also leaves out Astro's write of each page the page finisher's thread writes (page-finish.ts): the
// finisher adds the page's file to the set (written-elsewhere.ts) when its thread takes the page, before
// Astro makes the page's folder and writes it.
import fs from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { readHandoff } from '../handoff.ts';
import { gatherOutput } from './gathered-output.ts';
import { threadsTakeTheirOwnYoungGeneration } from './thread-heaps.ts';
import { startWrittenElsewhere } from './written-elsewhere.ts';

// A worker thread's output goes through the main thread's streams.
if (isMainThread) gatherOutput();
// The main thread's heap is made: the threads the build starts have the young generations they ask.
if (isMainThread) threadsTakeTheirOwnYoungGeneration();

/** Astro's copies directory with a trailing separator (site-build.ts `outputCopies`). */
const copies = readHandoff().outputCopies;

if (copies) {
  const elsewhere = startWrittenElsewhere();
  const pathOf = (target: unknown) =>
    target instanceof URL ? fileURLToPath(target) : typeof target === 'string' ? target : '';
  const { writeFile, mkdir } = fs.promises;
  fs.promises.writeFile = ((file, data, options) => {
    const path = pathOf(file);
    return path.startsWith(copies) || elsewhere.delete(path) ? Promise.resolve() : writeFile(file, data, options);
  }) as typeof writeFile;
  fs.promises.mkdir = ((target, options) => {
    const path = pathOf(target);
    // A page's folder (build.format 'directory') is made by the thread that writes its index.html.
    return path.startsWith(copies) || elsewhere.has(join(path, 'index.html'))
      ? Promise.resolve(undefined)
      : mkdir(target, options);
  }) as typeof mkdir;
}
