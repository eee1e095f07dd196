import * as v from 'valibot';
import { Id } from './common.ts';
import { CONTENT_TYPES } from './content-types.ts';
import { CURVE_KINDS, CURVE_LIMITS } from './curves.ts';
import { Email } from './fields.ts';

// What the editors write, for their calls (editor.ts) and the catalogue file (catalogue-file.ts): the
// seed's shapes (src/server/seed/types.ts), checked.

/** A text in both languages, as the editors write it. */
const Both = (max: number) =>
  v.object({
    en: v.pipe(v.string(), v.maxLength(max, 'validation.tooLong')),
    zh: v.pipe(v.string(), v.maxLength(max, 'validation.tooLong')),
  });

/** A site setting's name: a letter, then letters or digits ('salesEmail'). */
export const ConfigName = v.pipe(v.string(), v.regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/, 'validation.configName'));

/** Names and titles, summaries, and bodies (HTML) in both languages. */
export const Name = Both(200);
export const Summary = Both(2000);
export const Long = Both(100_000);

/** A category's stable key: lower-case letters and digits with dashes, as the seed's ('raman-spectrometers'). */
const CategoryKey = v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'validation.categoryKey'));
/** A part number: letters, digits, dashes, dots, slashes and underscores ('LS-532-100', 'CCS200/M'). */
const PartNumber = v.pipe(v.string(), v.regex(/^[A-Za-z0-9][A-Za-z0-9./_-]{0,63}$/, 'validation.partNumber'));
/** A page's key as the meta call takes it (`pageHome`): 'home', 'product', … */
export const PageKey = v.pipe(v.string(), v.regex(/^[a-z][a-zA-Z0-9-]{0,63}$/, 'validation.pageKey'));
/** Where a resource lives: a path on the site ('/files/…'), or an https address. */
const ResourceUrl = v.pipe(
  v.string(),
  v.maxLength(500, 'validation.tooLong'),
  v.regex(/^(\/(?!\/)\S*|https:\/\/\S+)$/, 'validation.resourceUrl'),
);
const Count = (max: number) => v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(max));
const ListOf = <T extends v.GenericSchema>(item: T, max: number) => v.pipe(v.array(item), v.maxLength(max));
const Published = v.optional(v.boolean());

export const FAMILIES = [
  'laser',
  'light-source',
  'detector',
  'optic',
  'fiber',
  'spectrometer',
  'microscope',
  'objective',
  'stage',
  'probe-station',
  'metrology',
  'analyzer',
] as const;

/** A value of a curve: a finite number within ±CURVE_LIMITS.magnitude. */
const CurveNumber = v.pipe(
  v.number('validation.curveNumber'),
  v.finite('validation.curveNumber'),
  v.minValue(-CURVE_LIMITS.magnitude, 'validation.curveNumber'),
  v.maxValue(CURVE_LIMITS.magnitude, 'validation.curveNumber'),
);
/** A series' x or y values: from 2 to CURVE_LIMITS.points. */
const CurveNumbers = v.pipe(
  v.array(CurveNumber),
  v.minLength(2, 'validation.curvePoints'),
  v.maxLength(CURVE_LIMITS.points, 'validation.curvePoints'),
);
/** An axis: its name in both languages, and its unit: one text for both ('nm', '%', 'A/W'), or a pair for words. */
const CurveAxis = v.object({
  name: Both(100),
  unit: v.optional(v.union([v.pipe(v.string(), v.maxLength(20, 'validation.tooLong')), Both(20)])),
});

type IssuePath = [v.IssuePathItem, ...v.IssuePathItem[]];
/** The path of `input[key]`, for an issue a check raises on a part of what it checks. */
const at = (input: unknown, key: string | number, value: unknown): v.IssuePathItem =>
  typeof key === 'number'
    ? { type: 'array', origin: 'value', input: input as unknown[], key, value }
    : { type: 'object', origin: 'value', input: input as Record<string, unknown>, key, value };

/**
 * A series: its name (shown in the legend when the curve has more than one) and its points as two lists,
 * as many y values as x values, x increasing from each point to the next (a page draws it as a line).
 */
const CurveSeries = v.pipe(
  v.object({ name: Both(100), x: CurveNumbers, y: CurveNumbers }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const series = dataset.value;
    const { x, y } = series;
    if (y.length !== x.length)
      addIssue({ message: 'validation.curveLengths', path: [at(series, 'y', y)] satisfies IssuePath });
    for (let index = 1; index < x.length; index++) {
      if ((x[index] as number) > (x[index - 1] as number)) continue;
      addIssue({
        message: 'validation.curveOrder',
        path: [at(series, 'x', x), at(x, index, x[index])] satisfies IssuePath,
      });
      break;
    }
  }),
);

/**
 * A performance curve (decision 0073): what it shows (`kind`), its title and axes in both languages, and 1
 * to CURVE_LIMITS.series series; when it has more than one, each is named in English at least (the legend).
 */
const CurveFields = v.pipe(
  v.object({
    kind: v.picklist(CURVE_KINDS),
    title: Name,
    xAxis: CurveAxis,
    yAxis: CurveAxis,
    series: v.pipe(
      v.array(CurveSeries),
      v.minLength(1, 'validation.curveSeries'),
      v.maxLength(CURVE_LIMITS.series, 'validation.curveSeries'),
    ),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed || dataset.value.series.length < 2) return;
    const { series } = dataset.value;
    const unnamed = series.findIndex((item) => item.name.en.trim() === '');
    if (unnamed < 0) return;
    const item = series[unnamed] as (typeof series)[number];
    addIssue({
      message: 'validation.curveSeriesName',
      path: [at(dataset.value, 'series', series), at(series, unnamed, item), at(item, 'name', item.name)],
    });
  }),
);

/** A product's curves: at most CURVE_LIMITS.curves, with CURVE_LIMITS.productPoints points in all. */
const Curves = v.pipe(
  v.array(CurveFields),
  v.maxLength(CURVE_LIMITS.curves, 'validation.curves'),
  v.check(
    (curves) =>
      curves.reduce((sum, curve) => sum + curve.series.reduce((n, series) => n + series.x.length, 0), 0) <=
      CURVE_LIMITS.productPoints,
    'validation.curvePointsTotal',
  ),
);

/** A category as editors save it: the seed's, with its parent's key instead of nesting (none: a top category). */
export const CategoryFields = {
  key: CategoryKey,
  /** The parent's key; absent or null for a top category. Categories have two levels. */
  parent: v.optional(v.nullable(CategoryKey)),
  name: Name,
  description: Long,
  /** Absent: published when created, unchanged when updated. */
  published: Published,
};

/** A product as editors save it: the seed's shape. Lists left out are empty (a save is the whole product). */
export const ProductFields = {
  partNumber: PartNumber,
  /** Key of its category. */
  category: CategoryKey,
  family: v.picklist(FAMILIES),
  name: Name,
  summary: Summary,
  description: Long,
  price: v.pipe(v.number(), v.minValue(0), v.maxValue(9_999_999_999)),
  leadTimeDays: Count(3650),
  stock: Count(2_000_000_000),
  isNew: v.optional(v.boolean()),
  isFeatured: v.optional(v.boolean()),
  /** No longer sold: its page stays, but no quick order, quote or reorder puts it in a cart (decision 0081). */
  discontinued: v.optional(v.boolean()),
  attributes: ListOf(
    v.object({
      label: Name,
      value: v.union([v.pipe(v.string(), v.maxLength(500, 'validation.tooLong')), Both(500)]),
      unit: v.optional(v.pipe(v.string(), v.maxLength(20, 'validation.tooLong'))),
    }),
    200,
  ),
  options: v.optional(
    ListOf(
      v.object({
        name: Name,
        values: ListOf(
          v.object({
            label: Name,
            priceDelta: v.pipe(v.number(), v.minValue(-9_999_999_999), v.maxValue(9_999_999_999)),
          }),
          100,
        ),
      }),
      50,
    ),
  ),
  /** Part numbers of products that can replace this one. */
  alternatives: v.optional(ListOf(PartNumber, 100)),
  /** Part numbers of accessories or products often bought with it. */
  related: v.optional(ListOf(PartNumber, 100)),
  resources: v.optional(
    ListOf(
      v.object({
        kind: v.picklist(['datasheet', 'manual', 'application-note', 'software']),
        title: Name,
        url: ResourceUrl,
      }),
      100,
    ),
  ),
  /**
   * Its pictures, the first shown first: an upload's `url` (editorFileUpload), which must be an image, or
   * another address; the text read in place of each, in both languages. None: the family's drawing is shown.
   */
  images: v.optional(ListOf(v.object({ url: ResourceUrl, alt: Both(300) }), 20)),
  /** Its performance curves, shown on its page and overlaid in its category's comparison. None: no curve. */
  curves: v.optional(Curves),
  published: Published,
};

export const SolutionType = v.picklist([0, 1, 2]);

/** A solution: the seed's, with `id` to update one (without: a new one). The body is HTML, cleaned when stored. */
export const SolutionFields = {
  id: v.optional(Id),
  type: SolutionType,
  title: Name,
  summary: Summary,
  body: Long,
  /** Part numbers of the products it uses. */
  products: ListOf(PartNumber, 200),
  published: Published,
};

/** An article: the seed's, with `id` to update one (without: a new one). The body is HTML, cleaned when stored. */
export const ArticleFields = {
  id: v.optional(Id),
  kind: v.picklist(['knowledge', 'news']),
  contentType: v.picklist(CONTENT_TYPES),
  /** Key of the category it is about. */
  productSeries: CategoryKey,
  author: Name,
  publishedAt: v.pipe(v.string(), v.isoDate()),
  title: Name,
  summary: Summary,
  body: Long,
  published: Published,
};

/** A page's meta tags, both languages. */
export const MetaFields = {
  page: PageKey,
  meta: ListOf(
    v.object({
      name: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9:_.-]{0,63}$/, 'validation.metaName')),
      content: Both(2000),
    }),
    50,
  ),
};

/**
 * Settings that decide where mail goes (`salesEmail`: inquiries with their attachments, order requests).
 * Only admins change them; the value is a list of addresses, and a change is mailed to the old and new ones.
 */
export const MAIL_ROUTING_SETTINGS: readonly string[] = ['salesEmail'];
const MAX_ROUTING_ADDRESSES = 5;

/**
 * The addresses of a mail-routing value (`sales@a.example, desk@a.example`: commas or semicolons between),
 * lower-cased, each once; undefined when it is not a list of 1 to MAX_ROUTING_ADDRESSES valid addresses.
 */
export function addressList(value: string): string[] | undefined {
  const parts = value.split(/[,;]/).map((part) => part.trim());
  if (parts.length > MAX_ROUTING_ADDRESSES) return undefined;
  const addresses: string[] = [];
  for (const part of parts) {
    const parsed = v.safeParse(Email, part);
    if (!parsed.success) return undefined;
    addresses.push(parsed.output);
  }
  return [...new Set(addresses)];
}

/** A mail-routing value: an address list in English, and the same list or nothing in Chinese (mail has one route). */
export function isMailRouting({ en, zh }: { en: string; zh: string }): boolean {
  const list = addressList(en);
  if (!list) return false;
  if (zh.trim() === '') return true;
  return addressList(zh)?.join() === list.join();
}

/** A setting's fields, the value of a mail-routing one checked (its message on `configValue`). */
export const ConfigFields = {
  configName: ConfigName,
  configValue: Both(2000),
};
export function checkMailRouting<T extends { configName: string; configValue: { en: string; zh: string } }>() {
  return v.forward<T, v.CheckIssue<T>, ['configValue']>(
    v.check<T, 'validation.mailRouting'>(
      ({ configName, configValue }) => !MAIL_ROUTING_SETTINGS.includes(configName) || isMailRouting(configValue),
      'validation.mailRouting',
    ),
    // `configValue` is a key of every T; TypeScript cannot check a path of a type parameter.
    ['configValue'] as never,
  );
}

export const CategoryInput = v.object(CategoryFields);
export const ProductInput = v.object(ProductFields);
export const SolutionInput = v.object(SolutionFields);
export const ArticleInput = v.object(ArticleFields);
export const MetaInput = v.object(MetaFields);
export const ConfigInput = v.pipe(v.object(ConfigFields), checkMailRouting());
export type CategoryInput = v.InferOutput<typeof CategoryInput>;
export type ProductInput = v.InferOutput<typeof ProductInput>;
export type SolutionInput = v.InferOutput<typeof SolutionInput>;
export type ArticleInput = v.InferOutput<typeof ArticleInput>;
export type MetaInput = v.InferOutput<typeof MetaInput>;
export type ConfigInput = v.InferOutput<typeof ConfigInput>;
