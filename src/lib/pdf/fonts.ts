import { deflate, type PdfFile } from './file.ts';
import type { TrueTypeFont } from './truetype.ts';
import { type Helvetica, SUBSTITUTES, toWinAnsi, winAnsiUnits } from './winansi.ts';

// The fonts a document's text is set in. A font prepares text for itself (what it cannot show is spelt
// out or replaced), measures it, gives the string a content stream shows, and writes its objects once
// the pages are laid out. Helvetica is the reader's own; an embedded font carries the glyphs its
// document used and no others.

export interface PdfFont {
  /** The name content streams select it by, e.g. `F1`. */
  readonly resource: string;
  /** The text as this font will show it: what it lacks spelt out (cm⁻¹ → cm^-1) or replaced by '?'. */
  prepare(text: string): string;
  /** The width of prepared text in thousandths of the font size. */
  units(text: string): number;
  /** The string operand of `Tj` for prepared text. */
  operand(text: string): string;
  /** Writes the font's dictionary as object `ref`, with what it refers to, once every page is drawn. */
  write(file: PdfFile, ref: number): void;
}

/** A font as text is drawn with it: bold by stroking the outlines too (`embolden`) when it has no bold of its own. */
export interface FontFace {
  font: PdfFont;
  embolden: boolean;
}

/** The faces a document's text is set in. */
export interface Typeface {
  regular: FontFace;
  bold: FontFace;
}

const literal = (text: string) => `(${text.replace(/[\\()]/g, '\\$&')})`;

/** Helvetica or Helvetica-Bold in WinAnsiEncoding, not embedded. */
export function helvetica(weight: Helvetica, resource: string): PdfFont {
  const name = weight === 'bold' ? 'Helvetica-Bold' : 'Helvetica';
  return {
    resource,
    prepare: toWinAnsi,
    units: (text) => winAnsiUnits(text, weight),
    operand: literal,
    write: (file, ref) => {
      file.set(ref, `<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`);
    },
  };
}

const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾';
const SUBSCRIPTS = '₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎';
const PLAIN = '0123456789+-=()';

/** A subset's font program, compressed, and its glyphs: those of the font, ascending, after .notdef. */
export interface SubsetProgram {
  glyphs: readonly number[];
  /** The program's length before compression (the stream's /Length1). */
  length: number;
  deflated: Uint8Array;
}

/**
 * How many subsets' programs a thread keeps for the documents after it: documents of products of one family,
 * made one after another (the downloads go in the order of their addresses), use the same glyphs.
 */
const KEPT_PROGRAMS = 64;

/**
 * A TrueType font opened once (per thread: a CJK font is 10 MB) and shared by every document set in it,
 * with the widths it was asked for and the last subsets' programs. `embedded` makes each document's own
 * subset of it.
 */
export class SharedFont {
  private readonly widths = new Map<number, number>();
  private readonly programs = new Map<string, SubsetProgram>();
  private readonly scale: number;
  readonly font: TrueTypeFont;

  constructor(font: TrueTypeFont) {
    this.font = font;
    this.scale = 1000 / font.metrics.unitsPerEm;
  }

  has(codePoint: number): boolean {
    return this.font.glyphOf(codePoint) !== 0;
  }

  /** A character's width in thousandths of the font size (0 for one it lacks). */
  width(codePoint: number): number {
    let width = this.widths.get(codePoint);
    if (width === undefined) {
      width = Math.round(this.font.advance(this.font.glyphOf(codePoint)) * this.scale);
      this.widths.set(codePoint, width);
    }
    return width;
  }

  /** The text with what the font lacks spelt out: superscripts as ^-1, subscripts as digits, symbols as words. */
  prepare(text: string): string {
    let prepared = text.replace(/[^\S\n]/g, ' ').replace(/[\p{Cc}\p{Cf}]/gu, (char) => (char === '\n' ? char : ''));
    let complete = true;
    for (const char of prepared) {
      if (char !== '\n' && !this.has(char.codePointAt(0) as number)) {
        complete = false;
        break;
      }
    }
    if (complete) return prepared;
    const lacks = (char: string) => !this.has(char.codePointAt(0) as number);
    prepared = prepared
      .replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾]+/g, (run) =>
        [...run].some(lacks) ? `^${[...run].map((c) => PLAIN[SUPERSCRIPTS.indexOf(c)]).join('')}` : run,
      )
      .replace(/[₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎]/g, (char) => (lacks(char) ? (PLAIN[SUBSCRIPTS.indexOf(char)] as string) : char));
    let out = '';
    for (const char of prepared) {
      if (char === '\n' || !lacks(char)) out += char;
      else {
        const spelt = SUBSTITUTES[char] ?? char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
        out += spelt && ![...spelt].some(lacks) ? spelt : '?';
      }
    }
    return out;
  }

  /**
   * The compressed program of the subset holding these glyphs (in any order, repeated or not) and .notdef:
   * the glyphs ascending, so the same glyphs make the same program, whichever document shows them in
   * whichever order. Made once for the documents that use the same glyphs (subsetting and compressing it
   * were two thirds of a Chinese document's time).
   */
  program(glyphs: readonly number[]): SubsetProgram {
    // A typed array sorts numbers as numbers, and a glyph (below 65,536) is one UTF-16 unit of the key.
    const ascending = Uint16Array.from(glyphs).sort();
    let count = 0;
    for (const glyph of ascending) if (glyph !== 0 && glyph !== ascending[count - 1]) ascending[count++] = glyph;
    const sorted = ascending.subarray(0, count);
    const key = String.fromCharCode(...sorted);
    let program = this.programs.get(key);
    if (program) {
      // The most recently used last: the first is the one to forget.
      this.programs.delete(key);
    } else {
      const bytes = this.font.subset([0, ...sorted]);
      program = { glyphs: [...sorted], length: bytes.length, deflated: deflate(bytes) };
      if (this.programs.size >= KEPT_PROGRAMS) this.programs.delete(this.programs.keys().next().value as string);
    }
    this.programs.set(key, program);
    return program;
  }

  /** A font of this one for one document, named `resource` in its content streams. */
  embedded(resource: string): PdfFont {
    return new EmbeddedFont(this, resource);
  }
}

/**
 * A subset of a shared TrueType font for one document: a Type0 font in Identity-H encoding whose
 * CIDFontType2 holds the glyphs of the characters the document showed, each character a CID numbered in
 * the order first shown (two bytes in the content stream), with a map from CIDs to the subset's glyphs
 * (kept in the font's order: SharedFont.program) and a ToUnicode map that lets a reader extract and copy
 * the text.
 */
class EmbeddedFont implements PdfFont {
  /** Each character shown, by code point, and its number (CID = glyph of the subset; 0 is .notdef). */
  private readonly cids = new Map<number, number>();
  private readonly hex = new Map<number, string>();

  private readonly shared: SharedFont;
  readonly resource: string;

  constructor(shared: SharedFont, resource: string) {
    this.shared = shared;
    this.resource = resource;
  }

  prepare(text: string): string {
    return this.shared.prepare(text);
  }

  units(text: string): number {
    let total = 0;
    for (const char of text) total += this.shared.width(char.codePointAt(0) as number);
    return total;
  }

  operand(text: string): string {
    let out = '<';
    for (const char of text) {
      const codePoint = char.codePointAt(0) as number;
      let code = this.hex.get(codePoint);
      if (code === undefined) {
        const cid = this.cids.size + 1;
        this.cids.set(codePoint, cid);
        code = cid.toString(16).padStart(4, '0');
        this.hex.set(codePoint, code);
      }
      out += code;
    }
    return `${out}>`;
  }

  write(file: PdfFile, ref: number): void {
    const { font } = this.shared;
    const characters = [...this.cids.keys()];
    const glyphs = characters.map((codePoint) => font.glyphOf(codePoint));
    const program = this.shared.program(glyphs);
    const { metrics } = font;
    const scale = 1000 / metrics.unitsPerEm;
    const name = `${subsetTag(program.glyphs)}+${font.postScriptName}`;
    const fontFile = file.deflated(`/Length1 ${program.length}`, program.deflated);
    const descriptor = file.add(
      `<< /Type /FontDescriptor /FontName /${name} /Flags 4 /FontBBox [${metrics.bbox.map((v) => Math.round(v * scale)).join(' ')}] ` +
        `/ItalicAngle ${metrics.italicAngle} /Ascent ${Math.round(metrics.ascent * scale)} /Descent ${Math.round(metrics.descent * scale)} ` +
        `/CapHeight ${Math.round(metrics.capHeight * scale)} /StemV 80 /FontFile2 ${fontFile} 0 R >>`,
    );
    const widths = [font.advance(0), ...characters.map((c) => this.shared.width(c))];
    widths[0] = Math.round((widths[0] as number) * scale);
    const cidFont = file.add(
      `<< /Type /Font /Subtype /CIDFontType2 /BaseFont /${name} ` +
        '/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> ' +
        `/FontDescriptor ${descriptor} 0 R /W [0 [${widths.join(' ')}]] /CIDToGIDMap ${cidToGid(glyphs, program, file)} 0 R >>`,
    );
    const toUnicode = file.stream('', toUnicodeMap(characters));
    file.set(
      ref,
      `<< /Type /Font /Subtype /Type0 /BaseFont /${name} /Encoding /Identity-H ` +
        `/DescendantFonts [${cidFont} 0 R] /ToUnicode ${toUnicode} 0 R >>`,
    );
  }
}

/** The stream mapping each CID (its character's glyph in the font, by CID from 1) to its glyph in the subset. */
function cidToGid(glyphs: readonly number[], program: SubsetProgram, file: PdfFile): number {
  const index = new Map(program.glyphs.map((glyph, at) => [glyph, at + 1]));
  const map = new Uint8Array(2 * (glyphs.length + 1)); // CID 0, .notdef, is glyph 0
  glyphs.forEach((glyph, at) => {
    const gid = index.get(glyph) ?? 0;
    map[2 * at + 2] = gid >> 8;
    map[2 * at + 3] = gid & 0xff;
  });
  return file.stream('', map);
}

/** The six capital letters a subset's name begins with, from what it holds (so the same glyphs, the same name). */
function subsetTag(glyphs: readonly number[]): string {
  let hash = 0x811c9dc5;
  for (const c of glyphs) hash = Math.imul(hash ^ c, 0x01000193) >>> 0;
  let tag = '';
  for (let i = 0; i < 6; i++) {
    tag += String.fromCharCode(65 + (hash % 26));
    hash = Math.floor(hash / 26);
  }
  return tag;
}

/** The CMap from each CID (1, 2, …) to its character, a hundred a block as the format allows. */
function toUnicodeMap(characters: number[]): string {
  const hex4 = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
  const utf16 = (codePoint: number) =>
    codePoint > 0xffff
      ? hex4(0xd800 + ((codePoint - 0x10000) >> 10)) + hex4(0xdc00 + ((codePoint - 0x10000) & 0x3ff))
      : hex4(codePoint);
  let blocks = '';
  for (let start = 0; start < characters.length; start += 100) {
    const block = characters.slice(start, start + 100);
    blocks += `${block.length} beginbfchar\n`;
    blocks += block.map((c, i) => `<${hex4(start + i + 1)}> <${utf16(c)}>`).join('\n');
    blocks += '\nendbfchar\n';
  }
  return (
    '/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n' +
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n' +
    '/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n' +
    '1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n' +
    blocks +
    'endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n'
  );
}
