import type {
  ArticleInput,
  CatalogueFile,
  CategoryInput,
  ConfigInput,
  FileCategory,
  MetaInput,
  ProductInput,
  SitePageInput,
  SolutionGroupInput,
  SolutionInput,
} from '#api/editor.ts';
import { sanitizeBody } from '#lib/sanitize.server.ts';
import { slugify } from '#lib/slug.ts';
import { ApiError } from '../errors.ts';
import { indexSearch } from '../search/index.ts';
import type { Db, Queryable } from './index.ts';
import { insertMany, writeProductParts } from './product-parts.ts';

// The editors' writes (issue 16, decision 0023), for the /editor/ calls and `npm run catalogue:import`.
// Every call or import is one transaction: its writes, the rules below, and the search index of what
// it touched. The change feed (migration 008) and the slug history (migration 002) follow by trigger.
// Field names in messages are paths of the request (`related.2`) or of the file (`products.3.related.2`).

/** One edit under way: its transaction and what it touched, for the search index. */
export interface Edit {
  tx: Queryable;
  products: Set<number>;
  categories: Set<number>;
}

/** Runs an edit in one transaction, checks the rules, and reindexes the products and categories it touched. */
export async function editContent<T>(db: Db, work: (edit: Edit) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const edit: Edit = { tx, products: new Set(), categories: new Set() };
    const result = await work(edit);
    await checkRules(tx);
    if (edit.products.size > 0 || edit.categories.size > 0)
      await indexSearch(tx, { products: [...edit.products], categories: [...edit.categories] });
    return result;
  });
}

/**
 * What must hold after every edit, whatever it wrote: categories have two levels, and nothing published
 * sits in an unpublished category (so public reads need only each row's own `published`).
 */
async function checkRules(tx: Queryable): Promise<void> {
  const [deep] = await tx.query<{ key: string; parent: string }>(
    `select c.key, p.key as parent from category c join category p on p.id = c.parent_id
     where p.parent_id is not null order by c.id limit 1`,
  );
  if (deep) throw new ApiError(400, 'api.categoryTooDeep', deep);
  const [orphan] = await tx.query<{ key: string; parent: string }>(
    `select c.key, p.key as parent from category c join category p on p.id = c.parent_id
     where c.published and not p.published order by c.id limit 1`,
  );
  if (orphan) throw new ApiError(409, 'api.categoryParentUnpublished', orphan);
  const [product] = await tx.query<{ partNumber: string; key: string }>(
    `select p.part_number as "partNumber", c.key from category c join product p on p.category_id = c.id
     where not c.published and p.published order by p.id limit 1`,
  );
  if (product) throw new ApiError(409, 'api.productCategoryUnpublished', product);
  const [article] = await tx.query<{ id: number; key: string }>(
    `select a.id, c.key from category c join article a on a.product_series_id = c.id
     where not c.published and a.published order by a.id limit 1`,
  );
  if (article) throw new ApiError(409, 'api.articleCategoryUnpublished', article);
}

/** 400 naming the field when a list holds the same value twice. */
function refuseDuplicates(values: string[], field: (index: number) => string): void {
  const seen = new Set<string>();
  values.forEach((value, index) => {
    if (seen.has(value)) throw new ApiError(400, 'api.duplicateValue', { field: field(index), value });
    seen.add(value);
  });
}

async function categoryIds(tx: Queryable, keys: string[]): Promise<Map<string, number>> {
  const rows = await tx.query<{ id: number; key: string }>('select id, key from category where key = any($1::text[])', [
    [...new Set(keys)],
  ]);
  return new Map(rows.map((row) => [row.key, row.id]));
}

async function categoryIdOf(tx: Queryable, key: string, field: string): Promise<number> {
  const id = (await categoryIds(tx, [key])).get(key);
  if (id === undefined) throw new ApiError(400, 'api.unknownCategoryKey', { field, key });
  return id;
}

async function productIds(tx: Queryable, partNumbers: string[]): Promise<Map<string, number>> {
  const rows = await tx.query<{ id: number; part_number: string }>(
    'select id, part_number from product where part_number = any($1::text[])',
    [[...new Set(partNumbers)]],
  );
  return new Map(rows.map((row) => [row.part_number, row.id]));
}

// ---- categories ----

/** 409 when a category still holds published children, products or articles (or any, to delete it). */
async function refuseWhileHolding(tx: Queryable, id: number, key: string, onlyPublished: boolean): Promise<void> {
  const published = onlyPublished ? 'and published' : '';
  const [held] = await tx.query<{ children: number; products: number; articles: number }>(
    `select (select count(*)::int from category where parent_id = $1 ${published}) as children,
            (select count(*)::int from product where category_id = $1 ${published}) as products,
            (select count(*)::int from article where product_series_id = $1 ${published}) as articles`,
    [id],
  );
  if (held && held.children + held.products + held.articles > 0)
    throw new ApiError(409, onlyPublished ? 'api.categoryUnpublishBlocked' : 'api.categoryDeleteBlocked', {
      key,
      ...held,
    });
}

/** Creates or updates a category by its key; its slug follows the English name. */
export async function saveCategory(
  { tx, categories }: Edit,
  input: CategoryInput,
  at = '',
): Promise<{ id: number; key: string; created: boolean }> {
  const parentId = input.parent ? await categoryIdOf(tx, input.parent, `${at}parent`) : null;
  // Saves of one key take turns, so two editors creating the same new category at once get one
  // category (the second updates it) rather than a unique violation.
  await tx.query("select pg_advisory_xact_lock(hashtext('category:' || $1))", [input.key]);
  const [known] = await tx.query<{ id: number; published: boolean }>(
    'select id, published from category where key = $1',
    [input.key],
  );
  if (known?.published && input.published === false) await refuseWhileHolding(tx, known.id, input.key, true);
  const values = [
    parentId,
    slugify(input.name.en),
    input.name.en,
    input.name.zh,
    input.description.en,
    input.description.zh,
    input.published ?? known?.published ?? true,
  ];
  let id: number;
  if (known) {
    id = known.id;
    await tx.query(
      `update category set parent_id = $1, slug = $2, name_en = $3, name_zh = $4, description_en = $5,
         description_zh = $6, published = $7, updated_at = now() where id = $8`,
      [...values, id],
    );
  } else {
    const [row] = await tx.query<{ id: number }>(
      `insert into category (parent_id, slug, name_en, name_zh, description_en, description_zh, published, key, sort)
       values ($1, $2, $3, $4, $5, $6, $7, $8,
               (select coalesce(max(sort), -1) + 1 from category where parent_id is not distinct from $1))
       returning id`,
      [...values, input.key],
    );
    id = row?.id as number;
  }
  categories.add(id);
  return { id, key: input.key, created: !known };
}

export async function setCategoryPublished({ tx, categories }: Edit, id: number, published: boolean): Promise<void> {
  const [known] = await tx.query<{ key: string }>('select key from category where id = $1', [id]);
  if (!known) throw new ApiError(404, 'api.notFound', { thing: 'category', id });
  if (!published) await refuseWhileHolding(tx, id, known.key, true);
  await tx.query('update category set published = $2, updated_at = now() where id = $1 and published <> $2', [
    id,
    published,
  ]);
  categories.add(id);
}

export async function deleteCategory({ tx }: Edit, id: number): Promise<void> {
  const [known] = await tx.query<{ key: string }>('select key from category where id = $1', [id]);
  if (!known) throw new ApiError(404, 'api.notFound', { thing: 'category', id });
  await refuseWhileHolding(tx, id, known.key, false);
  await tx.query("delete from slug_history where kind = 'category' and entity_id = $1", [id]);
  await tx.query('delete from category where id = $1', [id]);
}

/** The categories of a catalogue file, nesting flattened, parents (top categories) first. */
function flattenCategories(nodes: FileCategory[], at: string): { input: CategoryInput; at: string }[] {
  const flat: { input: CategoryInput; at: string }[] = [];
  const walk = (list: FileCategory[], parent: string | undefined, path: string) =>
    list.forEach(({ children, ...node }, index) => {
      flat.push({ input: parent ? { ...node, parent } : node, at: `${path}${index}.` });
      if (children) walk(children, node.key, `${path}${index}.children.`);
    });
  walk(nodes, undefined, at);
  return [...flat.filter((item) => !item.input.parent), ...flat.filter((item) => item.input.parent)];
}

// ---- products ----

/**
 * Creates or updates products by part number, with their specifications, options, relations and
 * resources: a save is the whole product, so lists left out become empty. Relations may name products
 * of the same batch. `at(i)` is the path of the i-th product in the request, for messages.
 */
export async function saveProducts(
  { tx, products }: Edit,
  inputs: ProductInput[],
  at: (index: number) => string = () => '',
): Promise<{ id: number; partNumber: string; created: boolean }[]> {
  if (inputs.length === 0) return [];
  refuseDuplicates(
    inputs.map((input) => input.partNumber),
    (index) => `${at(index)}partNumber`,
  );
  const categoryIdByKey = await categoryIds(
    tx,
    inputs.map((input) => input.category),
  );
  inputs.forEach((input, index) => {
    if (!categoryIdByKey.has(input.category))
      throw new ApiError(400, 'api.unknownCategoryKey', { field: `${at(index)}category`, key: input.category });
  });
  const known = new Map(
    (
      await tx.query<{ part_number: string; published: boolean }>(
        'select part_number, published from product where part_number = any($1::text[])',
        [inputs.map((input) => input.partNumber)],
      )
    ).map((row) => [row.part_number, row.published]),
  );
  const [next] = await tx.query<{ sort: number }>('select coalesce(max(sort), -1) + 1 as sort from product');
  const rows = inputs.map((input, index) => ({
    category_id: categoryIdByKey.get(input.category),
    part_number: input.partNumber,
    slug: slugify(input.name.en),
    family: input.family,
    name_en: input.name.en,
    name_zh: input.name.zh,
    summary_en: input.summary.en,
    summary_zh: input.summary.zh,
    description_en: input.description.en,
    description_zh: input.description.zh,
    price: input.price,
    lead_time_days: input.leadTimeDays,
    stock: input.stock,
    is_new: input.isNew ?? false,
    is_featured: input.isFeatured ?? false,
    published: input.published ?? known.get(input.partNumber) ?? true,
    sort: (next?.sort ?? 0) + index,
  }));
  // The slug-history trigger fires on the update branch as on any update of slug.
  await tx.query(
    `insert into product (category_id, part_number, slug, family, name_en, name_zh, summary_en, summary_zh,
       description_en, description_zh, price, lead_time_days, stock, is_new, is_featured, published, sort)
     select category_id, part_number, slug, family, name_en, name_zh, summary_en, summary_zh, description_en,
       description_zh, price, lead_time_days, stock, is_new, is_featured, published, sort
     from jsonb_to_recordset($1::jsonb) as x(category_id int, part_number text, slug text, family text,
       name_en text, name_zh text, summary_en text, summary_zh text, description_en text, description_zh text,
       price numeric, lead_time_days int, stock int, is_new boolean, is_featured boolean, published boolean, sort int)
     on conflict (part_number) do update set category_id = excluded.category_id, slug = excluded.slug,
       family = excluded.family, name_en = excluded.name_en, name_zh = excluded.name_zh,
       summary_en = excluded.summary_en, summary_zh = excluded.summary_zh,
       description_en = excluded.description_en, description_zh = excluded.description_zh,
       price = excluded.price, lead_time_days = excluded.lead_time_days, stock = excluded.stock,
       is_new = excluded.is_new, is_featured = excluded.is_featured, published = excluded.published,
       updated_at = now()`,
    [JSON.stringify(rows)],
  );
  const referenced = inputs.flatMap((input) => [
    input.partNumber,
    ...(input.alternatives ?? []),
    ...(input.related ?? []),
  ]);
  const idOf = await productIds(tx, referenced);
  const ids = inputs.map((input) => idOf.get(input.partNumber) as number);
  const relations = inputs.flatMap((input, index) =>
    (['alternatives', 'related'] as const).flatMap((list) => {
      const partNumbers = input[list] ?? [];
      refuseDuplicates(partNumbers, (j) => `${at(index)}${list}.${j}`);
      return partNumbers.map((partNumber, sort) => {
        const field = `${at(index)}${list}.${sort}`;
        const relatedId = idOf.get(partNumber);
        if (relatedId === undefined) throw new ApiError(400, 'api.unknownPartNumber', { field, partNumber });
        if (partNumber === input.partNumber) throw new ApiError(400, 'api.selfRelation', { field });
        return {
          product_id: ids[index],
          related_id: relatedId,
          kind: list === 'alternatives' ? ('alternative' as const) : ('related' as const),
          sort,
        };
      });
    }),
  );

  for (const table of ['product_attribute', 'product_option', 'product_relation', 'product_resource'])
    await tx.query(`delete from ${table} where product_id = any($1::int[])`, [ids]);
  await writeProductParts(
    tx,
    inputs.map((input, index) => ({ id: ids[index] as number, parts: input })),
    relations,
  );
  for (const id of ids) products.add(id);
  return inputs.map((input, index) => ({
    id: ids[index] as number,
    partNumber: input.partNumber,
    created: !known.has(input.partNumber),
  }));
}

export async function setProductPublished({ tx }: Edit, id: number, published: boolean): Promise<void> {
  // The search row follows `published` by trigger (migration 006).
  const rows = await tx.query('update product set published = $2, updated_at = now() where id = $1 returning id', [
    id,
    published,
  ]);
  if (rows.length === 0) throw new ApiError(404, 'api.notFound', { thing: 'product', id });
}

/**
 * Deletes a product with its parts; carts, favourites, solutions and other products' relations let go of
 * it (foreign keys cascade, and the change feed records each product and solution that lost it). Order
 * lines keep their own copy (part number, names, prices) and have no foreign key to it.
 */
export async function deleteProduct({ tx }: Edit, id: number): Promise<void> {
  const rows = await tx.query('delete from product where id = $1 returning id', [id]);
  if (rows.length === 0) throw new ApiError(404, 'api.notFound', { thing: 'product', id });
  await tx.query("delete from slug_history where kind = 'product' and entity_id = $1", [id]);
}

// ---- solutions and articles ----

/** Creates a solution, or updates the one with `id`; the body is stored cleaned, as it is served. */
export async function saveSolution(
  { tx }: Edit,
  input: SolutionInput,
  at = '',
): Promise<{ id: number; created: boolean }> {
  refuseDuplicates(input.products, (j) => `${at}products.${j}`);
  const idOf = await productIds(tx, input.products);
  const productRows = input.products.map((partNumber, sort) => {
    const productId = idOf.get(partNumber);
    if (productId === undefined)
      throw new ApiError(400, 'api.unknownPartNumber', { field: `${at}products.${sort}`, partNumber });
    return { product_id: productId, sort };
  });
  const values = [
    input.type,
    slugify(input.title.en),
    input.title.en,
    input.title.zh,
    input.summary.en,
    input.summary.zh,
    sanitizeBody(input.body.en),
    sanitizeBody(input.body.zh),
    input.published ?? null,
  ];
  let id: number;
  if (input.id !== undefined) {
    const rows = await tx.query<{ id: number }>(
      `update solution set type = $1, slug = $2, title_en = $3, title_zh = $4, summary_en = $5, summary_zh = $6,
         body_en = $7, body_zh = $8, published = coalesce($9, published),
         image = coalesce((select img from solution_group where type = $1), image), updated_at = now()
       where id = $10 returning id`,
      [...values, input.id],
    );
    if (rows.length === 0) throw new ApiError(404, 'api.notFound', { thing: 'solution', id: input.id });
    id = input.id;
  } else {
    const [row] = await tx.query<{ id: number }>(
      `insert into solution (type, slug, title_en, title_zh, summary_en, summary_zh, body_en, body_zh, published, image, sort)
       values ($1, $2, $3, $4, $5, $6, $7, $8, coalesce($9, true),
               coalesce((select img from solution_group where type = $1), ''),
               (select coalesce(max(sort), -1) + 1 from solution where type = $1))
       returning id`,
      values,
    );
    id = row?.id as number;
  }
  await tx.query('delete from solution_product where solution_id = $1', [id]);
  await insertMany(
    tx,
    'solution_product',
    { solution_id: 'integer', product_id: 'integer', sort: 'integer' },
    productRows.map((row) => ({ ...row, solution_id: id })),
  );
  return { id, created: input.id === undefined };
}

/** Creates an article, or updates the one with `id`; the body is stored cleaned, as it is served. */
export async function saveArticle(
  { tx }: Edit,
  input: ArticleInput,
  at = '',
): Promise<{ id: number; created: boolean }> {
  const seriesId = await categoryIdOf(tx, input.productSeries, `${at}productSeries`);
  const values = [
    input.kind,
    input.contentType,
    seriesId,
    slugify(input.title.en),
    input.author.en,
    input.author.zh,
    input.title.en,
    input.title.zh,
    input.summary.en,
    input.summary.zh,
    sanitizeBody(input.body.en),
    sanitizeBody(input.body.zh),
    input.publishedAt,
    input.published ?? null,
  ];
  if (input.id !== undefined) {
    const rows = await tx.query(
      `update article set kind = $1, content_type = $2, product_series_id = $3, slug = $4, author_en = $5,
         author_zh = $6, title_en = $7, title_zh = $8, summary_en = $9, summary_zh = $10, body_en = $11,
         body_zh = $12, published_at = $13, published = coalesce($14, published), updated_at = now()
       where id = $15 returning id`,
      [...values, input.id],
    );
    if (rows.length === 0) throw new ApiError(404, 'api.notFound', { thing: 'article', id: input.id });
    return { id: input.id, created: false };
  }
  const [row] = await tx.query<{ id: number }>(
    `insert into article (kind, content_type, product_series_id, slug, author_en, author_zh, title_en, title_zh,
       summary_en, summary_zh, body_en, body_zh, published_at, published)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, coalesce($14, true)) returning id`,
    values,
  );
  return { id: row?.id as number, created: true };
}

/** Publishes or unpublishes a solution or an article; 404 for an unknown id. */
export async function setPublished(
  { tx }: Edit,
  thing: 'solution' | 'article',
  id: number,
  published: boolean,
): Promise<void> {
  // The table name comes from the literal type above, never from input.
  const rows = await tx.query(`update ${thing} set published = $2, updated_at = now() where id = $1 returning id`, [
    id,
    published,
  ]);
  if (rows.length === 0) throw new ApiError(404, 'api.notFound', { thing, id });
}

/** Deletes a solution (its product list with it) or an article (customers' saves of it with it). */
export async function deleteRecord({ tx }: Edit, thing: 'solution' | 'article', id: number): Promise<void> {
  const rows = await tx.query(`delete from ${thing} where id = $1 returning id`, [id]);
  if (rows.length === 0) throw new ApiError(404, 'api.notFound', { thing, id });
  await tx.query('delete from slug_history where kind = $1 and entity_id = $2', [thing, id]);
}

// ---- settings, meta, fixed pages, solution groups ----

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

async function saveSolutionGroup({ tx }: Edit, group: SolutionGroupInput): Promise<boolean> {
  const [row] = await tx.query<{ created: boolean }>(
    `insert into solution_group (type, key, title_en, title_zh, desc_en, desc_zh, value_en, value_zh, intro_en, intro_zh, img)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     on conflict (type) do update set key = excluded.key, title_en = excluded.title_en, title_zh = excluded.title_zh,
       desc_en = excluded.desc_en, desc_zh = excluded.desc_zh, value_en = excluded.value_en,
       value_zh = excluded.value_zh, intro_en = excluded.intro_en, intro_zh = excluded.intro_zh, img = excluded.img
     returning (xmax = 0) as created`,
    [
      group.type,
      group.key,
      group.title.en,
      group.title.zh,
      group.desc.en,
      group.desc.zh,
      group.value.en,
      group.value.zh,
      group.intro.en,
      group.intro.zh,
      group.img,
    ],
  );
  return row?.created === true;
}

async function saveSitePage({ tx }: Edit, page: SitePageInput): Promise<boolean> {
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

// ---- a whole catalogue file ----

export type ImportCounts = Record<keyof CatalogueFile, { created: number; updated: number }>;

/**
 * Loads a catalogue file (the seed's shape, every part optional) in one transaction: categories by key
 * (nested children included), products by part number, solutions and articles by `id` or as new ones,
 * solution groups, settings, meta and fixed pages. Answers how many of each were created and updated.
 */
export async function importCatalogue(db: Db, file: CatalogueFile): Promise<ImportCounts> {
  const counts = Object.fromEntries(
    ['categories', 'products', 'solutionGroups', 'solutions', 'articles', 'config', 'meta', 'pages'].map((part) => [
      part,
      { created: 0, updated: 0 },
    ]),
  ) as ImportCounts;
  const count = (part: keyof CatalogueFile, created: boolean) => counts[part][created ? 'created' : 'updated']++;
  await editContent(db, async (edit) => {
    const categories = flattenCategories(file.categories ?? [], 'categories.');
    refuseDuplicates(
      categories.map((item) => item.input.key),
      (index) => `${categories[index]?.at}key`,
    );
    for (const { input, at } of categories) count('categories', (await saveCategory(edit, input, at)).created);
    const products = file.products ?? [];
    for (const saved of await saveProducts(edit, products, (index) => `products.${index}.`))
      count('products', saved.created);
    for (const group of file.solutionGroups ?? []) count('solutionGroups', await saveSolutionGroup(edit, group));
    for (const [index, solution] of (file.solutions ?? []).entries())
      count('solutions', (await saveSolution(edit, solution, `solutions.${index}.`)).created);
    for (const [index, article] of (file.articles ?? []).entries())
      count('articles', (await saveArticle(edit, article, `articles.${index}.`)).created);
    for (const item of file.config ?? []) count('config', await saveConfig(edit, item));
    for (const item of file.meta ?? []) count('meta', await saveMeta(edit, item));
    for (const page of file.pages ?? []) count('pages', await saveSitePage(edit, page));
  });
  return counts;
}
