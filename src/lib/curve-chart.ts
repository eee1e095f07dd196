// The geometry of a curve's chart (decision 0073), apart from any way of drawing it: the plot's box, the
// axes' ranges and ticks at round numbers, and each series as a line in the chart's units, thinned to what
// the chart can show. The product page draws it as SVG (CurveFigure.astro); a datasheet can draw the same
// layout in a PDF (its y axis points up: y' = height - y). Nothing here knows a language or a format.

/** The chart's size in its own units (an SVG's viewBox), and the largest text it must make room for. */
export const CHART = {
  width: 480,
  height: 300,
  /**
   * Text the layout leaves room for: the size a phone's page sets (curves.css), where the chart is drawn at
   * about three quarters of its units; wider screens set smaller text in the same room.
   */
  font: 17,
} as const;

/** Roughly how wide a character of a tick's label is, as a share of the font's size (digits, '.', '-'). */
const CHAR = 0.58;
const TICK = 5;
const GAP = 6;

interface Tick {
  value: number;
  label: string;
  /** Where it is along its axis, in the chart's units. */
  at: number;
}

export interface ChartLayout {
  width: number;
  height: number;
  /** The plot's box: left and right x, top and bottom y (y grows downwards, as in SVG). */
  plot: { left: number; right: number; top: number; bottom: number };
  /** The axes' ranges in data units: x is the data's own, y extended to round numbers (and to zero). */
  x: { min: number; max: number };
  y: { min: number; max: number };
  xTicks: Tick[];
  yTicks: Tick[];
  /** Each series as points in the chart's units, rounded to a tenth, thinned where straight. */
  lines: [number, number][][];
}

export interface ChartSeries {
  x: readonly number[];
  y: readonly number[];
}

/** 1, 2 or 5 times a power of ten, near `value` (rounded) or at least it. */
function niceNumber(value: number, round: boolean): number {
  const exponent = Math.floor(Math.log10(value));
  const power = 10 ** exponent;
  const fraction = value / power;
  const nice = round
    ? fraction < 1.5
      ? 1
      : fraction < 3
        ? 2
        : fraction < 7
          ? 5
          : 10
    : fraction <= 1
      ? 1
      : fraction <= 2
        ? 2
        : fraction <= 5
          ? 5
          : 10;
  return nice * power;
}

/** The decimals a tick's label needs at this step (0.25 does not occur: steps are 1, 2 or 5 times 10ⁿ). */
const decimalsOf = (step: number) => Math.max(0, -Math.floor(Math.log10(step) + 1e-9));

/** The next step of 1, 2, 5, 10, 20, 50 …: one of those times a power of ten, larger than `step`. */
function nextStep(step: number): number {
  const power = 10 ** Math.floor(Math.log10(step) + 1e-9);
  const fraction = Math.round(step / power);
  return (fraction === 1 ? 2 : fraction === 2 ? 5 : 10) * power;
}

/**
 * Ticks at round numbers over [min, max], about `count` of them (never more than `count` + 1): the step
 * 1, 2 or 5 times a power of ten. `extend` widens the range to the ticks around it, but not for a value
 * past a tick by less than half a percent of the range (a measured 100.1 % keeps the axis at 100); else
 * only the ticks inside the range are answered. Values are rounded to the step's decimals (0.30, not
 * 0.30000000000000004).
 */
export function niceTicks(
  min: number,
  max: number,
  count: number,
  extend = true,
): { min: number; max: number; step: number; values: number[] } {
  if (!(max > min)) {
    // One value: a range around it.
    const pad = min === 0 ? 1 : Math.abs(min) / 2;
    return niceTicks(min - pad, max + pad, count, extend);
  }
  const slack = extend ? (max - min) * 0.005 : 0;
  const bounds = (step: number) =>
    extend
      ? [Math.floor((min + slack) / step) * step, Math.ceil((max - slack) / step) * step]
      : [Math.ceil(min / step - 1e-9) * step, Math.floor(max / step + 1e-9) * step];
  let step = niceNumber((max - min) / Math.max(1, count - 1), true);
  let [first, last] = bounds(step) as [number, number];
  while (Math.round((last - first) / step) + 1 > count + 1) {
    step = nextStep(step);
    [first, last] = bounds(step) as [number, number];
  }
  const decimals = decimalsOf(step);
  const fix = (value: number) => Number(value.toFixed(Math.min(decimals, 20))) || 0;
  const values: number[] = [];
  for (let index = 0; first + index * step <= last + step / 2; index++) values.push(fix(first + index * step));
  return { min: extend ? fix(first) : min, max: extend ? fix(last) : max, step, values };
}

/** A tick's label: as many decimals as its step needs; powers of ten past a million or below 0.0001. */
export function tickLabel(value: number, step: number): string {
  if (value === 0) return '0';
  const size = Math.max(Math.abs(value), step);
  if (size >= 1e6 || step < 1e-4) {
    const digits = Math.max(0, Math.floor(Math.log10(Math.abs(value))) - Math.floor(Math.log10(step)));
    return value
      .toExponential(Math.min(digits, 6))
      .replace(/\.?0+e/, 'e')
      .replace('e+', 'e');
  }
  return value.toFixed(decimalsOf(step));
}

const widthOf = (label: string) => label.length * CHAR * CHART.font;

/** The x ticks inside the data's range, as many as fit side by side (at most 7) in `span` units. */
function fittingTicks(min: number, max: number, span: number): { values: number[]; step: number } {
  for (let count = 7; count > 2; count--) {
    const ticks = niceTicks(min, max, count, false);
    const widest = Math.max(...ticks.values.map((value) => widthOf(tickLabel(value, ticks.step))));
    const apart = (span * ticks.step) / (max - min);
    if (apart >= widest + 2 * GAP) return ticks;
  }
  return niceTicks(min, max, 2, false);
}

/** The y range: the data's, extended to round numbers, from zero when no value is below it. */
function yRange(series: readonly ChartSeries[]): { min: number; max: number; step: number; values: number[] } {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const { y } of series) {
    for (const value of y) {
      if (value < min) min = value;
      if (value > max) max = value;
    }
  }
  if (min >= 0) min = 0;
  else if (max <= 0) max = 0;
  return niceTicks(min, max, 6);
}

/**
 * Ramer-Douglas-Peucker: the points of a line without those within `tolerance` of the straight line
 * between the points kept around them. A chart 480 units wide shows no more; a smooth curve of 400
 * measured points keeps about a quarter of them.
 */
export function thinLine(points: [number, number][], tolerance: number): [number, number][] {
  if (points.length <= 2) return points;
  const keep = keptPoints(
    Float64Array.from(points, ([x]) => x),
    Float64Array.from(points, ([, y]) => y),
    tolerance,
  );
  return points.filter((_, index) => keep[index] === 1);
}

/**
 * Which points of a line (its x and y apart) `thinLine` keeps, 1 for each: a line of a chart is thinned
 * before its points are made pairs, so those left out are never made (most of them, and they were most of
 * a build's work for its curves).
 */
function keptPoints(xs: Float64Array, ys: Float64Array, tolerance: number): Uint8Array {
  const count = xs.length;
  const keep = new Uint8Array(count);
  if (count === 0) return keep;
  keep[0] = 1;
  keep[count - 1] = 1;
  const stack: number[] = count > 2 ? [0, count - 1] : [];
  while (stack.length > 0) {
    const to = stack.pop() as number;
    const from = stack.pop() as number;
    const ax = xs[from] as number;
    const ay = ys[from] as number;
    const dx = (xs[to] as number) - ax;
    const dy = (ys[to] as number) - ay;
    const length = Math.hypot(dx, dy) || 1;
    let farthest = -1;
    let distance = tolerance;
    for (let index = from + 1; index < to; index++) {
      const away = Math.abs(dy * ((xs[index] as number) - ax) - dx * ((ys[index] as number) - ay)) / length;
      if (away > distance) {
        distance = away;
        farthest = index;
      }
    }
    if (farthest < 0) continue;
    keep[farthest] = 1;
    stack.push(from, farthest, farthest, to);
  }
  return keep;
}

/** A series in the chart's units, rounded to a tenth, thinned: the points `thinLine` keeps, as pairs. */
function chartLine({ x, y }: ChartSeries, px: (value: number) => number, py: (value: number) => number) {
  const xs = new Float64Array(x.length);
  const ys = new Float64Array(x.length);
  for (let index = 0; index < x.length; index++) {
    xs[index] = tenth(px(x[index] as number));
    ys[index] = tenth(py(y[index] as number));
  }
  const keep = keptPoints(xs, ys, THIN);
  const line: [number, number][] = [];
  for (let index = 0; index < xs.length; index++) {
    if (keep[index] === 1) line.push([xs[index] as number, ys[index] as number]);
  }
  return line;
}

const tenth = (value: number) => Math.round(value * 10) / 10;
/** How far from a line a point may be and be left out: half a unit, about half a pixel (the line is 2 px wide). */
const THIN = 0.5;

/**
 * The layout of a chart of these series (each x increasing; at least one point in all): the plot's box
 * with room for the ticks' labels and the axes' titles, the ticks, and the lines.
 */
export function chartLayout(series: readonly ChartSeries[]): ChartLayout {
  const { width, height, font } = CHART;
  let xMin = Number.POSITIVE_INFINITY;
  let xMax = Number.NEGATIVE_INFINITY;
  for (const { x } of series) {
    if (x.length === 0) continue;
    xMin = Math.min(xMin, x[0] as number);
    xMax = Math.max(xMax, x[x.length - 1] as number);
  }
  if (!(xMax > xMin)) {
    xMin -= 1;
    xMax += 1;
  }
  const yTicksRaw = yRange(series);
  const yLabels = yTicksRaw.values.map((value) => tickLabel(value, yTicksRaw.step));
  // Left: the y axis's title (turned), its tick labels, the ticks. Bottom: the ticks, their labels, the title.
  const left = Math.ceil(font * 1.2 + GAP + Math.max(...yLabels.map(widthOf)) + TICK + GAP);
  const bottom = Math.ceil(height - (TICK + GAP + font + GAP + font * 1.2 + 2));
  const top = Math.ceil(font * 0.6);
  // Room on the right for half of a label at a tick on the plot's edge: the ticks are found for a first
  // guess of the plot's width, then again for the width their labels leave.
  const rightFor = (ticks: { values: number[]; step: number }) =>
    Math.floor(width - Math.max(GAP, Math.max(...ticks.values.map((v) => widthOf(tickLabel(v, ticks.step)))) / 2 + 2));
  const firstGuess = fittingTicks(xMin, xMax, width - GAP * 4 - left);
  const right = rightFor(firstGuess);
  const xTicksRaw = fittingTicks(xMin, xMax, right - left);

  const px = (value: number) => left + ((value - xMin) / (xMax - xMin)) * (right - left);
  const py = (value: number) => bottom - ((value - yTicksRaw.min) / (yTicksRaw.max - yTicksRaw.min)) * (bottom - top);
  return {
    width,
    height,
    plot: { left, right, top, bottom },
    x: { min: xMin, max: xMax },
    y: { min: yTicksRaw.min, max: yTicksRaw.max },
    xTicks: xTicksRaw.values.map((value) => ({ value, label: tickLabel(value, xTicksRaw.step), at: tenth(px(value)) })),
    yTicks: yTicksRaw.values.map((value, index) => ({ value, label: yLabels[index] as string, at: tenth(py(value)) })),
    lines: series.map((line) => chartLine(line, px, py)),
  };
}

/** A line as an SVG polyline's `points`: "x,y x,y …". */
export const polylinePoints = (line: readonly [number, number][]): string =>
  line.map(([x, y]) => `${x},${y}`).join(' ');

/**
 * Which of `count` points a table of at most `max` rows shows: evenly spaced, the first and the last among
 * them; all of them when they fit.
 */
export function sampledIndexes(count: number, max: number): number[] {
  if (count <= max) return Array.from({ length: count }, (_, index) => index);
  return [...new Set(Array.from({ length: max }, (_, row) => Math.round((row * (count - 1)) / (max - 1))))];
}
