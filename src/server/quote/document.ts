import type { Language } from '#api/common.ts';
import type { Quote } from '#api/quote.ts';
import { localeOf, type MessageKey, t } from '#i18n/index.ts';
import { formatDate, formatPrice } from '#lib/format.ts';
import { type PdfBlock, renderPdf } from '#lib/pdf.ts';
import type { Queryable } from '../db/index.ts';
import { col } from '../db/rows.ts';

// A quote as a PDF, in the language it was made in, with the datasheets' writer and font (decision 0072):
// Chinese in the embedded subset of Noto Sans SC. Every text in it is the writer's to escape; nothing a
// customer typed becomes PDF syntax.

/** The company's details and quote terms, from the site's settings (system config) in one language. */
export interface QuoteCompany {
  name: string;
  address: string;
  postalCode: string;
  phone: string;
  email: string;
  /** The terms printed under the lines; the site's default terms when the settings have none (`quoteTerms`). */
  terms: string;
}

const CONFIG_NAMES = ['companyName', 'address', 'postalCode', 'phone', 'salesEmail', 'quoteTerms'];

export async function quoteCompany(db: Queryable, language: Language): Promise<QuoteCompany> {
  const rows = await db.query<{ name: string; value: string }>(
    `select config_name as name, ${col('value', language)} as value from system_config where config_name = any($1::text[])`,
    [CONFIG_NAMES],
  );
  const value = (name: string) => rows.find((row) => row.name === name)?.value?.trim() ?? '';
  const locale = localeOf(language);
  return {
    name: value('companyName') || t(locale, 'document.company'),
    address: value('address'),
    postalCode: value('postalCode'),
    phone: value('phone'),
    email: value('salesEmail'),
    terms: value('quoteTerms') || t(locale, 'quote.terms', { days: 30 }),
  };
}

/** The quote's PDF file name: its number, which is ours (letters, digits and a dash). */
export const quoteFileName = (quote: Quote) => `${quote.quoteNo}.pdf`;

/** The quote as a PDF in its own language. */
export function quotePdf(quote: Quote, company: QuoteCompany): Uint8Array<ArrayBuffer> {
  const locale = localeOf(quote.language);
  const say = (key: MessageKey, params?: Record<string, string | number>) => t(locale, key, params);
  const money = (amount: number) => formatPrice(amount, quote.currency, locale);
  const blocks: PdfBlock[] = [
    {
      kind: 'table',
      rows: [
        [say('quote.number'), quote.quoteNo],
        [say('quote.date'), formatDate(quote.createdAt, locale)],
        [say('quote.validUntil'), formatDate(quote.validUntil, locale)],
      ],
    },
    { kind: 'heading', text: say('quote.from') },
    {
      kind: 'paragraph',
      text: [
        company.name,
        [company.address, company.postalCode].filter(Boolean).join(' '),
        company.phone,
        company.email,
      ]
        .filter(Boolean)
        .join('\n'),
    },
    { kind: 'heading', text: say('quote.for') },
    {
      kind: 'paragraph',
      text: [quote.customer.name, quote.customer.email, quote.customer.contactNumber].filter(Boolean).join('\n'),
    },
    { kind: 'heading', text: say('quote.lines') },
    ...quote.lines.map(
      (line, index): PdfBlock => ({
        kind: 'table',
        rows: [
          [`${index + 1}. ${line.partNumber}`, line.name],
          [say('quote.lineAmount', { quantity: line.quantity, unitPrice: money(line.unitPrice) }), money(line.total)],
          [say('quote.shipDate'), formatDate(line.shipDate, locale)],
        ],
      }),
    ),
    { kind: 'table', rows: [[say('quote.total'), money(quote.total)]] },
    { kind: 'heading', text: say('quote.termsHeading') },
    ...company.terms
      .split(/\n\s*\n|\n/)
      .filter((part) => part.trim() !== '')
      .map((part): PdfBlock => ({ kind: 'paragraph', text: part.trim() })),
  ];
  return renderPdf({
    title: say('quote.pdfTitle', { quoteNo: quote.quoteNo }),
    subtitle: company.name,
    blocks,
    language: locale,
    // Names as customers and editors wrote them: a Chinese name on an English quote is printed, not '?'.
    anyScript: true,
    pageLabel: (page, pages) => say('document.page', { page, pages }),
  });
}
