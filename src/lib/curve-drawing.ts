import { type ChartSeries, chartLayout } from './curve-chart.ts';
import { CHART_COLOURS, SERIES_STYLES, type SeriesStyle } from './curve-styles.ts';
import type { Content, DrawingArea, PdfBlock, TextFit } from './pdf.ts';

// A curve in a PDF document (a datasheet), as vector graphics: the layout the product page draws as SVG
// (chartLayout), in the same series styles (curve-styles.ts), its texts in the document's language and
// fonts. The chart's own units are drawn through a transformation to points (y turned upwards), so the
// lines' points go into the file as the layout rounded them, to a tenth of a unit. Decision 0073.

/** A curve's chart with its texts in the document's language. */
export interface CurveFigure {
  /** The caption above the chart. */
  title: string;
  /** The axes' titles, each with its unit. */
  xTitle: string;
  yTitle: string;
  /** The series' names for a legend under the chart; none for a single series. */
  legend: readonly string[];
  series: readonly ChartSeries[];
}

/** Points a unit of the chart (480 × 300 units: 384 × 240 pt, most of the text's width). */
const SCALE = 0.8;
/** The caption's lines, as wide as the chart, and the room under them. */
const CAPTION = { size: 9.5, leading: 12.5, below: 4.5 };
const TICK_LABEL = { size: 8, gray: 0.2 };
/** The axes' titles, made smaller down to `least` where one would be longer than its side of the plot. */
const AXIS_TITLE = { size: 8.5, least: 6 };
/** From the plot's edge to a tick label: the tick (5 units) and a gap. */
const TO_LABEL = 7;
/** Below the plot's bottom: the x axis's title's baseline, and all that the chart draws. */
const X_TITLE = 28;
const CHART_BELOW = 31;
/** Left of the y labels: the gap to the y axis's title (turned) and the title's height. */
const Y_TITLE = 6.5 + AXIS_TITLE.size * 0.9;
/** The legend: rows of a length of each series' line (`key`) and its name, `apart` from the next. */
const LEGEND = { size: 8, leading: 10, row: 12, key: 24, gap: 4, apart: 14, above: 4 };
/** Lines in points, as the page's 2 px lines and 1 px grid and frame are on a chart about 500 px wide. */
const LINE = 1.2;
const GRID = 0.5;
const FRAME = 0.6;

/** A #rrggbb colour's components from 0 to 1. */
function rgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255) as [number, number, number];
}

const GRID_RGB = rgb(CHART_COLOURS.grid);
const FRAME_RGB = rgb(CHART_COLOURS.frame);
const SERIES_RGB = SERIES_STYLES.map((style) => rgb(style.stroke));

/**
 * Strokes in a series' style, `unit` points to a length: its colour, a line as wide against the chart as the
 * page's, and the page's dash (drawn along a 2 px line) at the same proportion to the line.
 */
function seriesStroke(content: Content, index: number, unit: number): void {
  const style = SERIES_STYLES[index % SERIES_STYLES.length] as SeriesStyle;
  const [red, green, blue] = SERIES_RGB[index % SERIES_RGB.length] as [number, number, number];
  const width = LINE / unit;
  content.strokeRgb(red, green, blue).lineWidth(width).lineJoin('round');
  if (style.dash.length > 0) content.dash(style.dash.map((length) => (length * width) / 2));
  if (style.round) content.lineCap('round');
}

interface LegendEntry {
  index: number;
  /** Its left, from the legend's. */
  at: number;
  lines: string[];
}

/**
 * The legend's entries in rows `width` wide, side by side while they fit; a name longer than a row on its
 * own row, broken into lines.
 */
function legendRows(names: readonly string[], width: number, fit: TextFit): LegendEntry[][] {
  const rows: LegendEntry[][] = [];
  let row: LegendEntry[] = [];
  let at = 0;
  const room = width - LEGEND.key - LEGEND.gap;
  names.forEach((name, index) => {
    const lines = fit.lines(name, LEGEND.size, room);
    const entry = LEGEND.key + LEGEND.gap + Math.max(...lines.map((line) => fit.width(line, LEGEND.size)));
    if (row.length > 0 && (at + entry > width || lines.length > 1)) {
      rows.push(row);
      row = [];
      at = 0;
    }
    row.push({ index, at, lines });
    at += entry + LEGEND.apart;
  });
  if (row.length > 0) rows.push(row);
  return rows;
}

const rowHeight = (row: LegendEntry[]) =>
  LEGEND.row + (Math.max(...row.map((entry) => entry.lines.length)) - 1) * LEGEND.leading;

/** The size an axis's title is set in: the usual, or smaller as far as `least` so it fits `length`. */
function titleSize(text: string, length: number, fit: TextFit): number {
  const width = fit.width(text, AXIS_TITLE.size, true);
  return width <= length ? AXIS_TITLE.size : Math.max(AXIS_TITLE.least, (AXIS_TITLE.size * length) / width);
}

/** A drawing block of the curve: its caption, the chart, and a legend when it has several series. */
export function curveDrawing(figure: CurveFigure): PdfBlock {
  const layout = chartLayout(figure.series);
  const { plot } = layout;
  const chartWidth = layout.width * SCALE;
  const chartHeight = plot.bottom * SCALE + CHART_BELOW;
  // Laid out in the document's fonts when the page's layout asks the height, then drawn as laid out.
  let caption: string[] = [];
  let legend: LegendEntry[][] = [];
  const captionHeight = () => caption.length * CAPTION.leading + CAPTION.below;
  return {
    kind: 'drawing',
    height: (fit) => {
      caption = fit.lines(figure.title, CAPTION.size, chartWidth, true);
      legend = legendRows(figure.legend, (layout.width - plot.left) * SCALE, fit);
      const legendHeight = legend.reduce((sum, row) => sum + rowHeight(row), legend.length > 0 ? LEGEND.above : 0);
      return captionHeight() + chartHeight + legendHeight;
    },
    draw: (area: DrawingArea) => {
      const { content, fit } = area;
      const top = area.y + area.height;
      caption.forEach((line, index) => {
        area.label(line, area.x, top - CAPTION.size - index * CAPTION.leading, CAPTION.size, { bold: true });
      });

      // The chart's box moved left by the room its layout keeps for larger text than this, so that the y
      // axis's title lines up with the text of the page.
      const yLabelWidth = Math.max(...layout.yTicks.map((tick) => fit.width(tick.label, TICK_LABEL.size)));
      const plotLeft = area.x + Y_TITLE + yLabelWidth + TO_LABEL;
      const originX = plotLeft - plot.left * SCALE;
      const originY = top - captionHeight();
      const px = (x: number) => originX + x * SCALE;
      const py = (y: number) => originY - y * SCALE;

      content.save().transform(SCALE, 0, 0, -SCALE, originX, originY);
      content.strokeRgb(...GRID_RGB).lineWidth(GRID / SCALE);
      for (const { at } of layout.xTicks) content.moveTo(at, plot.top).lineTo(at, plot.bottom);
      for (const { at } of layout.yTicks) content.moveTo(plot.left, at).lineTo(plot.right, at);
      content
        .stroke()
        .strokeRgb(...FRAME_RGB)
        .lineWidth(FRAME / SCALE);
      for (const { at } of layout.xTicks) content.moveTo(at, plot.bottom).lineTo(at, plot.bottom + 5);
      for (const { at } of layout.yTicks) content.moveTo(plot.left, at).lineTo(plot.left - 5, at);
      content.rect(plot.left, plot.top, plot.right - plot.left, plot.bottom - plot.top).stroke();
      layout.lines.forEach((line, index) => {
        content.save();
        seriesStroke(content, index, SCALE);
        content.polyline(line).stroke().restore();
      });
      content.restore();

      const { size, gray } = TICK_LABEL;
      for (const { at, label } of layout.xTicks) {
        area.label(label, px(at), py(plot.bottom) - TO_LABEL - size * 0.8, size, { gray, align: 'center' });
      }
      for (const { at, label } of layout.yTicks) {
        area.label(label, plotLeft - TO_LABEL, py(at) - size * 0.35, size, { gray, align: 'right' });
      }
      const across = px(plot.right) - px(plot.left);
      const up = py(plot.top) - py(plot.bottom);
      const xSize = titleSize(figure.xTitle, across, fit);
      const ySize = titleSize(figure.yTitle, up, fit);
      const middle = { bold: true, align: 'center' as const };
      area.label(figure.xTitle, px(plot.left) + across / 2, py(plot.bottom) - X_TITLE, xSize, middle);
      area.label(figure.yTitle, area.x + ySize * 0.9, py(plot.bottom) + up / 2, ySize, { ...middle, upward: true });

      // The legend under the chart, from the plot's left: a length of each series' line, then its name.
      let rowTop = originY - chartHeight - LEGEND.above;
      for (const row of legend) {
        const baseline = rowTop - LEGEND.row + 3;
        for (const { index, at, lines } of row) {
          const left = plotLeft + at;
          const middleOfText = baseline + LEGEND.size * 0.35;
          content.save();
          seriesStroke(content, index, 1);
          content
            .moveTo(left, middleOfText)
            .lineTo(left + LEGEND.key, middleOfText)
            .stroke()
            .restore();
          lines.forEach((line, number) => {
            area.label(line, left + LEGEND.key + LEGEND.gap, baseline - number * LEGEND.leading, LEGEND.size);
          });
        }
        rowTop -= rowHeight(row);
      }
    },
  };
}
