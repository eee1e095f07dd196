// A TrueType font (glyf outlines) read for a PDF: which glyph a character has, how wide it is, and a
// subset holding only the glyphs one document uses, to embed as a CIDFontType2 (fonts.ts). Reads the
// tables in place from the font's bytes: opening a 10 MB CJK font takes no parse of its 30,000 glyphs.

/** A font's metrics for the PDF font descriptor, in its own units (`unitsPerEm` to the em). */
interface FontMetrics {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  capHeight: number;
  bbox: [number, number, number, number];
  italicAngle: number;
}

export interface TrueTypeFont {
  /** The PostScript name (name ID 6), e.g. `NotoSansSC-Regular`. */
  readonly postScriptName: string;
  readonly metrics: FontMetrics;
  /** The glyph of a Unicode code point, 0 (.notdef) when the font has none (or no character map, as a subset). */
  glyphOf(codePoint: number): number;
  /** A glyph's advance width in font units. */
  advance(glyph: number): number;
  /**
   * A font of just these glyphs, renumbered in the order given (glyph 0 first, .notdef), with the parts of a
   * composite glyph appended after them: the tables a PDF reader draws with (head, hhea, maxp, hmtx, loca,
   * glyf, and the hinting tables when the font has them), no cmap, names or layout tables.
   */
  subset(glyphs: readonly number[]): Uint8Array<ArrayBuffer>;
}

type Tables = Map<string, { offset: number; length: number }>;

/** Reads a TrueType font's table directory and character map; glyphs are read when asked for. */
export function readTrueType(file: Uint8Array): TrueTypeFont {
  // A plain view, whose slice() copies (a Buffer's shares its memory).
  const bytes = new Uint8Array(file.buffer, file.byteOffset, file.byteLength);
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = data.getUint32(0);
  if (version !== 0x00010000 && version !== 0x74727565) {
    throw new Error('Not a TrueType font (an OpenType font with CFF outlines, a collection or a web font?)');
  }
  const tables: Tables = new Map();
  for (let i = 0, count = data.getUint16(4); i < count; i++) {
    const record = 12 + 16 * i;
    const tag = String.fromCharCode(...bytes.subarray(record, record + 4));
    tables.set(tag, { offset: data.getUint32(record + 8), length: data.getUint32(record + 12) });
  }
  const table = (tag: string) => {
    const found = tables.get(tag);
    if (!found) throw new Error(`The font has no ${tag} table`);
    return found.offset;
  };
  const head = table('head');
  const hhea = table('hhea');
  const hmtx = table('hmtx');
  const loca = table('loca');
  const glyf = table('glyf');
  const longLoca = data.getInt16(head + 50) === 1;
  const glyphCount = data.getUint16(table('maxp') + 4);
  const hMetrics = data.getUint16(hhea + 34);
  const os2 = tables.get('OS/2')?.offset;
  const post = tables.get('post')?.offset;

  const metrics: FontMetrics = {
    unitsPerEm: data.getUint16(head + 18),
    // The typographic ascent and descent (OS/2), where a CJK font keeps its em box; the line's (hhea) else.
    ascent: os2 !== undefined ? data.getInt16(os2 + 68) : data.getInt16(hhea + 4),
    descent: os2 !== undefined ? data.getInt16(os2 + 70) : data.getInt16(hhea + 6),
    // sCapHeight is in OS/2 from version 2; before it, the ascent stands in.
    capHeight: os2 !== undefined && data.getUint16(os2) >= 2 ? data.getInt16(os2 + 88) : data.getInt16(hhea + 4),
    bbox: [data.getInt16(head + 36), data.getInt16(head + 38), data.getInt16(head + 40), data.getInt16(head + 42)],
    italicAngle: post === undefined ? 0 : data.getInt32(post + 4) / 65536,
  };

  const glyphRange = (glyph: number): [number, number] =>
    longLoca
      ? [glyf + data.getUint32(loca + 4 * glyph), glyf + data.getUint32(loca + 4 * glyph + 4)]
      : [glyf + 2 * data.getUint16(loca + 2 * glyph), glyf + 2 * data.getUint16(loca + 2 * glyph + 2)];
  const advance = (glyph: number) => data.getUint16(hmtx + 4 * Math.min(glyph, hMetrics - 1));
  const leftBearing = (glyph: number) =>
    glyph < hMetrics
      ? data.getInt16(hmtx + 4 * glyph + 2)
      : data.getInt16(hmtx + 4 * hMetrics + 2 * (glyph - hMetrics));

  return {
    postScriptName: postScriptName(bytes, data, tables.get('name')?.offset) ?? 'Embedded',
    metrics,
    glyphOf: tables.has('cmap') ? characterMap(data, table('cmap')) : () => 0,
    advance: (glyph) => (glyph < glyphCount ? advance(glyph) : 0),
    subset(glyphs) {
      const order = [...glyphs];
      const newIndex = new Map<number, number>();
      const indexOf = (glyph: number) => {
        let index = newIndex.get(glyph);
        if (index === undefined) {
          index = order.length;
          order.push(glyph);
          newIndex.set(glyph, index);
        }
        return index;
      };
      // The first occurrence of a glyph stands for it in composites; a glyph listed twice is copied twice.
      order.forEach((glyph, index) => {
        if (!newIndex.has(glyph)) newIndex.set(glyph, index);
      });
      const outlines: Uint8Array[] = [];
      // `order` grows as composites name their parts.
      for (let index = 0; index < order.length; index++) {
        const glyph = order[index] as number;
        const [start, end] = glyph < glyphCount ? glyphRange(glyph) : [0, 0];
        // A composite's copy has its parts renumbered; a simple glyph is copied as it is, once, below.
        const composite = end - start >= 10 && data.getInt16(start) < 0;
        outlines.push(composite ? renumberComponents(bytes.slice(start, end), indexOf) : bytes.subarray(start, end));
      }
      const count = order.length;
      const locaTable = new DataView(new ArrayBuffer(4 * (count + 1)));
      let glyfLength = 0;
      outlines.forEach((outline, index) => {
        locaTable.setUint32(4 * index, glyfLength);
        glyfLength += (outline.length + 3) & ~3;
      });
      locaTable.setUint32(4 * count, glyfLength);
      const glyfTable = new Uint8Array(glyfLength);
      let at = 0;
      for (const outline of outlines) {
        glyfTable.set(outline, at);
        at += (outline.length + 3) & ~3;
      }
      const hmtxTable = new DataView(new ArrayBuffer(4 * count));
      order.forEach((glyph, index) => {
        hmtxTable.setUint16(4 * index, glyph < glyphCount ? advance(glyph) : 0);
        hmtxTable.setInt16(4 * index + 2, glyph < glyphCount ? leftBearing(glyph) : 0);
      });
      const copy = (tag: string) => {
        const found = tables.get(tag);
        return found ? bytes.slice(found.offset, found.offset + found.length) : undefined;
      };
      const headTable = copy('head') as Uint8Array<ArrayBuffer>;
      const headView = new DataView(headTable.buffer);
      headView.setUint32(8, 0); // checkSumAdjustment, set below
      headView.setInt16(50, 1); // long loca
      const hheaTable = copy('hhea') as Uint8Array<ArrayBuffer>;
      new DataView(hheaTable.buffer).setUint16(34, count);
      const maxpTable = copy('maxp') as Uint8Array<ArrayBuffer>;
      new DataView(maxpTable.buffer).setUint16(4, count);
      const parts: [string, Uint8Array | undefined][] = [
        ['cvt ', copy('cvt ')],
        ['fpgm', copy('fpgm')],
        ['glyf', glyfTable],
        ['head', headTable],
        ['hhea', hheaTable],
        ['hmtx', new Uint8Array(hmtxTable.buffer)],
        ['loca', new Uint8Array(locaTable.buffer)],
        ['maxp', maxpTable],
        ['prep', copy('prep')],
      ];
      return writeSfnt(parts.filter((part): part is [string, Uint8Array] => part[1] !== undefined));
    },
  };
}

/** A composite glyph's copy with each part's glyph index renumbered. */
function renumberComponents(outline: Uint8Array<ArrayBuffer>, indexOf: (glyph: number) => number) {
  const view = new DataView(outline.buffer, outline.byteOffset, outline.byteLength);
  let at = 10;
  for (;;) {
    const flags = view.getUint16(at);
    view.setUint16(at + 2, indexOf(view.getUint16(at + 2)));
    at += 4 + (flags & 0x0001 ? 4 : 2); // ARG_1_AND_2_ARE_WORDS
    if (flags & 0x0008)
      at += 2; // WE_HAVE_A_SCALE
    else if (flags & 0x0040)
      at += 4; // WE_HAVE_AN_X_AND_Y_SCALE
    else if (flags & 0x0080) at += 8; // WE_HAVE_A_TWO_BY_TWO
    if (!(flags & 0x0020)) return outline; // MORE_COMPONENTS
  }
}

/** The lookup of the best Unicode subtable: format 12 (all planes) before format 4 (the BMP). */
function characterMap(data: DataView, cmap: number): (codePoint: number) => number {
  let format4: number | undefined;
  for (let i = 0, count = data.getUint16(cmap + 2); i < count; i++) {
    const platform = data.getUint16(cmap + 4 + 8 * i);
    const encoding = data.getUint16(cmap + 6 + 8 * i);
    const sub = cmap + data.getUint32(cmap + 8 + 8 * i);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    const format = data.getUint16(sub);
    if (format === 12) return format12(data, sub);
    if (format === 4) format4 ??= sub;
  }
  if (format4 === undefined) throw new Error('The font has no Unicode character map');
  return format4Lookup(data, format4);
}

function format12(data: DataView, sub: number): (codePoint: number) => number {
  const groups = data.getUint32(sub + 12);
  return (codePoint) => {
    let low = 0;
    let high = groups - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const group = sub + 16 + 12 * mid;
      if (codePoint < data.getUint32(group)) high = mid - 1;
      else if (codePoint > data.getUint32(group + 4)) low = mid + 1;
      else return data.getUint32(group + 8) + codePoint - data.getUint32(group);
    }
    return 0;
  };
}

function format4Lookup(data: DataView, sub: number): (codePoint: number) => number {
  const segments = data.getUint16(sub + 6) / 2;
  const ends = sub + 14;
  const starts = ends + 2 * segments + 2;
  const deltas = starts + 2 * segments;
  const rangeOffsets = deltas + 2 * segments;
  return (codePoint) => {
    if (codePoint > 0xffff) return 0;
    let low = 0;
    let high = segments - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (codePoint > data.getUint16(ends + 2 * mid)) low = mid + 1;
      else if (codePoint < data.getUint16(starts + 2 * mid)) high = mid - 1;
      else {
        const rangeOffset = data.getUint16(rangeOffsets + 2 * mid);
        const delta = data.getInt16(deltas + 2 * mid);
        if (rangeOffset === 0) return (codePoint + delta) & 0xffff;
        const at = rangeOffsets + 2 * mid + rangeOffset + 2 * (codePoint - data.getUint16(starts + 2 * mid));
        const glyph = data.getUint16(at);
        return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
      }
    }
    return 0;
  };
}

/** Name ID 6 from a Windows (UTF-16BE) or Macintosh (Roman) record. */
function postScriptName(bytes: Uint8Array, data: DataView, name: number | undefined): string | undefined {
  if (name === undefined) return undefined;
  const strings = name + data.getUint16(name + 4);
  for (let i = 0, count = data.getUint16(name + 2); i < count; i++) {
    const record = name + 6 + 12 * i;
    if (data.getUint16(record + 6) !== 6) continue;
    const platform = data.getUint16(record);
    const start = strings + data.getUint16(record + 10);
    const raw = bytes.subarray(start, start + data.getUint16(record + 8));
    const text =
      platform === 3
        ? String.fromCharCode(
            ...Array.from({ length: raw.length >> 1 }, (_, j) => ((raw[2 * j] ?? 0) << 8) | (raw[2 * j + 1] ?? 0)),
          )
        : String.fromCharCode(...raw);
    // A PDF name takes these characters as they are.
    if (/^[\x21-\x7e]+$/.test(text) && !/[()<>[\]{}/%#]/.test(text)) return text;
  }
  return undefined;
}

/** The font file around its tables (given sorted by tag), with their checksums and the head's adjustment. */
function writeSfnt(parts: [string, Uint8Array][]): Uint8Array<ArrayBuffer> {
  const count = parts.length;
  const entrySelector = Math.floor(Math.log2(count));
  let length = 12 + 16 * count;
  for (const [, part] of parts) length += (part.length + 3) & ~3;
  const out = new Uint8Array(length);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x00010000);
  view.setUint16(4, count);
  view.setUint16(6, 16 * 2 ** entrySelector);
  view.setUint16(8, entrySelector);
  view.setUint16(10, 16 * count - 16 * 2 ** entrySelector);
  let at = 12 + 16 * count;
  let headAt = -1;
  parts.forEach(([tag, part], index) => {
    const record = 12 + 16 * index;
    for (let c = 0; c < 4; c++) out[record + c] = tag.charCodeAt(c);
    out.set(part, at);
    view.setUint32(record + 4, checksum(view, at, part.length));
    view.setUint32(record + 8, at);
    view.setUint32(record + 12, part.length);
    if (tag === 'head') headAt = at;
    at += (part.length + 3) & ~3;
  });
  if (headAt >= 0) view.setUint32(headAt + 8, (0xb1b0afba - checksum(view, 0, length)) >>> 0);
  return out;
}

function checksum(view: DataView, start: number, length: number): number {
  let sum = 0;
  const end = start + ((length + 3) & ~3);
  for (let at = start; at < end; at += 4) sum = (sum + view.getUint32(at)) >>> 0;
  return sum;
}
