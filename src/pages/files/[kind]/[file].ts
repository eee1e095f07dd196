import type { APIRoute, GetStaticPaths } from 'astro';
import { cachedBytes, makeInWorkers, pruneResourceCache } from '../../../data/resource-cache.ts';
import { type ResourceFile, resourceFiles } from '../../../data/resources.ts';
import { sideFileResponse } from '../../../data/side-body.ts';

// `/files/{kind}/{file}`: the datasheets, manuals, application notes and software product pages link to,
// rendered from the catalogue at build time (src/data/resources.ts), or taken from the last builds' files
// made from the same content (src/data/resource-cache.ts).
export const getStaticPaths = (async () => {
  const files = await resourceFiles();
  pruneResourceCache(files.map((file) => file.digest));
  const making = makeInWorkers(files);
  if (making > 0) console.info(`Resource files: ${making} of ${files.length} to make, in worker threads`);
  return files.map((file) => ({
    params: { kind: file.kind, file: file.file },
    props: { file },
    cacheKey: file.digest,
  }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const { file } = props as { file: ResourceFile };
  return sideFileResponse(await cachedBytes(file.digest, file.render), file.contentType);
};
