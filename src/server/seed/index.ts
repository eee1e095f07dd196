import { slugify } from '#lib/slug.ts';
import type { Db, Queryable } from '../db/index.ts';
import { insertMany, writeProductParts } from '../db/product-parts.ts';
import { indexSearch, searchIndexMissing } from '../search/index.ts';
import type { SeedCatalogue, SeedCategory } from './types.ts';

/** Writes a whole catalogue in one transaction; ids follow the catalogue's order. */
export async function seedCatalogue(db: Db, catalogue: SeedCatalogue): Promise<void> {
  await db.transaction(async (tx) => {
    const categoryIds = new Map<string, number>();
    const insertLevel = async (nodes: SeedCategory[], parentId: number | null) => {
      const rows = await insertMany(
        tx,
        'category',
        {
          parent_id: 'integer',
          sort: 'integer',
          key: 'text',
          slug: 'text',
          name_en: 'text',
          name_zh: 'text',
          description_en: 'text',
          description_zh: 'text',
        },
        nodes.map((node, sort) => ({
          parent_id: parentId,
          sort,
          key: node.key,
          slug: slugify(node.name.en),
          name_en: node.name.en,
          name_zh: node.name.zh,
          description_en: node.description.en,
          description_zh: node.description.zh,
        })),
        'id, key',
      );
      for (const row of rows) categoryIds.set(row.key as string, row.id as number);
      for (const node of nodes) {
        if (node.children?.length) await insertLevel(node.children, categoryIds.get(node.key) ?? null);
      }
    };
    await insertLevel(catalogue.categories, null);

    const categoryId = (key: string) => {
      const id = categoryIds.get(key);
      if (id === undefined) throw new Error(`The seed names an unknown category "${key}".`);
      return id;
    };

    const productRows = await insertMany(
      tx,
      'product',
      {
        category_id: 'integer',
        part_number: 'text',
        slug: 'text',
        family: 'text',
        name_en: 'text',
        name_zh: 'text',
        summary_en: 'text',
        summary_zh: 'text',
        description_en: 'text',
        description_zh: 'text',
        price: 'numeric',
        lead_time_days: 'integer',
        stock: 'integer',
        is_new: 'boolean',
        is_featured: 'boolean',
        sort: 'integer',
      },
      catalogue.products.map((product, sort) => ({
        category_id: categoryId(product.category),
        part_number: product.partNumber,
        slug: slugify(product.name.en),
        family: product.family,
        name_en: product.name.en,
        name_zh: product.name.zh,
        summary_en: product.summary.en,
        summary_zh: product.summary.zh,
        description_en: product.description.en,
        description_zh: product.description.zh,
        price: product.price,
        lead_time_days: product.leadTimeDays,
        stock: product.stock,
        is_new: product.isNew ?? false,
        is_featured: product.isFeatured ?? false,
        sort,
      })),
      'id, part_number',
    );
    const productIds = new Map(productRows.map((row) => [row.part_number as string, row.id as number]));
    const productId = (partNumber: string) => {
      const id = productIds.get(partNumber);
      if (id === undefined) throw new Error(`The seed names an unknown part number "${partNumber}".`);
      return id;
    };

    await writeProductParts(
      tx,
      catalogue.products.map((product) => ({ id: productId(product.partNumber), parts: product })),
      catalogue.products.flatMap((product) =>
        (['alternatives', 'related'] as const).flatMap((list) =>
          (product[list] ?? []).map((other, sort) => ({
            product_id: productId(product.partNumber),
            related_id: productId(other),
            kind: list === 'alternatives' ? ('alternative' as const) : ('related' as const),
            sort,
          })),
        ),
      ),
    );

    await insertMany(
      tx,
      'solution_group',
      {
        type: 'integer',
        key: 'text',
        title_en: 'text',
        title_zh: 'text',
        desc_en: 'text',
        desc_zh: 'text',
        value_en: 'text',
        value_zh: 'text',
        intro_en: 'text',
        intro_zh: 'text',
        img: 'text',
      },
      catalogue.solutionGroups.map((group) => ({
        type: group.type,
        key: group.key,
        title_en: group.title.en,
        title_zh: group.title.zh,
        desc_en: group.desc.en,
        desc_zh: group.desc.zh,
        value_en: group.value.en,
        value_zh: group.value.zh,
        intro_en: group.intro.en,
        intro_zh: group.intro.zh,
        img: group.img,
      })),
    );

    const solutionRows = await insertMany(
      tx,
      'solution',
      {
        type: 'integer',
        slug: 'text',
        title_en: 'text',
        title_zh: 'text',
        summary_en: 'text',
        summary_zh: 'text',
        body_en: 'text',
        body_zh: 'text',
        image: 'text',
        sort: 'integer',
      },
      catalogue.solutions.map((solution, sort) => ({
        type: solution.type,
        slug: slugify(solution.title.en),
        title_en: solution.title.en,
        title_zh: solution.title.zh,
        summary_en: solution.summary.en,
        summary_zh: solution.summary.zh,
        body_en: solution.body.en,
        body_zh: solution.body.zh,
        image: catalogue.solutionGroups.find((group) => group.type === solution.type)?.img ?? '',
        sort,
      })),
      'id',
    );
    await insertMany(
      tx,
      'solution_product',
      { solution_id: 'integer', product_id: 'integer', sort: 'integer' },
      catalogue.solutions.flatMap((solution, index) =>
        solution.products.map((partNumber, sort) => ({
          solution_id: solutionRows[index]?.id,
          product_id: productId(partNumber),
          sort,
        })),
      ),
    );

    await insertMany(
      tx,
      'article',
      {
        kind: 'text',
        content_type: 'text',
        product_series_id: 'integer',
        slug: 'text',
        author_en: 'text',
        author_zh: 'text',
        title_en: 'text',
        title_zh: 'text',
        summary_en: 'text',
        summary_zh: 'text',
        body_en: 'text',
        body_zh: 'text',
        published_at: 'date',
      },
      catalogue.articles.map((article) => ({
        kind: article.kind,
        content_type: article.contentType,
        product_series_id: categoryId(article.productSeries),
        slug: slugify(article.title.en),
        author_en: article.author.en,
        author_zh: article.author.zh,
        title_en: article.title.en,
        title_zh: article.title.zh,
        summary_en: article.summary.en,
        summary_zh: article.summary.zh,
        body_en: article.body.en,
        body_zh: article.body.zh,
        published_at: article.publishedAt,
      })),
    );

    await insertMany(
      tx,
      'system_config',
      { config_name: 'text', value_en: 'text', value_zh: 'text' },
      catalogue.config.map((item) => ({
        config_name: item.configName,
        value_en: item.configValue.en,
        value_zh: item.configValue.zh,
      })),
    );

    await insertMany(
      tx,
      'page_meta',
      { page_key: 'text', meta_en: 'jsonb', meta_zh: 'jsonb' },
      catalogue.meta.map((page) => ({
        page_key: page.page,
        meta_en: page.meta.map((item) => ({ name: item.name, content: item.content.en })),
        meta_zh: page.meta.map((item) => ({ name: item.name, content: item.content.zh })),
      })),
    );

    await seedSitePages(tx, catalogue.pages);
    await indexSearch(tx);
  });
}

/** Writes the fixed site pages (about, FAQ, policies, help, downloads). */
async function seedSitePages(tx: Queryable, pages: SeedCatalogue['pages']): Promise<void> {
  await insertMany(
    tx,
    'site_page',
    { key: 'text', title_en: 'text', title_zh: 'text', summary_en: 'text', summary_zh: 'text', sections: 'jsonb' },
    pages.map((page) => ({
      key: page.key,
      title_en: page.title.en,
      title_zh: page.title.zh,
      summary_en: page.summary.en,
      summary_zh: page.summary.zh,
      sections: page.sections,
    })),
  );
}

/**
 * Seeds the catalogue when the database has none, the site pages when a database seeded before
 * they existed has none, and the search index likewise; answers whether it wrote anything.
 */
export async function seedIfEmpty(db: Db, catalogue: SeedCatalogue): Promise<boolean> {
  const [row] = await db.query<{ categories: number; pages: number }>(
    'select (select count(*)::int from category) as categories, (select count(*)::int from site_page) as pages',
  );
  if ((row?.categories ?? 0) === 0) {
    await seedCatalogue(db, catalogue);
    return true;
  }
  if ((row?.pages ?? 0) === 0) {
    await db.transaction((tx) => seedSitePages(tx, catalogue.pages));
    return true;
  }
  if (await searchIndexMissing(db)) {
    await db.transaction((tx) => indexSearch(tx));
    return true;
  }
  return false;
}
