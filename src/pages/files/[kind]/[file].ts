import type { APIRoute, GetStaticPaths } from 'astro';
import { type ResourceFile, resourceFiles } from '../../../data/resources.ts';

// `/files/{kind}/{file}`: the datasheets, manuals, application notes and software product pages link to,
// rendered from the catalogue at build time (src/data/resources.ts).
export const getStaticPaths = (async () => {
  const files = await resourceFiles();
  return files.map((file) => ({
    params: { kind: file.kind, file: file.file },
    props: { file },
    cacheKey: file.digest,
  }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const { file } = props as { file: ResourceFile };
  return new Response(file.render(), { headers: { 'content-type': file.contentType } });
};
