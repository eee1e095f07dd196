import type { Language } from '#api/common.ts';
import type { ReorderLine } from '#api/reorder.ts';
import { shipDate } from '#lib/ship-date.ts';
import { ApiError } from '../errors.ts';
import type { Queryable } from './index.ts';
import { cents, col } from './rows.ts';

interface LineRow {
  product_id: number;
  part_number: string;
  name: string;
  quantity: number;
  unit_price: number | string;
  then_ship_date: string | null;
  currency: string;
  price: number | string | null;
  stock: number | null;
  lead_time_days: number | null;
  published: boolean | null;
  discontinued: boolean | null;
}

/** The lines of a customer's order request or quote beside the catalogue today (reorder.ts in the contract). */
export async function reorderPreview(
  db: Queryable,
  lang: Language,
  customerId: number,
  source: 'order' | 'quote',
  id: number,
): Promise<{ currency: string; lines: ReorderLine[] }> {
  const [parent, lineTable, key, shipDateColumn] =
    source === 'order'
      ? ['customer_order', 'order_line', 'order_id', 'null::text']
      : ['quote', 'quote_line', 'quote_id', "to_char(l.ship_date, 'YYYY-MM-DD')"];
  const rows = await db.query<LineRow>(
    `select l.product_id, l.part_number, coalesce(p.${col('name', lang)}, l.${col('name', lang)}) as name, l.quantity,
       l.unit_price, ${shipDateColumn} as then_ship_date, h.currency, p.price, p.stock, p.lead_time_days, p.published,
       p.discontinued
     from ${parent} h join ${lineTable} l on l.${key} = h.id
     left join product p on p.id = l.product_id
     where h.id = $1 and h.customer_id = $2 order by l.line_no`,
    [id, customerId],
  );
  if (rows.length === 0) throw new ApiError(404, 'api.notFound', { thing: source, id });
  const lines = rows.map((row): ReorderLine => {
    const sold = row.published === true && row.price !== null;
    const now =
      sold && row.price !== null
        ? {
            unitPrice: cents(row.price) / 100,
            shipDate: shipDate(row.stock ?? 0, row.lead_time_days ?? 0, row.quantity),
            stock: row.stock ?? 0,
          }
        : null;
    const thenPrice = cents(row.unit_price) / 100;
    const status = !now
      ? 'unavailable'
      : row.discontinued
        ? 'discontinued'
        : now.unitPrice !== thenPrice
          ? 'priceChanged'
          : 'same';
    return {
      productId: row.product_id,
      partNumber: row.part_number,
      name: row.name,
      quantity: row.quantity,
      status,
      before: { unitPrice: thenPrice, shipDate: row.then_ship_date },
      today: now,
    };
  });
  return { currency: rows[0]?.currency ?? 'USD', lines };
}
