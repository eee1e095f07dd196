import type { Language } from '#api/common.ts';
import type { SitePage, SlugChange } from '#api/pages.ts';
import type { ConfigItem } from '#api/system.ts';
import { sanitizeBody } from '#lib/sanitize.server.ts';
import { idSlug } from '#lib/slug.ts';
import type { Queryable } from './index.ts';
import { col, iso } from './rows.ts';

// The site as a whole: settings, the pages' meta, the fixed pages and the history of slugs.

// ---- settings and meta ----

export async function listConfig(db: Queryable, lang: Language): Promise<ConfigItem[]> {
  return db.query<ConfigItem>(
    `select config_name as "configName", ${col('value', lang)} as "configValue" from system_config order by config_name`,
  );
}

/** A page's meta as the metaJson string; the home page's meta when the page has none of its own. */
export async function getMeta(db: Queryable, lang: Language, pageHome: string) {
  const rows = await db.query<{ page_key: string; meta: unknown }>(
    `select page_key, ${col('meta', lang)} as meta from page_meta where page_key in ($1, 'home')
     order by (page_key = $1) desc limit 1`,
    [pageHome],
  );
  const meta = rows[0]?.meta ?? [];
  return { pageHome, metaJson: typeof meta === 'string' ? meta : JSON.stringify(meta) };
}

/** The sales mailbox from the system config. */
export async function salesEmail(db: Queryable): Promise<string | undefined> {
  const [row] = await db.query<{ value: string }>(
    "select value_en as value from system_config where config_name = 'salesEmail'",
  );
  return row?.value || undefined;
}

// ---- fixed pages and slugs ----

export async function listSitePages(db: Queryable, lang: Language): Promise<SitePage[]> {
  const rows = await db.query<{
    key: SitePage['key'];
    title: string;
    summary: string;
    sections: { id: string; title: Record<Language, string>; body: Record<Language, string> }[] | string;
    updated_at: string;
  }>(
    `select key, ${col('title', lang)} as title, ${col('summary', lang)} as summary, sections, updated_at
     from site_page order by key`,
  );
  return rows.map((row) => {
    const sections = typeof row.sections === 'string' ? JSON.parse(row.sections) : row.sections;
    return {
      key: row.key,
      title: row.title,
      summary: row.summary,
      sections: (sections as { id: string; title: Record<Language, string>; body: Record<Language, string> }[]).map(
        (section) => ({ id: section.id, title: section.title[lang], body: sanitizeBody(section.body[lang]) }),
      ),
      updatedAt: iso(row.updated_at),
    };
  });
}

const slugTables = { product: 'product', category: 'category', solution: 'solution', article: 'article' } as const;

export async function listSlugHistory(db: Queryable): Promise<SlugChange[]> {
  const parts = Object.entries(slugTables).map(
    ([kind, table]) =>
      `select h.kind, h.entity_id as id, h.slug as old_slug, t.slug from slug_history h
       join ${table} t on t.id = h.entity_id and t.published where h.kind = '${kind}'`,
  );
  const rows = await db.query<{ kind: SlugChange['kind']; id: number; old_slug: string; slug: string }>(
    `${parts.join(' union all ')} order by 1, 2, 3`,
  );
  return rows.map((row) => ({
    kind: row.kind,
    id: row.id,
    oldSlug: idSlug(row.id, row.old_slug),
    slug: idSlug(row.id, row.slug),
  }));
}
