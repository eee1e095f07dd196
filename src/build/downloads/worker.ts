import { renameSync, writeFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import type { Resource } from '#api/product.ts';
import { type DocumentProduct, renderers } from '#data/resource-render.ts';
import type { Locale } from '#i18n/index.ts';

// A worker thread that makes downloads into the resource cache (src/build/downloads/cache.ts), so the
// build's second core renders PDFs while the first renders pages (issue 17). Plain TypeScript that Node
// runs as it is: no Astro module in its imports.

/** One file to make: what it is made from and where its bytes go. */
export interface ResourceJob {
  /** What the file is made from, its name in the cache: the answer names it. */
  digest: string;
  kind: Resource['kind'];
  title: string;
  /** The language the file is in. */
  locale: Locale;
  products: DocumentProduct[];
  path: string;
}

parentPort?.on('message', (job: ResourceJob) => {
  try {
    const renderer = renderers[job.kind];
    if (!renderer) throw new Error(`no renderer for ${job.kind}`);
    writeFileSync(`${job.path}.tmp`, renderer.bytes(job.title, job.products, job.locale));
    renameSync(`${job.path}.tmp`, job.path);
  } catch {
    // Not made: the build's route renders it itself and reports what fails.
  }
  parentPort?.postMessage({ digest: job.digest });
});
