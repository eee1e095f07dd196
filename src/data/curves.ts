import { CURVE_KINDS, type Curve, type CurveKind } from '#api/curves.ts';
import type { ProductDetail } from '#api/product.ts';
import { type Locale, localePath, type MessageKey, t } from '#i18n/index.ts';
import { csvLines, csvText } from '#lib/csv.ts';
import { type ChartLayout, type ChartSeries, chartLayout, sampledIndexes } from '#lib/curve-chart.ts';
import { slugify } from '#lib/slug.ts';

// What a figure of a curve shows (CurveFigure.astro), in a page's language: the chart's layout, the axes'
// titles, the legend, the data as a table, and the CSV download beside the product's page; the overlays of
// a category's comparison. Decision 0073.

/** The rows a figure's data table shows at most: every point would weigh a page down (the CSV has them). */
export const TABLE_ROWS = 21;
/** The series an overlay shows at most: the styles that tell them apart (curves.css). */
const OVERLAY_SERIES = 8;

export interface CurveView {
  /** The figure's element id, unique on its page. */
  id: string;
  title: string;
  xTitle: string;
  yTitle: string;
  /** The chart's name for a screen reader. */
  label: string;
  layout: ChartLayout;
  /** The series' names in the legend, in order; none for a single series. */
  legend: string[];
  table: { caption: string; summary: string; head: string[]; rows: string[][] };
  /** The CSV of the points, beside the product's page. */
  csv?: { href: string; download: string; label: string } | undefined;
  /** A note under the chart (an overlay that leaves products out). */
  note?: string | undefined;
}

type Axis = Curve['xAxis'];

/** What is made of a curve's points alone, in any language: its chart's layout and its CSV's rows. */
interface PointsWork {
  series: readonly ChartSeries[];
  layout?: ChartLayout;
  csvRows?: string;
}

/** How many curves' work is kept, the most recently used: about 10 KB each. */
const KEPT_CURVES = 512;
const keptWork = new Map<readonly number[], PointsWork[]>();

/**
 * The work kept for these series' points, or a new place to keep it. Found by the point lists themselves:
 * the records hold equal lists once (compact.ts), so the products of a family that have the same curve (a
 * coating's, a sensor's: half the curves of the 10,000-product catalogue) lay it out and write its numbers
 * once, page after page. The same lists, the same results, kept or not.
 */
function pointsWork(series: readonly ChartSeries[]): PointsWork {
  const key = series[0]?.y ?? [];
  const list = keptWork.get(key) ?? [];
  keptWork.delete(key);
  keptWork.set(key, list);
  if (keptWork.size > KEPT_CURVES) keptWork.delete(keptWork.keys().next().value as readonly number[]);
  let work = list.find(
    (kept) =>
      kept.series.length === series.length &&
      kept.series.every((item, index) => item.x === series[index]?.x && item.y === series[index]?.y),
  );
  if (!work) {
    work = { series: series.map(({ x, y }) => ({ x, y })) };
    list.push(work);
  }
  return work;
}

/** An axis's title: its name, and its unit in brackets as the language writes them (a datasheet's too). */
export const axisTitle = ({ name, unit }: Axis, locale: Locale): string =>
  unit ? t(locale, 'curve.axis', { name, unit }) : name;

/** Whether two lists hold the same numbers: often the same list, as the records share equal ones (compact.ts). */
const sameValues = (a: readonly number[], b: readonly number[]) =>
  a === b || (a.length === b.length && a.every((value, index) => value === b[index]));

/** Whether every series has the same x values: the data is then one table with a column a series. */
const sharedX = (series: Curve['series']) => series.every((item) => sameValues(item.x, series[0]?.x ?? []));

/** A series' column: its name and what its values are, or just the latter for a single series. */
function seriesColumns(curve: Curve, locale: Locale): string[] {
  const yTitle = axisTitle(curve.yAxis, locale);
  if (curve.series.length === 1) return [yTitle];
  return curve.series.map((series) => t(locale, 'curve.seriesColumn', { series: series.name, axis: yTitle }));
}

/** The data table: the x values and a column a series, or (series of their own x) a row a point with its series. */
function dataTable(
  curve: Curve,
  locale: Locale,
): Pick<CurveView['table'], 'head' | 'rows'> & { shown: number; total: number } {
  const xTitle = axisTitle(curve.xAxis, locale);
  const total = curve.series.reduce((sum, series) => sum + series.x.length, 0);
  if (sharedX(curve.series)) {
    const x = curve.series[0]?.x ?? [];
    const indexes = sampledIndexes(x.length, TABLE_ROWS);
    return {
      head: [
        xTitle,
        ...(curve.series.length === 1 ? [axisTitle(curve.yAxis, locale)] : curve.series.map((s) => s.name)),
      ],
      rows: indexes.map((index) => [String(x[index]), ...curve.series.map((series) => String(series.y[index]))]),
      shown: indexes.length,
      total: x.length,
    };
  }
  const each = Math.max(2, Math.floor(TABLE_ROWS / curve.series.length));
  const rows = curve.series.flatMap((series) =>
    sampledIndexes(series.x.length, each).map((index) => [
      series.name,
      String(series.x[index]),
      String(series.y[index]),
    ]),
  );
  return {
    head: [t(locale, 'curve.series'), xTitle, axisTitle(curve.yAxis, locale)],
    rows,
    shown: rows.length,
    total,
  };
}

/** A figure of a curve (a product's, or an overlay of several products' series). */
function curveView(curve: Curve, locale: Locale, id: string, csv?: CurveView['csv'], note?: string): CurveView {
  const xTitle = axisTitle(curve.xAxis, locale);
  const yTitle = axisTitle(curve.yAxis, locale);
  const { head, rows, shown, total } = dataTable(curve, locale);
  return {
    id,
    title: curve.title,
    xTitle,
    yTitle,
    label: t(locale, 'curve.chart', { x: xTitle, y: yTitle }),
    layout: chartOf(curve.series),
    legend: curve.series.length > 1 ? curve.series.map((series) => series.name) : [],
    table: {
      caption: curve.title,
      summary: shown < total ? t(locale, 'curve.table', { shown, total }) : t(locale, 'curve.tableAll', { total }),
      head,
      rows,
    },
    csv,
    note,
  };
}

/** The layout of a chart of these series, made once for the same points (pointsWork). */
function chartOf(series: Curve['series']): ChartLayout {
  const work = pointsWork(series);
  work.layout ??= chartLayout(series);
  return work.layout;
}

/** The CSV files of a product's curves, one a curve, named by part number and kind (`ls-405-50-spectrum.csv`). */
export function curveFiles(product: Pick<ProductDetail, 'partNumber' | 'curves'>): string[] {
  const seen = new Map<CurveKind, number>();
  return product.curves.map((curve) => {
    const count = (seen.get(curve.kind) ?? 0) + 1;
    seen.set(curve.kind, count);
    return `${slugify(product.partNumber)}-${curve.kind}${count > 1 ? `-${count}` : ''}.csv`;
  });
}

/**
 * A curve's points as CSV in a language: a header naming each column with its unit, then a row a point;
 * series that share their x values share a column of them, others have a pair of columns each.
 */
export function curveCsv(curve: Curve, locale: Locale): string {
  const xTitle = axisTitle(curve.xAxis, locale);
  const columns = seriesColumns(curve, locale);
  // The rows are numbers, the same in every language: written once for the same points (pointsWork).
  const work = pointsWork(curve.series);
  if (sharedX(curve.series)) {
    const x = curve.series[0]?.x ?? [];
    work.csvRows ??= csvLines(x.map((value, index) => [value, ...curve.series.map((series) => series.y[index] ?? '')]));
    return withRows(csvText([[xTitle, ...columns]]), work.csvRows);
  }
  const length = Math.max(...curve.series.map((series) => series.x.length));
  const multiple = curve.series.length > 1;
  work.csvRows ??= csvLines(
    Array.from({ length }, (_, row) => curve.series.flatMap((series) => [series.x[row] ?? '', series.y[row] ?? ''])),
  );
  return withRows(
    csvText([
      curve.series.flatMap((series, index) => [
        multiple ? t(locale, 'curve.seriesColumn', { series: series.name, axis: xTitle }) : xTitle,
        columns[index] as string,
      ]),
    ]),
    work.csvRows,
  );
}

/** A CSV file of its header line (csvText) and the rows after it (csvLines), as csvText writes them all. */
const withRows = (header: string, rows: string) => (rows ? `${header}${rows}\r\n` : header);

/** The figures of a product's curves, each with its CSV beside the product's page in the page's language. */
export function productCurveViews(product: ProductDetail, locale: Locale): CurveView[] {
  const files = curveFiles(product);
  return product.curves.map((curve, index) => {
    const file = files[index] as string;
    const points = curve.series.reduce((sum, series) => sum + series.x.length, 0);
    return curveView(curve, locale, `curve-${index + 1}`, {
      href: localePath(locale, `/product/${product.slug}/${file}`),
      download: file,
      label: t(locale, 'curve.csv', { points }),
    });
  });
}

/**
 * A comparison's overlays: for each kind of curve that two or more of `products` have with the same units
 * over a common stretch of x, one figure of each product's first such curve's first series, named by the
 * product (at most OVERLAY_SERIES of them, in the page's order).
 */
export function curveOverlays(products: readonly ProductDetail[], locale: Locale): CurveView[] {
  const views: CurveView[] = [];
  for (const kind of CURVE_KINDS) {
    const groups = new Map<string, { product: ProductDetail; curve: Curve }[]>();
    for (const product of products) {
      const curve = product.curves.find((item) => item.kind === kind);
      if (!curve?.series[0]) continue;
      const units = `${curve.xAxis.unit}\u0000${curve.yAxis.unit}`;
      groups.set(units, [...(groups.get(units) ?? []), { product, curve }]);
    }
    // The units most of them share: like with like; and only curves that span a tenth of the x range of all
    // of them (two lasers' lines 400 nm apart would be two slivers at the chart's edges).
    const same = [...groups.values()].sort((a, b) => b.length - a.length)[0] ?? [];
    const span = (series: Curve['series'][number]) => [series.x[0] ?? 0, series.x.at(-1) ?? 0] as const;
    const spans = same.map(({ curve }) => span(curve.series[0] as Curve['series'][number]));
    const union = Math.max(...spans.map(([, to]) => to)) - Math.min(...spans.map(([from]) => from));
    const group = same.filter((_, index) => {
      const [from, to] = spans[index] as readonly [number, number];
      return to - from >= union / 10;
    });
    if (group.length < 2) continue;
    const shown = group.slice(0, OVERLAY_SERIES);
    const first = shown[0]?.curve as Curve;
    const overlay: Curve = {
      kind,
      title: t(locale, 'curve.overlay', { kind: t(locale, `curve.kind.${kind}` as MessageKey) }),
      xAxis: first.xAxis,
      yAxis: first.yAxis,
      series: shown.map(({ product, curve }) => ({
        ...(curve.series[0] as Curve['series'][number]),
        name: product.name,
      })),
    };
    const note =
      group.length > shown.length
        ? t(locale, 'curve.overlayMore', { shown: shown.length, total: group.length })
        : undefined;
    views.push(curveView(overlay, locale, `curves-${kind}`, undefined, note));
  }
  return views;
}
