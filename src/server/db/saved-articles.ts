import type { Language } from '#api/common.ts';
import type { SavedArticle } from '#api/shop.ts';
import { ApiError } from '../errors.ts';
import { type ArticleRow, articleRecordColumns, toArticle } from './articles.ts';
import type { Queryable } from './index.ts';
import { iso, type Paging, pageOf } from './rows.ts';

type SavedArticleRow = Omit<ArticleRow, 'body'> & { saved_at: string; total_count: number };

const toSavedArticle = (row: SavedArticleRow): SavedArticle => ({
  newsId: row.id,
  article: toArticle(row),
  createdAt: iso(row.saved_at),
});

// Only published articles show; an unpublished one stays saved and shows again when published.
const withArticle =
  'join article a on a.id = x.article_id and a.published join category c on c.id = a.product_series_id';

export function pageSavedArticles(db: Queryable, lang: Language, customerId: number, paging: Paging) {
  return pageOf<SavedArticleRow, SavedArticle>(
    db,
    `select x.created_at as saved_at, count(*) over ()::int as total_count, ${articleRecordColumns(lang)}
     from saved_article x ${withArticle}
     where x.customer_id = $1 order by x.created_at desc, x.article_id desc`,
    'select count(*)::int as n from saved_article x join article a on a.id = x.article_id and a.published where x.customer_id = $1',
    customerId,
    paging,
    toSavedArticle,
  );
}

/**
 * Saves an article, once: saving it again answers the first save; 404 for an unknown article. A
 * no-op update on conflict, as in addFavourite, so simultaneous saves all get the row.
 */
export async function addSavedArticle(db: Queryable, lang: Language, customerId: number, articleId: number) {
  const [row] = await db.query<SavedArticleRow>(
    `with x as (
       insert into saved_article (customer_id, article_id) select $1, id from article where id = $2 and published
       on conflict (customer_id, article_id) do update set created_at = saved_article.created_at
       returning article_id, created_at)
     select x.created_at as saved_at, 1 as total_count, ${articleRecordColumns(lang)} from x ${withArticle}`,
    [customerId, articleId],
  );
  if (!row) throw new ApiError(404, 'api.notFound', { thing: 'article', id: articleId });
  return toSavedArticle(row);
}

export async function removeSavedArticle(db: Queryable, customerId: number, articleId: number): Promise<void> {
  await db.query('delete from saved_article where customer_id = $1 and article_id = $2', [customerId, articleId]);
}
