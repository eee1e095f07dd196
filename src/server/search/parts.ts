import type { Language } from '#api/common.ts';
import { MAX_QUANTITY } from '#api/fields.ts';
import type { PartMatch, PartProduct } from '#api/quick-order.ts';
import { shipDate } from '#lib/ship-date.ts';
import { idSlug } from '#lib/slug.ts';
import type { Queryable } from '../db/index.ts';
import { col } from '../db/rows.ts';
import { deletions, partKey } from './terms.ts';

// A list of part numbers matched in two statements whatever its length (decision 0081): each line's key
// folded (o as 0, i and l as 1) against the folded keys of all products, then, for the lines that found
// nothing, the search's own part-number forms (a prefix, one character off) for candidates to pick from.

/** The most candidates a line offers. */
const CANDIDATES = 5;

/** A part number's search key with the letters typed for digits read as digits (as the index reads them). */
const foldedKey = (text: string): string => partKey(text).replace(/o/g, '0').replace(/[il]/g, '1');

interface PartRow {
  i: number;
  id: number;
  part_number: string;
  name: string;
  slug: string;
  price: number | string;
  currency: string;
  lead_time_days: number;
  stock: number;
  published: boolean;
  discontinued: boolean;
}

const productColumns = (lang: Language) =>
  `p.id, p.part_number, p.${col('name', lang)} as name, p.slug, p.price, p.currency, p.lead_time_days, p.stock,
   p.published, p.discontinued`;

function toPart(row: PartRow, quantity: number): PartProduct {
  return {
    id: row.id,
    partNumber: row.part_number,
    name: row.name,
    slug: idSlug(row.id, row.slug),
    unitPrice: Number(row.price),
    currency: row.currency,
    shipDate: shipDate(row.stock, row.lead_time_days, Math.min(quantity, MAX_QUANTITY)),
    stock: row.stock,
  };
}

/** Rows grouped by the line (`i`, from 1) they answer. */
function byLine(rows: PartRow[], count: number): PartRow[][] {
  const lines = Array.from({ length: count }, (): PartRow[] => []);
  for (const row of rows) lines[Number(row.i) - 1]?.push(row);
  return lines;
}

/** The status of a line whose part number is one product's. */
function matched(line: { partNumber: string; quantity: number }, row: PartRow): PartMatch {
  const product = toPart(row, line.quantity);
  const status = row.discontinued ? 'discontinued' : line.quantity > MAX_QUANTITY ? 'overLimit' : 'ok';
  return { ...line, status, product, candidates: [] };
}

/** Matches each line's part number to a product, in the order given (see PartMatch for the statuses). */
export async function matchParts(
  db: Queryable,
  lang: Language,
  lines: { partNumber: string; quantity: number }[],
): Promise<PartMatch[]> {
  const folded = lines.map((line) => foldedKey(line.partNumber));
  // Published products only, and the discontinued among them: a draft is no one's part number yet.
  const exact = byLine(
    await db.query<PartRow>(
      `select q.i::int as i, ${productColumns(lang)}
       from unnest($1::text[]) with ordinality as q(key, i)
       join product_search s on translate(s.part_key, 'oil', '011') = q.key
       join product p on p.id = s.product_id and p.published
       order by q.i, p.discontinued, p.sort, p.id`,
      [folded],
    ),
    lines.length,
  );
  const answers: (PartMatch | undefined)[] = lines.map((line, index) => {
    const rows = exact[index] ?? [];
    const selling = rows.filter((row) => !row.discontinued);
    if (selling.length > 1)
      return { ...line, status: 'ambiguous', product: null, candidates: selling.map((r) => toPart(r, line.quantity)) };
    const [only] = selling.length === 1 ? selling : rows;
    return only ? matched(line, only) : undefined;
  });

  // The lines that found nothing: the search's prefix and one-character-off forms of the key as typed.
  const open = lines.flatMap((line, index) => {
    const key = partKey(line.partNumber);
    return answers[index] || key.length < 2 ? [] : [{ index, key }];
  });
  if (open.length > 0) {
    const near = byLine(
      await db.query<PartRow>(
        `select q.i::int as i, c.* from unnest($1::text[], $2::text[]) with ordinality as q(key, variants, i)
         cross join lateral (
           select ${productColumns(lang)} from product_search s
           join product p on p.id = s.product_id and p.published and not p.discontinued
           where (s.part_key >= q.key and s.part_key < q.key || '{')
              or s.part_key = any(q.variants::text[]) or s.part_variants && q.variants::text[]
           order by case when s.part_key >= q.key and s.part_key < q.key || '{' then 0 else 1 end, p.sort, p.id
           limit ${CANDIDATES}) c
         order by q.i`,
        [
          open.map((line) => line.key),
          // Typos only from four characters, as the search takes them; a Postgres array literal per line.
          open.map((line) =>
            line.key.length >= 4 ? `{${[line.key, ...deletions(line.key)].map((k) => `"${k}"`).join(',')}}` : '{}',
          ),
        ],
      ),
      open.length,
    );
    open.forEach(({ index }, n) => {
      const line = lines[index];
      const rows = near[n] ?? [];
      if (line && rows.length > 0)
        answers[index] = {
          ...line,
          status: 'ambiguous',
          product: null,
          candidates: rows.map((row) => toPart(row, line.quantity)),
        };
    });
  }
  return lines.map((line, index) => answers[index] ?? { ...line, status: 'unknown', product: null, candidates: [] });
}
