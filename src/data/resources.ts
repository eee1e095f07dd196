import type { ProductDetail, Resource } from '../api/product.ts';
import { digestOf, entryDigest } from './cache-key.ts';
import { getProducts } from './catalogue.ts';
import { type DocumentProduct, renderers } from './resource-render.ts';

// The downloads product pages link to (`/files/{kind}/{file}`), generated at build time from the catalogue:
// datasheets, user manuals and application notes as PDF, software as a ZIP with its README and licence.
// Everything is in English; a file several products link to is rendered once, covering all of them.

export interface ResourceFile {
  /** The link on product pages, e.g. `/files/datasheets/LS-405-50.pdf`. */
  url: string;
  /** The folder under /files/, e.g. `datasheets`. */
  kind: string;
  /** The file name, e.g. `LS-405-50.pdf`. */
  file: string;
  contentType: 'application/pdf' | 'application/zip';
  /** What the file is made from, digested: the incremental build's key, so a file is made again only when it changes. */
  digest: string;
  /** The file's bytes; called once, when the build writes the file. */
  render: () => Uint8Array<ArrayBuffer>;
  /** What it is made from, for a worker thread to make it (src/data/resource-worker.ts). */
  source: { kind: Resource['kind']; title: string; products: DocumentProduct[] };
}

/** Every distinct resource URL under /files/ with the function that renders it. */
export async function resourceFiles(): Promise<ResourceFile[]> {
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
