import * as v from 'valibot';

// A product's performance curves (issue 40, decision 0073): what each shows, the limits of what editors save,
// and a curve as the product calls answer it. The editors' shape, checked against these limits, is in
// editor-fields.ts; the chart's geometry in src/lib/curve-chart.ts.

/**
 * What a curve shows. A category's comparison overlays the curves of one kind, so like goes with like:
 * transmission and reflectance (% against wavelength), a light source's or laser's spectrum, a detector's
 * responsivity (A/W), a laser's output power against its drive current, a sensor's quantum efficiency.
 */
export const CURVE_KINDS = [
  'transmission',
  'reflectance',
  'spectrum',
  'responsivity',
  'power-current',
  'quantum-efficiency',
] as const;
export type CurveKind = (typeof CURVE_KINDS)[number];

/**
 * How much a product's curves may hold. A series has from 2 to `points` points; a product's curves
 * `productPoints` in all, which keeps a save well under the API's 1 MB body and a product's record (held
 * by the build in both languages) small. Every value is finite and within ±`magnitude`.
 */
export const CURVE_LIMITS = {
  curves: 6,
  series: 8,
  points: 2000,
  productPoints: 20_000,
  magnitude: 1e15,
} as const;

/** An axis in one language: its name, and its unit ('' for none). */
const Axis = v.object({ name: v.string(), unit: v.string() });

/**
 * A curve in the request's language (a Chinese text left empty reads the English): its kind, title and axes,
 * and one or more series, each a name ('' when the curve has one series) and its points as two lists of the
 * same length, `x` increasing from each point to the next.
 */
export const Curve = v.object({
  kind: v.picklist(CURVE_KINDS),
  title: v.string(),
  xAxis: Axis,
  yAxis: Axis,
  series: v.array(v.object({ name: v.string(), x: v.array(v.number()), y: v.array(v.number()) })),
});
export type Curve = v.InferOutput<typeof Curve>;
