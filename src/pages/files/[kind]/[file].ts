import type { APIRoute, GetStaticPaths } from 'astro';
import { EntryMemo } from '#data/entry-memo.ts';
import type { ResourceFile } from '#data/resource-render.ts';
import { downloadFiles, downloadResponse } from '#data/resources.ts';

// `/files/{kind}/{file}`: the datasheets, manuals, application notes and software product pages link to,
// rendered from the catalogue at build time (src/data/resources.ts), or taken from the last builds' files
// made from the same content (src/build/downloads/cache.ts).
/** A download's path. */
const filePath = (file: ResourceFile) => ({
  params: { kind: file.kind, file: file.file },
  props: { file },
  cacheKey: file.digest,
});

/** Each download's path, the same object while the download is (resources.ts keeps a file made of the same records). */
const pathsOf = new EntryMemo<ResourceFile, ReturnType<typeof filePath>>();

export const getStaticPaths = (async () =>
  (await downloadFiles()).map((file) => pathsOf.get(file, '', '', () => filePath(file)))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const { file } = props as { file: ResourceFile };
  return downloadResponse(file);
};
