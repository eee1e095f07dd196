import type { ProductDetail, Resource } from '#api/product.ts';
import { type Locale, type MessageKey, t } from '#i18n/index.ts';
import { curveDrawing } from '#lib/curve-drawing.ts';
import { formatDate, formatPrice } from '#lib/format.ts';
import { type PdfBlock, type PdfDocument, renderPdf } from '#lib/pdf.ts';
import { zipFiles } from '#lib/zip.ts';
import { axisTitle } from './curves.ts';

// How each kind of download is made from its products, in a locale (src/data/resources.ts names the files).
// The documents' own words are the site's (`document.*` in i18n/); the products' are their records' in
// that locale. Free of Astro's modules, so a worker thread can run it too (src/build/downloads/worker.ts).

/** The name in the software's README and licence, which are in English only (resource-links.ts). */
const COMPANY = 'LumenLab Instruments';
const SALES = 'sales@lumenlab-instruments.example';
const SOFTWARE_VERSION = '1.0.0';

/**
 * Raise when the files come out differently from the same records (the downloads' cache keeps a file by
 * the digest of what it is made from, src/build/downloads/cache.ts, and would keep the old bytes).
 */
export const RENDERING_VERSION = 4;

/** The fields of a product its downloads are made from: what a worker thread is sent (no cards, no images). */
const DOCUMENT_FIELDS = [
  'name',
  'partNumber',
  'summary',
  'description',
  'attributes',
  'options',
  'price',
  'currency',
  'leadTimeDays',
  'updatedAt',
  'breadcrumbs',
  'resources',
  'curves',
] as const satisfies readonly (keyof ProductDetail)[];
export type DocumentProduct = Pick<ProductDetail, (typeof DOCUMENT_FIELDS)[number]>;

/**
 * A product as its downloads need it. A worker is sent this rather than the whole record: the record's
 * related and alternative cards and its images made each message several times larger, all copied for
 * the worker and read again there.
 */
export const documentProduct = (product: DocumentProduct): DocumentProduct =>
  Object.fromEntries(DOCUMENT_FIELDS.map((field) => [field, product[field]])) as DocumentProduct;

export type Renderer = {
  extension: 'pdf' | 'zip';
  /** The file in `locale` (one of the kind's FILE_LOCALES, resource-links.ts), from the records in that locale. */
  bytes: (title: string, products: DocumentProduct[], locale: Locale) => Uint8Array<ArrayBuffer>;
};

export const renderers: Record<Resource['kind'], Renderer> = {
  datasheet: { extension: 'pdf', bytes: (title, products, locale) => renderPdf(datasheet(title, products, locale)) },
  manual: { extension: 'pdf', bytes: (title, products, locale) => renderPdf(manual(title, products, locale)) },
  'application-note': {
    extension: 'pdf',
    bytes: (title, products, locale) => renderPdf(applicationNote(title, products, locale)),
  },
  software: { extension: 'zip', bytes: software },
};

// ---------------------------------------------------------------- Pieces

const heading = (text: string): PdfBlock => ({ kind: 'heading', text });
const paragraph = (text: string): PdfBlock => ({ kind: 'paragraph', text });
const table = (rows: [string, string][]): PdfBlock => ({ kind: 'table', rows });
const paragraphs = (text: string) => text.split(/\n\s*\n/).map((part) => paragraph(part.trim()));

/** Each of a product's curves drawn as on its page, its texts in the records' language. */
const curveBlocks = (p: DocumentProduct, locale: Locale): PdfBlock[] =>
  p.curves.map((curve) =>
    curveDrawing({
      title: curve.title,
      xTitle: axisTitle(curve.xAxis, locale),
      yTitle: axisTitle(curve.yAxis, locale),
      legend: curve.series.length > 1 ? curve.series.map((series) => series.name) : [],
      series: curve.series,
    }),
  );

const specRows = (p: DocumentProduct): [string, string][] =>
  p.attributes.map((a) => [a.label, [a.value, a.unit].filter(Boolean).join(' ')]);
/** A price: in English with its currency's code ('$1,200.00 USD'); in Chinese as the product page writes it ('US$1,200.00'). */
const price = (amount: number, currency: string, locale: Locale) => {
  const written = formatPrice(amount, currency, locale);
  return locale === 'en' ? `${written} ${currency}` : written;
};

function delta(amount: number, currency: string, locale: Locale): string {
  if (amount === 0) return t(locale, 'document.included');
  return `${amount > 0 ? '+' : '-'}${formatPrice(Math.abs(amount), currency, locale)}`;
}

/** The date a record was last updated, for "information as of". */
function asOf(products: DocumentProduct[], locale: Locale): string {
  const latest = latestUpdate(products);
  return latest ? formatDate(latest.toISOString(), locale) : t(locale, 'document.downloadDate');
}

function latestUpdate(products: DocumentProduct[]): Date | undefined {
  const times = products.map((p) => Date.parse(p.updatedAt)).filter((time) => !Number.isNaN(time));
  return times.length > 0 ? new Date(Math.max(...times)) : undefined;
}

/** The document for one product, or a section per product when several share the file. */
function perProduct(
  title: string,
  kind: string,
  products: DocumentProduct[],
  body: (p: DocumentProduct, label: (section: string) => string) => PdfBlock[],
  closing: PdfBlock[],
  locale: Locale,
): PdfDocument {
  const [only] = products;
  const company = t(locale, 'document.company');
  const language = {
    language: locale,
    pageLabel: (page: number, pages: number) => t(locale, 'document.page', { page, pages }),
  };
  if (products.length === 1 && only) {
    return {
      title: only.name,
      subtitle: t(locale, 'document.subtitle', { company, kind, partNumber: only.partNumber }),
      blocks: [...body(only, (section) => section), ...closing],
      ...language,
    };
  }
  return {
    title,
    subtitle: t(locale, 'document.subtitleOfMany', {
      company,
      kind,
      partNumbers: products.map((p) => p.partNumber).join(', '),
    }),
    blocks: [
      ...products.flatMap((p) =>
        body(p, (section) => t(locale, 'document.section', { partNumber: p.partNumber, section })),
      ),
      ...closing,
    ],
    ...language,
  };
}

// ---------------------------------------------------------------- Datasheet

function datasheet(title: string, products: DocumentProduct[], locale: Locale): PdfDocument {
  const say = (key: MessageKey, params?: Record<string, string | number>) => t(locale, key, params);
  return perProduct(
    title,
    say('document.datasheet'),
    products,
    (p, label) => [
      heading(label(products.length === 1 ? say('document.overview') : p.name)),
      paragraph(p.summary),
      ...paragraphs(p.description),
      heading(label(say('document.specifications'))),
      table(specRows(p)),
      ...(p.curves.length > 0 ? [heading(label(say('document.curves'))), ...curveBlocks(p, locale)] : []),
      ...(p.options.length > 0
        ? [
            heading(label(say('document.options'))),
            table(
              p.options.map((option) => [
                option.name,
                option.values
                  .map((value) =>
                    say('document.optionValue', {
                      label: value.label,
                      delta: delta(value.priceDelta, p.currency, locale),
                    }),
                  )
                  .join('\n'),
              ]),
            ),
          ]
        : []),
      heading(label(say('document.ordering'))),
      table([
        [say('document.partNumber'), p.partNumber],
        [say('document.product'), p.name],
        [say('document.price'), say('document.basePrice', { price: price(p.price, p.currency, locale) })],
        [say('document.leadTime'), say('document.days', { days: p.leadTimeDays })],
      ]),
    ],
    [
      paragraph(`${say('document.asOf', { date: asOf(products, locale) })}${say('document.estimates')}`),
      paragraph(say('document.quotations', { email: SALES })),
    ],
    locale,
  );
}

// ---------------------------------------------------------------- User manual

function manual(title: string, products: DocumentProduct[], locale: Locale): PdfDocument {
  const say = (key: MessageKey, params?: Record<string, string | number>) => t(locale, key, params);
  const company = say('document.company');
  return perProduct(
    title,
    say('document.manual'),
    products,
    (p, label) => {
      const text = `${p.name} ${p.summary} ${p.description} ${p.breadcrumbs.map((c) => c.name).join(' ')}`;
      // "激光雷达" is LIDAR, which the English calls so.
      const laser = /laser|激光(?!雷达)/i.test(text);
      const warmUp = p.attributes.find((a) => /warm-?up|预热/i.test(a.label));
      const software = p.resources.find((r) => r.kind === 'software');
      return [
        heading(label(say('document.manual.about'))),
        paragraph(say('document.manual.covers', { name: p.name, partNumber: p.partNumber })),
        paragraph(p.summary),
        heading(label(say('document.manual.safety'))),
        paragraph(say('document.manual.safeUse', { company })),
        paragraph(say('document.manual.housing')),
        ...(laser ? [paragraph(say('document.manual.laser'))] : []),
        heading(label(say('document.manual.installation'))),
        paragraph(
          say('document.manual.install') +
            (software
              ? `\n${say('document.manual.installSoftware', { title: software.title, file: software.url.split('/').pop() ?? '' })}`
              : ''),
        ),
        heading(label(say('document.manual.operation'))),
        paragraph(
          say('document.manual.operate', {
            wait: warmUp
              ? say('document.manual.warmUp', { time: [warmUp.value, warmUp.unit].filter(Boolean).join(' ') })
              : say('document.manual.stabilise'),
          }),
        ),
        heading(label(say('document.manual.maintenance'))),
        paragraph(say('document.manual.clean', { company })),
        heading(label(say('document.specifications'))),
        table(specRows(p)),
      ];
    },
    [
      paragraph(say('document.asOf', { date: asOf(products, locale) }).trim()),
      paragraph(say('document.manual.support', { email: SALES })),
    ],
    locale,
  );
}

// ---------------------------------------------------------------- Application note

function applicationNote(title: string, products: DocumentProduct[], locale: Locale): PdfDocument {
  const say = (key: MessageKey, params?: Record<string, string | number>) => t(locale, key, params);
  const company = say('document.company');
  return {
    title,
    subtitle: say('document.note.subtitle', { company }),
    language: locale,
    pageLabel: (page, pages) => say('document.page', { page, pages }),
    blocks: [
      heading(say('document.overview')),
      paragraph(say('document.note.accompanies', { title, company })),
      heading(say('document.note.products')),
      table(products.map((p) => [p.partNumber, p.name])),
      ...products.flatMap((p) => [
        heading(say('document.note.product', { name: p.name, partNumber: p.partNumber })),
        paragraph(p.summary),
        table(specRows(p).slice(0, 6)),
      ]),
      heading(say('document.note.workflow')),
      paragraph(say('document.note.steps')),
      heading(say('document.note.ordering')),
      paragraph(say('document.note.contact', { email: SALES, date: asOf(products, locale) })),
    ],
  };
}

// ---------------------------------------------------------------- Software

function software(title: string, products: DocumentProduct[]): Uint8Array<ArrayBuffer> {
  const date = latestUpdate(products) ?? new Date();
  const supported = products.map((p) => `  - ${p.partNumber}  ${p.name}`).join('\n');
  const readme = `${title}
${COMPANY} - version ${SOFTWARE_VERSION}

Supported products
${supported}

Installation
  1. Connect the instrument to the computer as described in its user manual
     and switch it on.
  2. Run the installer for your operating system with administrator rights.
     To receive the installer, write to ${SALES}
     with the part number and serial number of your instrument.
  3. Start the software and select the instrument in the device list.
  4. Keep the software up to date: each release lists the instruments and
     firmware versions it supports.

Support
  ${SALES}

See LICENSE.txt for the licence terms.
`;
  const license = `${COMPANY} Software Licence

Copyright (c) ${date.getUTCFullYear()} ${COMPANY}. All rights reserved.

${title}, version ${SOFTWARE_VERSION} (the "Software"),
is licensed, not sold.

1. ${COMPANY} grants the purchaser of a supported ${COMPANY}
   product a non-exclusive, non-transferable licence to install and use the
   Software on computers used to operate that product.
2. You may not copy the Software except for backup, nor distribute,
   sublicense, rent, modify, decompile or disassemble it, except as far as
   applicable law expressly permits.
3. The Software is provided "as is", without warranty of any kind. To the
   extent permitted by law, ${COMPANY} is not liable for any
   damages arising from its use.
4. This licence ends automatically if you breach its terms; you must then
   delete all copies of the Software.
`;
  return zipFiles(
    [
      { name: 'README.txt', data: readme },
      { name: 'LICENSE.txt', data: license },
    ],
    date,
  );
}

/** A download product pages link to (resources.ts), and how it is made. */
export interface ResourceFile {
  /** The link on product pages, e.g. `/files/datasheets/LS-405-50.pdf`, `/files/datasheets/LS-405-50.zh-CN.pdf`. */
  url: string;
  /** The folder under /files/, e.g. `datasheets`. */
  kind: string;
  /** The file name, e.g. `LS-405-50.pdf`. */
  file: string;
  contentType: 'application/pdf' | 'application/zip';
  /** What the file is made from, digested: the incremental build's key, so a file is made again only when it changes. */
  digest: string;
  /** The file's bytes; called once, when the build writes the file. */
  render: () => Uint8Array<ArrayBuffer>;
  /** What it is made from, for a worker thread to make it (src/build/downloads/worker.ts). */
  source: { kind: Resource['kind']; title: string; products: DocumentProduct[]; locale: Locale };
}
