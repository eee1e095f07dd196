import { type ChartLayout, polylinePoints } from './curve-chart.ts';

// The parts of a curve's SVG (CurveFigure.astro) that are the layout's numbers only: the grid, the ticks, the
// frame, the ticks' labels and the lines, as markup written here in one pass rather than element by element
// through Astro's renderer, which took most of a figure's time (a chart is about forty elements). What
// comes from the API (the axes' titles, the chart's name) stays in the component, escaped by Astro.

/** The markup before the axes' titles (grid, ticks, frame, the ticks' labels) and after them (the lines). */
export interface ChartMarkup {
  frame: string;
  lines: string;
}

/**
 * The chart's numeric markup, as Astro wrote the same elements: attributes in the same order, every
 * element closed. Nothing needs escaping: the values are numbers, the labels `tickLabel`'s digits, signs,
 * points and exponents.
 */
export function chartMarkup(layout: ChartLayout): ChartMarkup {
  const { left, right, top, bottom } = layout.plot;
  let grid = '';
  let ticks = '';
  let xLabels = '';
  let yLabels = '';
  for (const tick of layout.xTicks) {
    grid += `M${tick.at} ${top}V${bottom}`;
    ticks += `M${tick.at} ${bottom}v5`;
    xLabels += `<text x="${tick.at}" y="${bottom + 9}" dy="0.9em">${tick.label}</text>`;
  }
  for (const tick of layout.yTicks) {
    grid += `M${left} ${tick.at}H${right}`;
    ticks += `M${left} ${tick.at}h-5`;
    yLabels += `<text x="${left - 9}" y="${tick.at}" dy="0.35em">${tick.label}</text>`;
  }
  const frame =
    `<path class="curve-grid" d="${grid}"></path><path class="curve-ticks" d="${ticks}"></path>` +
    `<rect class="curve-frame" x="${left}" y="${top}" width="${right - left}" height="${bottom - top}"></rect>` +
    `<g text-anchor="middle">${xLabels}</g><g text-anchor="end">${yLabels}</g>`;
  const lines = layout.lines
    .map((line, index) => `<polyline class="curve-line curve-s${index}" points="${polylinePoints(line)}"></polyline>`)
    .join('');
  return { frame, lines };
}
