import { UPLOADS_PATH } from '#api/editor-files.ts';
import type { ProductDetail, Resource } from '#api/product.ts';
import { keptFile, makeInWorkers, pruneResourceCache } from '#build/downloads/cache.ts';
import { LOCALES, type Locale } from '#i18n/index.ts';
import type { Bilingual } from './bilingual.ts';
import { digestOf } from './cache-key.ts';
import { getProducts, inLocale } from './catalogue.ts';
import { listedDigest } from './entry-digest.ts';
import { EntryMemo, sameItems } from './entry-memo.ts';
import { BUILT_FILE, FILE_LOCALES, fileUrl } from './resource-links.ts';
import { RENDERING_VERSION, type ResourceFile, renderers } from './resource-render.ts';
import { keptFileResponse, sideFileResponse } from './side-body.ts';

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

/** One file a product's record links to: a product gives one for each of its resources in each file locale. */
interface Link {
  url: string;
  /** The locale of the record that lists the resource. */
  listedIn: Locale;
  /** The file's locale. */
  locale: Locale;
  resource: Resource;
  /** The product's record in the file's locale, and its digest. */
  record: ProductDetail;
  digest: string;
}

/** A product's links to files under /files/, in the order they are met (`linksOf`). */
function productLinks(entry: Bilingual<ProductDetail>): Link[] {
  const links: Link[] = [];
  // A link only one locale's record has still gets its files.
  for (const listedIn of LOCALES) {
    for (const resource of inLocale(entry, listedIn).resources) {
      // An editor's upload is served by the API from the database (decision 0071): no file to make.
      if (resource.url.startsWith(`${UPLOADS_PATH}/`)) continue;
      const locales = FILE_LOCALES[resource.kind] ?? [];
      // An address the build makes no file for is warned of below, once rather than once a language.
      for (const locale of BUILT_FILE.test(resource.url) ? locales : locales.slice(0, 1)) {
        // The record's digest stands for it (made once a build for the pages' keys too): the one of all but
        // its related and alternative cards, which no download shows (resource-render.ts, DOCUMENT_FIELDS),
        // so that renaming a product does not make again the files of the hundreds that relate to it.
        const record = inLocale(entry, locale);
        links.push({
          url: fileUrl(resource, locale),
          listedIn,
          locale,
          resource,
          record,
          digest: listedDigest(entry, locale),
        });
      }
    }
  }
  return links;
}

/** Each product's links, kept while the product is the same object (entry-memo.ts). */
const linksOf = new EntryMemo<Bilingual<ProductDetail>, Link[]>();

/** The last build's file of each URL with what it was made of: the same sources give the same object. */
let lastFiles = new Map<string, { group: FileGroup; file: ResourceFile }>();
/** The last build's files in their order, and each URL's place in it. */
let lastOrder: { files: ResourceFile[]; at: Map<string, number> } = { files: [], at: new Map() };

/** Every distinct resource URL under /files/ with the function that renders it. */
async function resourceFiles(): Promise<ResourceFile[]> {
  const groups = new Map<string, FileGroup>();
  for (const entry of await getProducts()) {
    for (const { url, listedIn, locale, resource, record, digest } of linksOf.get(entry, '', '', () =>
      productLinks(entry),
    )) {
      let group = groups.get(url);
      if (!group) {
        group = { resource, locale, titled: false, products: [], digests: [] };
        groups.set(url, group);
      }
      if (listedIn === locale && !group.titled) {
        group.resource = resource;
        group.titled = true;
      }
      if (!group.products.includes(record)) {
        group.products.push(record);
        group.digests.push(digest);
      }
    }
  }
  const files: ResourceFile[] = [];
  const made = new Map<string, { group: FileGroup; file: ResourceFile }>();
  let same = groups.size === lastFiles.size;
  for (const [url, group] of groups) {
    const last = lastFiles.get(url);
    // The same resource, locale and records (objects the loader kept): the same file as the last build's.
    if (
      last &&
      last.group.resource === group.resource &&
      last.group.locale === group.locale &&
      sameItems(last.group.products, group.products)
    ) {
      files.push(last.file);
      made.set(url, last);
      continue;
    }
    same = false;
    const { resource, locale, products, digests } = group;
    const match = BUILT_FILE.exec(url);
    const render = renderers[resource.kind];
    if (!match || !render || render.extension !== match[3]) {
      console.warn(`Resource files: no file for ${url} (${resource.kind}); its link stays broken.`);
      continue;
    }
    const { kind, title } = resource;
    const file: ResourceFile = {
      url,
      kind: match[1] as string,
      file: match[2] as string,
      contentType: render.extension === 'pdf' ? 'application/pdf' : 'application/zip',
      digest: digestOf([RENDERING_VERSION, url, kind, title, locale, digests]),
      render: () => render.bytes(title, products, locale),
      source: { kind, title, products, locale },
    };
    files.push(file);
    made.set(url, { group, file });
  }
  lastFiles = made;
  // Nothing changed: the last build's list as it was. The same URLs: their last order; else sorted again.
  if (same && files.length === lastOrder.files.length) return lastOrder.files;
  const at = lastOrder.at;
  const sorted =
    files.length === at.size && files.every((file) => at.has(file.url))
      ? files.sort((a, b) => (at.get(a.url) as number) - (at.get(b.url) as number))
      : files.sort((a, b) => a.url.localeCompare(b.url));
  lastOrder = { files: sorted, at: new Map(sorted.map((file, index) => [file.url, index])) };
  return sorted;
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

/**
 * A download's answer: the file kept from an earlier build, made by a worker thread, or rendered here, which
 * the build links into the site (decision 0083); without a cache, its bytes rendered here.
 */
export async function downloadResponse(file: ResourceFile): Promise<Response> {
  const kept = await keptFile(file.digest, file.render);
  return kept ? keptFileResponse(kept, file.contentType) : sideFileResponse(file.render(), file.contentType);
}
