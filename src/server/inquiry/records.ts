import { csvText } from '#lib/csv.ts';
import type { Queryable } from '../db/index.ts';

// What `npm run inquiries` reads: the inquiries for the sales team, one, or all since a date as CSV.

/** An inquiry as stored, with what its attachment is (not its bytes). */
export interface InquiryRecord {
  id: number;
  createdAt: Date;
  inquiryType: string;
  fullName: string;
  email: string;
  company: string;
  department: string;
  country: string;
  productModel: string;
  message: string;
  interestProducts: string[];
  applicationIndustry: string;
  agreedToTerms: boolean;
  subscribe: boolean;
  language: string;
  address: string;
  attachment: { name: string; type: string; size: number } | null;
}

interface Row {
  id: number;
  created_at: Date | string;
  inquiry_type: string;
  full_name: string;
  email: string;
  company: string;
  department: string;
  country: string;
  product_model: string;
  message: string;
  interest_products: { name: string }[] | string;
  application_industry: string;
  agreed_to_terms: boolean;
  subscribe: boolean;
  language: string;
  address: string;
  file_name: string | null;
  content_type: string | null;
  size: number | null;
}

const SELECT = `select i.*, a.file_name, a.content_type, a.size
  from inquiry i left join inquiry_attachment a on a.inquiry_id = i.id`;

function toRecord(row: Row): InquiryRecord {
  const interests =
    typeof row.interest_products === 'string' ? JSON.parse(row.interest_products) : row.interest_products;
  return {
    id: row.id,
    createdAt: new Date(row.created_at),
    inquiryType: row.inquiry_type,
    fullName: row.full_name,
    email: row.email,
    company: row.company,
    department: row.department,
    country: row.country,
    productModel: row.product_model,
    message: row.message,
    interestProducts: (interests as { name: string }[]).map((interest) => interest.name),
    applicationIndustry: row.application_industry,
    agreedToTerms: row.agreed_to_terms,
    subscribe: row.subscribe,
    language: row.language,
    address: row.address,
    attachment:
      row.file_name === null ? null : { name: row.file_name, type: row.content_type ?? '', size: row.size ?? 0 },
  };
}

/** The newest inquiries first, at most `limit`, and how many there are in all. */
export async function listInquiries(db: Queryable, limit = 50): Promise<{ records: InquiryRecord[]; total: number }> {
  const rows = await db.query<Row>(`${SELECT} order by i.id desc limit $1`, [limit]);
  const [count] = await db.query<{ total: number }>('select count(*)::int as total from inquiry');
  return { records: rows.map(toRecord), total: count?.total ?? 0 };
}

/** One inquiry and its attachment's bytes, or undefined. */
export async function getInquiry(
  db: Queryable,
  id: number,
): Promise<{ record: InquiryRecord; file: Uint8Array | null } | undefined> {
  const [row] = await db.query<Row>(`${SELECT} where i.id = $1`, [id]);
  if (!row) return undefined;
  const [file] = await db.query<{ data: Uint8Array }>('select data from inquiry_attachment where inquiry_id = $1', [
    id,
  ]);
  return { record: toRecord(row), file: file ? new Uint8Array(file.data) : null };
}

/** Every inquiry received at or after `since`, oldest first. */
export async function inquiriesSince(db: Queryable, since: Date): Promise<InquiryRecord[]> {
  const rows = await db.query<Row>(`${SELECT} where i.created_at >= $1 order by i.id`, [since.toISOString()]);
  return rows.map(toRecord);
}

export const CSV_COLUMNS = [
  'id',
  'received (UTC)',
  'type',
  'full name',
  'email',
  'company',
  'department and position',
  'country or region',
  'product or model',
  'message',
  'interest products',
  'application industry',
  'agreed to terms',
  'newsletter',
  'language',
  'client address',
  'attachment name',
  'attachment type',
  'attachment bytes',
] as const;

/**
 * The inquiries as CSV (csvText: a byte order mark, CRLF line ends, formulas made text) with a header line,
 * every field of the form and the file's name, type and size.
 */
export function inquiriesCsv(records: InquiryRecord[]): string {
  return csvText([
    CSV_COLUMNS,
    ...records.map((r) => [
      r.id,
      r.createdAt.toISOString().replace('T', ' ').slice(0, 19),
      r.inquiryType,
      r.fullName,
      r.email,
      r.company,
      r.department,
      r.country,
      r.productModel,
      r.message,
      r.interestProducts.join('; '),
      r.applicationIndustry,
      r.agreedToTerms,
      r.subscribe,
      r.language,
      r.address,
      r.attachment?.name ?? '',
      r.attachment?.type ?? '',
      r.attachment?.size ?? '',
    ]),
  ]);
}
