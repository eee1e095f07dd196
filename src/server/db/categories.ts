import type { CategoryNode, CategoryRecord, CategoryRef } from '#api/category.ts';
import type { Language, Page } from '#api/common.ts';
import { idSlug } from '#lib/slug.ts';
import type { Queryable } from './index.ts';
import { col, iso, toPage } from './rows.ts';

export interface CategoryRow {
  id: number;
  parent_id: number | null;
  name: string;
  slug: string;
  image: string;
  description: string;
  product_count: number;
  updated_at: string;
}

export const categorySelect = (lang: Language) => `
  select c.id, c.parent_id, c.${col('name', lang)} as name, c.slug, c.image,
         c.${col('description', lang)} as description, c.updated_at,
         (select count(*)::int from product p
           where p.published and p.category_id in (
             select id from category d where d.id = c.id or d.parent_id = c.id)) as product_count
  from (select * from category where published) c`;

export function toCategoryRecord(row: CategoryRow): CategoryRecord {
  return {
    id: row.id,
    parentId: row.parent_id,
    name: row.name,
    slug: idSlug(row.id, row.slug),
    image: row.image,
    description: row.description,
    productCount: row.product_count,
    updatedAt: iso(row.updated_at),
  };
}

/** Every published category, parents before children, in menu order. */
async function listCategories(db: Queryable, lang: Language): Promise<CategoryRecord[]> {
  const rows = await db.query<CategoryRow>(`${categorySelect(lang)} order by c.parent_id nulls first, c.sort, c.id`);
  return rows.map(toCategoryRecord);
}

/** The category tree. */
export async function categoryTree(db: Queryable, lang: Language): Promise<CategoryNode[]> {
  const records = await listCategories(db, lang);
  const nodes = new Map<number, CategoryNode>();
  for (const { updatedAt: _updatedAt, ...record } of records) nodes.set(record.id, { ...record, children: [] });
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export async function pageCategories(
  db: Queryable,
  lang: Language,
  { pageNum, pageSize, parentId }: { pageNum: number; pageSize: number; parentId?: number | undefined },
): Promise<Page<CategoryRecord>> {
  const where = parentId === undefined ? '' : parentId === 0 ? 'where c.parent_id is null' : 'where c.parent_id = $3';
  const published = where ? `${where} and c.published` : 'where c.published';
  const params: unknown[] = [pageSize, (pageNum - 1) * pageSize];
  if (parentId) params.push(parentId);
  const rows = await db.query<CategoryRow>(
    `${categorySelect(lang)} ${where} order by c.parent_id nulls first, c.sort, c.id limit $1 offset $2`,
    params,
  );
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from category c ${published.replace('$3', '$1')}`,
    parentId ? [parentId] : [],
  );
  return toPage(rows.map(toCategoryRecord), count?.n ?? 0, pageNum, pageSize);
}

/** The chain of categories from the top down to the given one. */
export async function categoryBreadcrumbs(db: Queryable, lang: Language, id: number): Promise<CategoryRef[]> {
  const rows = await db.query<{ id: number; name: string; slug: string }>(
    `with recursive chain as (
       select id, parent_id, ${col('name', lang)} as name, slug, 0 as depth from category where id = $1
       union all
       select c.id, c.parent_id, c.${col('name', lang)}, c.slug, chain.depth + 1
       from category c join chain on c.id = chain.parent_id
     ) select id, name, slug from chain order by depth desc`,
    [id],
  );
  return rows.map((row) => ({ id: row.id, name: row.name, slug: idSlug(row.id, row.slug) }));
}

/** One published category with its breadcrumbs and children; the route adds a page of its products. */
export async function getCategory(db: Queryable, lang: Language, id: number) {
  const [row] = await db.query<CategoryRow>(`${categorySelect(lang)} where c.id = $1`, [id]);
  if (!row) return undefined;
  const children = await db.query<CategoryRow>(`${categorySelect(lang)} where c.parent_id = $1 order by c.sort, c.id`, [
    id,
  ]);
  return {
    ...toCategoryRecord(row),
    breadcrumbs: await categoryBreadcrumbs(db, lang, id),
    children: children.map(toCategoryRecord),
  };
}

/** Every published category as a flat list in menu order, with its depth (0 for a top category), for selects. */
export async function electCategories(db: Queryable, lang: Language) {
  const records = await listCategories(db, lang);
  const levels = new Map<number, number>();
  return records.map((record) => {
    const level = record.parentId === null ? 0 : (levels.get(record.parentId) ?? 0) + 1;
    levels.set(record.id, level);
    return { id: record.id, parentId: record.parentId, name: record.name, level };
  });
}
