import { UPLOADS_PATH } from '#api/editor-files.ts';
import type { ProductDetail, Resource } from '#api/product.ts';
import { cachedBytes, makeInWorkers, pruneResourceCache } from '#build/downloads/cache.ts';
import { LOCALES, type Locale } from '#i18n/index.ts';
import { digestOf, entryDigest } from './cache-key.ts';
import { getProducts, inLocale } from './catalogue.ts';
import { BUILT_FILE, FILE_LOCALES, fileUrl } from './resource-links.ts';
import { RENDERING_VERSION, type ResourceFile, renderers } from './resource-render.ts';

// The downloads product pages link to (`/files/{kind}/{file}`), generated at build time from the catalogue:
// datasheets, user manuals and application notes as PDF, software as a ZIP with its README and licence, each
// in the locales resource-links.ts gives its kind (a datasheet in English and Chinese, from the records in
// each). A file several products link to is rendered once, covering all of them.

interface FileGroup {
  resource: Resource;
  locale: Locale;
  /** The resource as the file's own locale titles it, once a record in that locale lists it. */
  titled: boolean;
  products: ProductDetail[];
  digests: string[];
}

/** Every distinct resource URL under /files/ with the function that renders it. */
async function resourceFiles(): Promise<ResourceFile[]> {
  const groups = new Map<string, FileGroup>();
  for (const entry of await getProducts()) {
    // A link only one locale's record has still gets its files.
    for (const listedIn of LOCALES) {
      for (const resource of inLocale(entry, listedIn).resources) {
        // An editor's upload is served by the API from the database (decision 0071): no file to make.
        if (resource.url.startsWith(`${UPLOADS_PATH}/`)) continue;
        const locales = FILE_LOCALES[resource.kind] ?? [];
        // An address the build makes no file for is warned of below, once rather than once a language.
        for (const locale of BUILT_FILE.test(resource.url) ? locales : locales.slice(0, 1)) {
          const url = fileUrl(resource, locale);
          let group = groups.get(url);
          if (!group) {
            group = { resource, locale, titled: false, products: [], digests: [] };
            groups.set(url, group);
          }
          if (listedIn === locale && !group.titled) {
            group.resource = resource;
            group.titled = true;
          }
          const record = inLocale(entry, locale);
          if (!group.products.includes(record)) {
            group.products.push(record);
            // The record's digest stands for it (made once a build for the pages' keys too).
            group.digests.push(entryDigest(entry, locale));
          }
        }
      }
    }
  }
  const files: ResourceFile[] = [];
  for (const [url, { resource, locale, products, digests }] of groups) {
    const match = BUILT_FILE.exec(url);
    const render = renderers[resource.kind];
    if (!match || !render || render.extension !== match[3]) {
      console.warn(`Resource files: no file for ${url} (${resource.kind}); its link stays broken.`);
      continue;
    }
    const { kind, title } = resource;
    files.push({
      url,
      kind: match[1] as string,
      file: match[2] as string,
      contentType: render.extension === 'pdf' ? 'application/pdf' : 'application/zip',
      digest: digestOf([RENDERING_VERSION, url, kind, title, locale, digests]),
      render: () => render.bytes(title, products, locale),
      source: { kind, title, products, locale },
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
