import { inflateSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { curveDrawing } from './curve-drawing.ts';
import { type PdfBlock, renderPdf, type TextFit } from './pdf.ts';

const x = [400, 450, 500, 550, 600, 650, 700];
const series = (offset: number) => ({ x, y: x.map((nm) => 40 + offset + 5 * Math.sin(nm / 30)) });
const figure = {
  title: 'Transmission at 45°',
  xTitle: 'Wavelength (nm)',
  yTitle: 'Transmission (%)',
  legend: [] as string[],
  series: [series(0)],
};

/** Text half an em wide a character, broken where a line is full. */
const fit: TextFit = {
  width: (text, size) => text.length * size * 0.5,
  lines: (text, size, width) => {
    const each = Math.floor(width / (size * 0.5));
    return Array.from({ length: Math.ceil(text.length / each) }, (_, i) => text.slice(i * each, (i + 1) * each));
  },
};

const heightOf = (block: PdfBlock) => {
  if (block.kind !== 'drawing' || typeof block.height === 'number') throw new Error('a drawing measuring its text');
  return block.height(fit);
};

/** The pages' content streams of a document of one drawing, inflated. */
function page(block: PdfBlock): string {
  const bytes = Buffer.from(renderPdf({ title: 'T', blocks: [block] }));
  return [...bytes.toString('latin1').matchAll(/<< \/Length (\d+) \/Filter \/FlateDecode >>\nstream\n/g)]
    .map((match) => {
      const start = (match.index ?? 0) + match[0].length;
      return inflateSync(bytes.subarray(start, start + Number(match[1]))).toString('latin1');
    })
    .join('\n');
}

describe('curveDrawing', () => {
  test('is as tall as its caption, the chart and its legend, a line more for each that wraps', () => {
    const one = heightOf(curveDrawing(figure));
    expect(one).toBeGreaterThan(240);
    expect(one).toBeLessThan(300);
    expect(heightOf(curveDrawing({ ...figure, title: 'A caption longer than the chart is wide. '.repeat(3) }))).toBe(
      one + 12.5,
    );
    const two = { ...figure, legend: ['s-polarized', 'p-polarized'], series: [series(0), series(5)] };
    expect(heightOf(curveDrawing(two))).toBe(one + 4 + 12);
    const eight = {
      ...figure,
      legend: Array.from({ length: 8 }, (_, i) => `Channel ${i + 1}, ${365 + 50 * i} nm`),
      series: Array.from({ length: 8 }, (_, i) => series(i)),
    };
    expect(heightOf(curveDrawing(eight))).toBeGreaterThan(one + 4 + 2 * 12);
  });

  test('draws each series in its own colour and dash, and only the legend’s keys outside the chart’s units', () => {
    const two = { ...figure, legend: ['s-polarized', 'p-polarized'], series: [series(0), series(5)] };
    const stream = page(curveDrawing(two));
    expect(stream.match(/ cm$/gm)).toHaveLength(1);
    expect(stream.match(/^0\.11 0\.31 0\.54 RG$/gm)).toHaveLength(2); // the line and its key
    expect(stream.match(/^\[6 3\] 0 d$/gm)).toHaveLength(1); // along the chart's line, 1.5 units wide
    expect(stream.match(/^\[4\.8 2\.4\] 0 d$/gm)).toHaveLength(1); // along the key, 1.2 pt wide
    expect(stream).toContain('(s-polarized) Tj');
    expect(stream).toContain('(p-polarized) Tj');
  });

  test('sets an axis title longer than its side of the plot smaller, and no legend for one series', () => {
    const yTitle = 'Relative spectral irradiance at 50 cm from the source (mW m^-2 nm^-1)';
    const stream = page(curveDrawing({ ...figure, yTitle }));
    const size = Number(/\/F2 ([\d.]+) Tf 0 1 -1 0 /.exec(stream)?.[1]);
    expect(size).toBeLessThan(8.5);
    expect(size).toBeGreaterThanOrEqual(6);
    expect(stream).toMatch(/\/F2 8\.5 Tf [\d.]+ [\d.]+ Td \(Wavelength \\\(nm\\\)\) Tj/);
    expect(stream).not.toMatch(/^0\.11 0\.31 0\.54 RG$(?:[\s\S]*)^0\.11 0\.31 0\.54 RG$/m);
  });
});
