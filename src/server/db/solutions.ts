import type { Language, Page } from '#api/common.ts';
import type { SolutionDetail, SolutionGroup, SolutionRecord } from '#api/solutions.ts';
import { sanitizeBody } from '#lib/sanitize.server.ts';
import { idSlug } from '#lib/slug.ts';
import type { Queryable } from './index.ts';
import { type ProductRow, productSelect, toSummary } from './products.ts';
import { col, familyImage, iso, toPage } from './rows.ts';

interface GroupRow {
  type: 0 | 1 | 2;
  key: string;
  title: string;
  desc: string;
  value: string;
  intro: string;
  img: string;
}

const groupSelect = (lang: Language) => `
  select type, key, ${col('title', lang)} as title, ${col('desc', lang)} as desc, ${col('value', lang)} as value,
         ${col('intro', lang)} as intro, img from solution_group`;

const toGroup = (row: GroupRow): SolutionGroup => ({ ...row, img: familyImage(row.img, row.title) });

export async function listSolutionGroups(db: Queryable, lang: Language): Promise<SolutionGroup[]> {
  return (await db.query<GroupRow>(`${groupSelect(lang)} order by type`)).map(toGroup);
}

interface SolutionRow {
  id: number;
  type: 0 | 1 | 2;
  title: string;
  slug: string;
  summary: string;
  image: string;
  body: string;
  updated_at: string;
}

const solutionSelect = (lang: Language) => `
  select id, type, ${col('title', lang)} as title, slug, ${col('summary', lang)} as summary, image,
         ${col('body', lang)} as body, updated_at from (select * from solution where published) solution`;

function toSolution(row: SolutionRow): SolutionRecord {
  const slug = idSlug(row.id, row.slug);
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    name: slug,
    slug,
    summary: row.summary,
    image: familyImage(row.image, row.title),
    updatedAt: iso(row.updated_at),
  };
}

/** Full solution records for the given rows: group and products fetched once for all. */
async function solutionDetails(db: Queryable, lang: Language, rows: SolutionRow[]): Promise<SolutionDetail[]> {
  if (rows.length === 0) return [];
  const groups = new Map((await listSolutionGroups(db, lang)).map((group) => [group.type, group]));
  const products = await db.query<ProductRow & { solution_id: number }>(
    `select sp.solution_id, q.* from solution_product sp
     join lateral (${productSelect(lang)} where p.id = sp.product_id and p.published) q on true
     where sp.solution_id = any($1::int[]) order by sp.solution_id, sp.sort`,
    [rows.map((row) => row.id)],
  );
  return rows.flatMap((row) => {
    const group = groups.get(row.type);
    if (!group) return [];
    return [
      {
        ...toSolution(row),
        body: sanitizeBody(row.body),
        group,
        products: products.filter((p) => p.solution_id === row.id).map(toSummary),
      },
    ];
  });
}

export async function pageSolutions(
  db: Queryable,
  lang: Language,
  { pageNum, pageSize, type }: { pageNum: number; pageSize: number; type?: number | undefined },
): Promise<Page<SolutionDetail>> {
  const where = type === undefined ? '' : 'where type = $3';
  const rows = await db.query<SolutionRow>(
    `${solutionSelect(lang)} ${where} order by type, sort, id limit $1 offset $2`,
    type === undefined ? [pageSize, (pageNum - 1) * pageSize] : [pageSize, (pageNum - 1) * pageSize, type],
  );
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from solution where published ${where.replace('where', 'and').replace('$3', '$1')}`,
    type === undefined ? [] : [type],
  );
  return toPage(await solutionDetails(db, lang, rows), count?.n ?? 0, pageNum, pageSize);
}

export async function getSolution(db: Queryable, lang: Language, id: number): Promise<SolutionDetail | undefined> {
  const rows = await db.query<SolutionRow>(`${solutionSelect(lang)} where id = $1`, [id]);
  return (await solutionDetails(db, lang, rows))[0];
}
