import { UPLOADS_PATH } from '#api/editor-files.ts';
import type { ProductDetail, Resource } from '#api/product.ts';
import { cachedBytes, makeInWorkers, pruneResourceCache } from '#build/downloads/cache.ts';
import { digestOf, entryDigest } from './cache-key.ts';
import { getProducts } from './catalogue.ts';
import { type ResourceFile, renderers } from './resource-render.ts';

// The downloads product pages link to (`/files/{kind}/{file}`), generated at build time from the catalogue:
// datasheets, user manuals and application notes as PDF, software as a ZIP with its README and licence.
// Everything is in English; a file several products link to is rendered once, covering all of them.

/** Every distinct resource URL under /files/ with the function that renders it. */
async function resourceFiles(): Promise<ResourceFile[]> {
  const groups = new Map<string, { resource: Resource; products: ProductDetail[]; digests: string[] }>();
  for (const entry of await getProducts()) {
    // English titles first; a link only the Chinese record has still gets its file.
    for (const resource of [...entry.en.resources, ...entry.zh.resources]) {
      const group = groups.get(resource.url) ?? { resource, products: [], digests: [] };
      if (!group.products.includes(entry.en)) {
        group.products.push(entry.en);
        // The English record's digest stands for it (made once a build for the pages' keys too).
        group.digests.push(entryDigest(entry, 'en'));
      }
      groups.set(resource.url, group);
    }
  }
  const files: ResourceFile[] = [];
  for (const [url, { resource, products, digests }] of groups) {
    // An editor's upload is served by the API from the database (decision 0071): no file to make.
    if (url.startsWith(`${UPLOADS_PATH}/`)) continue;
    const match = /^\/files\/([\w.-]+)\/([\w.-]+\.(pdf|zip))$/.exec(url);
    const render = renderers[resource.kind];
    if (!match || !render || render.extension !== match[3]) {
      console.warn(`Resource files: no file for ${url} (${resource.kind}); its link stays broken.`);
      continue;
    }
    files.push({
      url,
      kind: match[1] as string,
      file: match[2] as string,
      contentType: render.extension === 'pdf' ? 'application/pdf' : 'application/zip',
      digest: digestOf([url, resource.kind, resource.title, digests]),
      render: () => render.bytes(resource.title, products),
      source: { kind: resource.kind, title: resource.title, products },
    });
  }
  return files.sort((a, b) => a.url.localeCompare(b.url));
}

/**
 * The downloads this build writes, with the cache's work begun: what no file is made from any more removed,
 * and the files the cache lacks given to worker threads (src/build/downloads/cache.ts).
 */
export async function downloadFiles(): Promise<ResourceFile[]> {
  const files = await resourceFiles();
  pruneResourceCache(files.map((file) => file.digest));
  const making = makeInWorkers(files);
  if (making > 0) console.info(`Resource files: ${making} of ${files.length} to make, in worker threads`);
  return files;
}

/** A download's bytes: kept from an earlier build, made by a worker thread, or rendered here. */
export const downloadBytes = (file: ResourceFile) => cachedBytes(file.digest, file.render);
