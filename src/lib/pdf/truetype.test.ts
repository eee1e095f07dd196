import { describe, expect, test } from 'vitest';
import { notoSansSc } from './noto-sans-sc.ts';
import { readTrueType } from './truetype.ts';

/** Big-endian bytes of 16-bit values. */
const u16 = (...values: number[]) => values.flatMap((v) => [(v >> 8) & 0xff, v & 0xff]);

/** A simple glyph of one point, its x coordinate telling it apart. */
const simple = (x: number) => [...u16(1, 0, 0, 100, 100), ...u16(0, 0), 0x01, ...u16(x, 0), 0];

/**
 * A font of four glyphs: .notdef, A and B (simple), and C, a composite of B and A (the second part scaled),
 * with a format 4 character map, short loca and two horizontal metrics (the last one shared).
 */
function tinyFont(): Uint8Array {
  const glyphs = [
    [],
    simple(0x111),
    simple(0x222),
    [
      ...u16(0xffff, 0, 0, 100, 100),
      ...u16(0x0023, 2, 10, 20), // ARG_1_AND_2_ARE_WORDS | ARGS_ARE_XY_VALUES | MORE_COMPONENTS, glyph 2
      ...u16(0x000b, 1, 30, 40, 0x2000), // … | WE_HAVE_A_SCALE, glyph 1, scale 0.5
    ],
  ];
  const loca: number[] = [0];
  for (const glyph of glyphs) loca.push((loca.at(-1) as number) + glyph.length);
  const head = new Array(54).fill(0);
  head.splice(18, 2, ...u16(1000));
  head.splice(50, 2, ...u16(0)); // short loca
  const hhea = new Array(36).fill(0);
  hhea.splice(4, 4, ...u16(800, -200 & 0xffff));
  hhea.splice(34, 2, ...u16(2));
  const cmap = [
    ...u16(0, 1, 3, 1, 0, 12), // version, one table: Windows Unicode BMP at 12
    ...u16(4, 32, 0, 4, 4, 1, 0), // format 4, length, language, 2 segments
    ...u16(0x43, 0xffff, 0, 0x41, 0xffff, 0xffc0 /* -0x40 */, 1, 0, 0),
  ];
  const tables: [string, number[]][] = [
    ['cmap', cmap],
    ['glyf', glyphs.flat()],
    ['head', head],
    ['hhea', hhea],
    ['hmtx', [...u16(500, 0, 600, 10), ...u16(20, 30)]],
    ['loca', u16(...loca.map((offset) => offset / 2))],
    ['maxp', [...u16(0, 0x5000), ...u16(glyphs.length)]],
  ];
  const out: number[] = [...u16(1, 0, tables.length, 0, 0, 0)];
  let offset = 12 + 16 * tables.length;
  for (const [tag, data] of tables) {
    out.push(
      ...[...tag].map((c) => c.charCodeAt(0)),
      0,
      0,
      0,
      0,
      ...u16(offset >> 16, offset & 0xffff),
      ...u16(0, data.length),
    );
    offset += (data.length + 3) & ~3;
  }
  for (const [, data] of tables) out.push(...data, ...new Array(((data.length + 3) & ~3) - data.length).fill(0));
  return Uint8Array.from(out);
}

describe('readTrueType', () => {
  const bytes = tinyFont();
  const font = readTrueType(bytes);

  test('finds each character’s glyph and width', () => {
    expect(['A', 'B', 'C', 'D'].map((c) => font.glyphOf(c.charCodeAt(0)))).toEqual([1, 2, 3, 0]);
    expect([0, 1, 2, 3].map((glyph) => font.advance(glyph))).toEqual([500, 600, 600, 600]);
    expect(font.metrics).toMatchObject({ unitsPerEm: 1000, ascent: 800, descent: -200 });
  });

  test('subsets the glyphs asked for in their order, a composite’s parts after them, renumbered', () => {
    const before = Uint8Array.from(bytes);
    const subset = readTrueType(font.subset([0, 3]));
    // .notdef, C, then C's parts B and A: four glyphs, with C's references to 2 and 1 now 2 and 3.
    expect([0, 1, 2, 3].map((glyph) => subset.advance(glyph))).toEqual([500, 600, 600, 600]);
    const program = font.subset([0, 3]);
    const view = new DataView(program.buffer);
    const table = (tag: string) => {
      for (let i = 0; i < view.getUint16(4); i++) {
        const at = 12 + 16 * i;
        if (String.fromCharCode(...program.subarray(at, at + 4)) === tag) return view.getUint32(at + 8);
      }
      throw new Error(tag);
    };
    const glyf = table('glyf');
    const loca = table('loca');
    expect(view.getUint16(table('maxp') + 4)).toBe(4);
    expect(view.getInt16(table('head') + 50)).toBe(1); // long loca
    const composite = glyf + view.getUint32(loca + 4);
    expect(view.getInt16(composite)).toBe(-1);
    expect(view.getUint16(composite + 12)).toBe(2); // B is glyph 2 of the subset
    expect(view.getUint16(composite + 12 + 8)).toBe(3); // A is glyph 3
    const third = glyf + view.getUint32(loca + 12);
    expect(view.getUint16(third + 15)).toBe(0x111); // A's own point
    // The font it was made from is as it was.
    expect(bytes).toEqual(before);
  });

  test('copies a glyph once for each time it is listed (two characters that share a glyph)', () => {
    const subset = readTrueType(font.subset([0, 1, 1, 2]));
    expect([0, 1, 2, 3].map((glyph) => subset.advance(glyph))).toEqual([500, 600, 600, 600]);
  });

  test('refuses a font with CFF outlines or a web font', () => {
    expect(() => readTrueType(Uint8Array.from([0x4f, 0x54, 0x54, 0x4f, 0, 0]))).toThrow(/Not a TrueType font/);
    expect(() => readTrueType(Uint8Array.from([0x77, 0x4f, 0x46, 0x32, 0, 0]))).toThrow(/Not a TrueType font/);
  });
});

describe('Noto Sans SC from its package', () => {
  test('opens once and has the Chinese and Latin characters datasheets use', () => {
    const shared = notoSansSc();
    expect(notoSansSc()).toBe(shared);
    for (const char of '半导体激光模块，（）、。LS-405-50 µm ± × ° ²')
      expect(shared.has(char.codePointAt(0) as number), char).toBe(true);
    expect(shared.width('中'.codePointAt(0) as number)).toBe(1000);
  });
});
