import type { SitePageInput } from '#api/catalogue-file.ts';
import type { ConfigInput, MetaInput } from '#api/editor-fields.ts';
import { sanitizeBody } from '#lib/sanitize.server.ts';
import { ApiError } from '#server/errors.ts';
import type { Edit } from './edit.ts';

// Settings, meta and the fixed pages: a save answers whether it created the row (or updated it).

export async function saveConfig({ tx }: Edit, { configName, configValue }: ConfigInput): Promise<boolean> {
  const [row] = await tx.query<{ created: boolean }>(
    `insert into system_config (config_name, value_en, value_zh) values ($1, $2, $3)
     on conflict (config_name) do update set value_en = excluded.value_en, value_zh = excluded.value_zh
     returning (xmax = 0) as created`,
    [configName, configValue.en, configValue.zh],
  );
  return row?.created === true;
}

export async function deleteConfig({ tx }: Edit, configName: string): Promise<void> {
  const rows = await tx.query('delete from system_config where config_name = $1 returning config_name', [configName]);
  if (rows.length === 0) throw new ApiError(404, 'api.configNotFound', { configName });
}

export async function saveMeta({ tx }: Edit, { page, meta }: MetaInput): Promise<boolean> {
  const [row] = await tx.query<{ created: boolean }>(
    `insert into page_meta (page_key, meta_en, meta_zh) values ($1, $2, $3)
     on conflict (page_key) do update set meta_en = excluded.meta_en, meta_zh = excluded.meta_zh
     returning (xmax = 0) as created`,
    [
      page,
      JSON.stringify(meta.map((item) => ({ name: item.name, content: item.content.en }))),
      JSON.stringify(meta.map((item) => ({ name: item.name, content: item.content.zh }))),
    ],
  );
  return row?.created === true;
}

export async function deleteMeta({ tx }: Edit, page: string): Promise<void> {
  const rows = await tx.query('delete from page_meta where page_key = $1 returning page_key', [page]);
  if (rows.length === 0) throw new ApiError(404, 'api.metaNotFound', { page });
}

export async function saveSitePage({ tx }: Edit, page: SitePageInput): Promise<boolean> {
  const sections = page.sections.map((section) => ({
    ...section,
    body: { en: sanitizeBody(section.body.en), zh: sanitizeBody(section.body.zh) },
  }));
  const [row] = await tx.query<{ created: boolean }>(
    `insert into site_page (key, title_en, title_zh, summary_en, summary_zh, sections) values ($1, $2, $3, $4, $5, $6)
     on conflict (key) do update set title_en = excluded.title_en, title_zh = excluded.title_zh,
       summary_en = excluded.summary_en, summary_zh = excluded.summary_zh, sections = excluded.sections,
       updated_at = now()
     returning (xmax = 0) as created`,
    [page.key, page.title.en, page.title.zh, page.summary.en, page.summary.zh, JSON.stringify(sections)],
  );
  return row?.created === true;
}
