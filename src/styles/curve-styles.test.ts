import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { CURVE_LIMITS } from '#api/curves.ts';
import { CHART_COLOURS, SERIES_STYLES } from '#lib/curve-styles.ts';

// The styles of a chart's series (curves.css): one for each series a curve may have, each line at least 3:1
// against the page (WCAG 1.4.11, graphics), and each its own dash, for readers who do not tell the colours
// apart and for paper in grey; the same as a datasheet draws them (SERIES_STYLES).

const css = readFileSync(new URL('./curves.css', import.meta.url), 'utf8');
const styles = [...css.matchAll(/\.curve-s(\d)\s*\{([^}]*)\}/g)].map(([, index, body]) => ({
  index: Number(index),
  stroke: /stroke:\s*(#[0-9a-f]{6})/i.exec(body ?? '')?.[1] ?? '',
  dash: /stroke-dasharray:\s*([^;]+);/.exec(body ?? '')?.[1]?.trim() ?? 'none',
  round: /stroke-linecap:\s*round/.test(body ?? ''),
}));

/** WCAG's relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

test('a style for each series a curve may have, each line 3:1 or more against the page, each its own dash', () => {
  expect(styles.map((style) => style.index)).toEqual(Array.from({ length: CURVE_LIMITS.series }, (_, i) => i));
  for (const { index, stroke } of styles)
    expect(contrast(stroke, '#ffffff'), `.curve-s${index}`).toBeGreaterThanOrEqual(3);
  expect(new Set(styles.map((style) => style.dash)).size).toBe(styles.length);
  expect(new Set(styles.map((style) => style.stroke)).size).toBe(styles.length);
});

test('the stylesheet draws each series as a datasheet does (SERIES_STYLES)', () => {
  expect(styles).toEqual(
    SERIES_STYLES.map((style, index) => ({
      index,
      stroke: style.stroke,
      dash: style.dash.length > 0 ? style.dash.join(' ') : 'none',
      round: style.round === true,
    })),
  );
});

test('a datasheet’s grid and frame are in the page’s --line and --muted', () => {
  const global = readFileSync(new URL('./global.css', import.meta.url), 'utf8');
  expect(/--line:\s*(#[0-9a-f]{6})/i.exec(global)?.[1]).toBe(CHART_COLOURS.grid);
  expect(/--muted:\s*(#[0-9a-f]{6})/i.exec(global)?.[1]).toBe(CHART_COLOURS.frame);
});
