import type { Language } from '#api/common.ts';
import type { Favourite } from '#api/shop.ts';
import { ApiError } from '../errors.ts';
import type { Queryable } from './index.ts';
import { type ProductSummaryRow, productSummaryColumns, toSummary, withProduct } from './products.ts';
import { iso, type Paging, pageOf } from './rows.ts';

type FavouriteRow = ProductSummaryRow & { saved_at: string; total_count: number };

const toFavourite = (row: FavouriteRow): Favourite => ({
  productId: row.id,
  product: toSummary(row),
  createdAt: iso(row.saved_at),
});

export function pageFavourites(db: Queryable, lang: Language, customerId: number, paging: Paging) {
  return pageOf<FavouriteRow, Favourite>(
    db,
    `select x.created_at as saved_at, count(*) over ()::int as total_count, ${productSummaryColumns(lang)}
     from favourite x ${withProduct}
     where x.customer_id = $1 order by x.created_at desc, x.product_id desc`,
    `select count(*)::int as n from favourite x join product p on p.id = x.product_id and p.published
     where x.customer_id = $1`,
    customerId,
    paging,
    toFavourite,
  );
}

/**
 * Saves a published product as a favourite, once: saving it again answers the first save. The
 * conflict does a no-op update rather than nothing, so the statement always returns the row: with
 * `do nothing` a save racing another save of the same product saw neither its own insert nor the
 * other's (not yet in its snapshot) and answered 404.
 */
export async function addFavourite(db: Queryable, lang: Language, customerId: number, productId: number) {
  const [row] = await db.query<FavouriteRow>(
    `with x as (
       insert into favourite (customer_id, product_id) select $1, id from product where id = $2 and published
       on conflict (customer_id, product_id) do update set created_at = favourite.created_at
       returning product_id, created_at)
     select x.created_at as saved_at, 1 as total_count, ${productSummaryColumns(lang)} from x ${withProduct}`,
    [customerId, productId],
  );
  if (!row) throw new ApiError(404, 'api.notFound', { thing: 'product', id: productId });
  return toFavourite(row);
}

export async function removeFavourite(db: Queryable, customerId: number, productId: number): Promise<void> {
  await db.query('delete from favourite where customer_id = $1 and product_id = $2', [customerId, productId]);
}
