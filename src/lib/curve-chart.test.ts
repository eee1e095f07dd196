import { describe, expect, test } from 'vitest';
import { CHART, chartLayout, niceTicks, sampledIndexes, thinLine, tickLabel } from './curve-chart.ts';

describe('niceTicks', () => {
  test('steps of 1, 2 or 5 times a power of ten, the range widened to them', () => {
    expect(niceTicks(0, 96.7, 6)).toEqual({ min: 0, max: 100, step: 20, values: [0, 20, 40, 60, 80, 100] });
    expect(niceTicks(0, 0.687, 6).values).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
    expect(niceTicks(-3.2, 4.1, 5).values).toEqual([-4, -2, 0, 2, 4, 6]);
  });

  test('inside the range only, when not extended; no floating-point tails', () => {
    expect(niceTicks(401.5, 408.5, 7, false).values).toEqual([402, 403, 404, 405, 406, 407, 408]);
    expect(niceTicks(0, 0.7, 8, false).values).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]);
  });

  test('a value just past a round number keeps the axis there; never many more ticks than asked for', () => {
    expect(niceTicks(0, 100.11, 6).values).toEqual([0, 20, 40, 60, 80, 100]);
    expect(niceTicks(0, 0.687, 6).values.length).toBeLessThanOrEqual(7);
    expect(niceTicks(0, 568.6, 6).values).toEqual([0, 100, 200, 300, 400, 500, 600]);
  });

  test('a single value gets a range around it', () => {
    const ticks = niceTicks(5, 5, 5);
    expect(ticks.min).toBeLessThan(5);
    expect(ticks.max).toBeGreaterThan(5);
  });
});

describe('tickLabel', () => {
  test('as many decimals as the step needs, and powers of ten far from 1', () => {
    expect(tickLabel(400, 100)).toBe('400');
    expect(tickLabel(0.2, 0.1)).toBe('0.2');
    expect(tickLabel(0.25, 0.05)).toBe('0.25');
    expect(tickLabel(0, 0.1)).toBe('0');
    expect(tickLabel(2_000_000, 1_000_000)).toBe('2e6');
    expect(tickLabel(0.00002, 0.00001)).toBe('2e-5');
    expect(tickLabel(1.5e7, 5e6)).toBe('1.5e7');
  });
});

describe('thinLine', () => {
  test('keeps the ends and the bends, drops points on a straight line', () => {
    const line: [number, number][] = [
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 0],
      [5, -3],
    ];
    expect(thinLine(line, 0.1)).toEqual([
      [0, 0],
      [3, 3],
      [5, -3],
    ]);
  });
});

describe('sampledIndexes', () => {
  test('every point when they fit, else evenly spaced with the first and the last', () => {
    expect(sampledIndexes(3, 21)).toEqual([0, 1, 2]);
    const sample = sampledIndexes(201, 21);
    expect(sample).toHaveLength(21);
    expect(sample[0]).toBe(0);
    expect(sample.at(-1)).toBe(200);
    expect(sample[1]).toBe(10);
  });
});

describe('chartLayout', () => {
  const x = Array.from({ length: 351 }, (_, i) => 400 + i * 2);
  const series = [
    { x, y: x.map((nm) => 95 / (1 + Math.exp(-(nm - 534.5) / 2))) },
    { x, y: x.map((nm) => 50 + 10 * Math.sin(nm / 20)) },
  ];
  const layout = chartLayout(series);

  test('a plot inside the chart, with room for the labels on the left and below', () => {
    const { left, right, top, bottom } = layout.plot;
    expect(left).toBeGreaterThan(CHART.font * 2);
    expect(right).toBeLessThan(CHART.width);
    expect(top).toBeGreaterThan(0);
    expect(CHART.height - bottom).toBeGreaterThan(CHART.font * 2.2);
    expect(layout.x).toEqual({ min: 400, max: 1100 });
    expect(layout.y).toEqual({ min: 0, max: 100 });
  });

  test('ticks at round numbers, in order along their axes, the y axis from zero', () => {
    expect(layout.yTicks.map((tick) => tick.label)).toEqual(['0', '20', '40', '60', '80', '100']);
    expect(layout.yTicks[0]?.at).toBe(layout.plot.bottom);
    expect(layout.yTicks.at(-1)?.at).toBe(layout.plot.top);
    const labels = layout.xTicks.map((tick) => Number(tick.label));
    expect(labels.every((value) => value % 100 === 0 && value >= 400 && value <= 1100)).toBe(true);
    expect(layout.xTicks.length).toBeGreaterThanOrEqual(3);
    // Side by side at the phone's text size, with room between them.
    const apart = (layout.xTicks[1]?.at ?? 0) - (layout.xTicks[0]?.at ?? 0);
    expect(apart).toBeGreaterThan(4 * 0.58 * CHART.font);
  });

  test('each series a line inside the plot, its ends at the data’s ends, thinned where straight', () => {
    const { left, right, top, bottom } = layout.plot;
    for (const line of layout.lines) {
      expect(line[0]?.[0]).toBe(left);
      expect(line.at(-1)?.[0]).toBe(right);
      expect(line.length).toBeLessThan(x.length / 2);
      for (const [px, py] of line) {
        expect(px).toBeGreaterThanOrEqual(left);
        expect(px).toBeLessThanOrEqual(right);
        expect(py).toBeGreaterThanOrEqual(top);
        expect(py).toBeLessThanOrEqual(bottom);
        expect(Math.round(px * 10)).toBe(px * 10);
      }
    }
  });

  test('negative values take the range below zero; a flat series still has a range', () => {
    const below = chartLayout([{ x: [0, 1, 2], y: [-5, -1, -3] }]);
    expect(below.y.max).toBe(0);
    expect(below.y.min).toBeLessThanOrEqual(-5);
    const flat = chartLayout([{ x: [0, 1], y: [0, 0] }]);
    expect(flat.y.max).toBeGreaterThan(flat.y.min);
  });
});
