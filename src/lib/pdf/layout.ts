import { Content } from './content.ts';
import type { FontFace, Typeface } from './fonts.ts';
import { breakLines } from './line-break.ts';

// A document laid out on A4 pages: the title and subtitle, headings, paragraphs, two-column tables and
// drawings, with page breaks and a footer on each page (the title and the page number).

export type PdfBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'table'; rows: [string, string][] }
  | {
      kind: 'drawing';
      /**
       * The height it takes, in points, across the text's width; or what it is for text measured in the
       * document's fonts (a legend that wraps). A drawing is not split: what does not fit starts a page.
       */
      height: number | ((fit: TextFit) => number);
      draw: (area: DrawingArea) => void;
    };

/** Text in the document's fonts, measured and broken into lines, for a drawing to lay its labels out. */
export interface TextFit {
  /** The width of text in points at `size` in the regular or the bold face. */
  width(text: string, size: number, bold?: boolean): number;
  /** Text broken into lines at most `width` points wide, as the document's paragraphs are. */
  lines(text: string, size: number, width: number, bold?: boolean): string[];
}

export interface PdfDocument {
  title: string;
  subtitle?: string;
  blocks: PdfBlock[];
  /** The language the text is in: Chinese is set in an embedded CJK font, English in Helvetica (the default). */
  language?: 'en' | 'zh-CN';
  /**
   * Text in any script: an English document with text Helvetica lacks (a customer's Chinese name) is set
   * in the embedded font instead, where without it each such run prints as '?' (the datasheets').
   */
  anyScript?: boolean;
  /** The footer's page number; "Page 1 of 3" unless given. */
  pageLabel?: (page: number, pages: number) => string;
}

/** Where a `drawing` block draws: its box on the page, in points, and the document's faces for labels. */
export interface DrawingArea {
  content: Content;
  x: number;
  y: number;
  width: number;
  height: number;
  typeface: Typeface;
  fit: TextFit;
  /**
   * Draws a label (any text: prepared for the face here), its baseline at y with its left, centre or right
   * at x; or `upward`, turned a quarter to the left, its baseline at x with its start, centre or end at y.
   */
  label(text: string, x: number, y: number, size: number, options?: LabelOptions): void;
}

interface LabelOptions {
  bold?: boolean;
  gray?: number;
  align?: 'left' | 'center' | 'right';
  upward?: boolean;
}

export const PAGE_WIDTH = 595.28; // A4 in points
export const PAGE_HEIGHT = 841.89;
const MARGIN = 56.69; // 20 mm
const TOP = PAGE_HEIGHT - MARGIN;
const BOTTOM = 70; // the footer sits below
const WIDTH = PAGE_WIDTH - 2 * MARGIN;

const englishPage = (page: number, pages: number) => `Page ${page} of ${pages}`;

/** Lays the document out in its typeface: one content stream a page. */
export function layout(doc: PdfDocument, typeface: Typeface): Content[] {
  const pages: Content[] = [new Content()];
  let page = pages[0] as Content;
  let y = TOP; // top of the free space on the current page

  const newPage = () => {
    page = new Content();
    pages.push(page);
    y = TOP;
  };
  /** Starts a new page unless `height` fits (or the page is still empty). */
  const ensure = (height: number) => {
    if (y - height < BOTTOM && y < TOP) newPage();
  };
  /** Text prepared for the face's font and broken into lines `width` wide at `size`. */
  const wrap = (text: string, face: FontFace, size: number, width: number) =>
    breakLines(face.font.prepare(text), (width * 1000) / size, (part) => face.font.units(part));
  /** Draws wrapped text, each line `leading` high, breaking pages between lines. */
  const lines = (text: string, face: FontFace, size: number, leading: number, gray = 0) => {
    const wrapped = wrap(text, face, size, WIDTH);
    if (wrapped.length <= 4) ensure(wrapped.length * leading); // short paragraphs stay in one piece
    for (const line of wrapped) {
      ensure(leading);
      page.text(line, MARGIN, y - leading / 2 - size * 0.35, face, size, gray);
      y -= leading;
    }
  };
  const rule = (gray: number, width?: number) => page.line(MARGIN, y, PAGE_WIDTH - MARGIN, y, gray, width);
  const fit: TextFit = {
    width: (text, size, bold = false) => {
      const { font } = bold ? typeface.bold : typeface.regular;
      return (font.units(font.prepare(text)) * size) / 1000;
    },
    lines: (text, size, width, bold = false) => wrap(text, bold ? typeface.bold : typeface.regular, size, width),
  };
  const heightOf = (block: PdfBlock & { kind: 'drawing' }) =>
    typeof block.height === 'number' ? block.height : block.height(fit);

  lines(doc.title, typeface.bold, 20, 25);
  if (doc.subtitle) lines(doc.subtitle, typeface.regular, 12, 17, 0.35);
  y -= 6;
  rule(0.2, 1);
  y -= 12;

  for (const [index, block] of doc.blocks.entries()) {
    if (block.kind === 'heading') {
      if (y < TOP) y -= 10;
      // Kept with the start of what follows: three lines, or the whole of a drawing.
      const next = doc.blocks[index + 1];
      ensure(18 + (next?.kind === 'drawing' ? 3 + heightOf(next) : 3 * 14));
      lines(block.text, typeface.bold, 13, 18);
      y -= 3;
    } else if (block.kind === 'paragraph') {
      lines(block.text, typeface.regular, 10, 14);
      y -= 6;
    } else if (block.kind === 'table') {
      const size = 9.5;
      const leading = 13;
      const labelWidth = WIDTH * 0.4;
      const pad = 6;
      if (block.rows.length > 0) rule(0.75);
      block.rows.forEach(([label, value], index) => {
        const left = wrap(label, typeface.bold, size, labelWidth - 2 * pad);
        const right = wrap(value, typeface.regular, size, WIDTH - labelWidth - 2 * pad);
        const height = Math.max(left.length, right.length) * leading + 8;
        if (y - height < BOTTOM && y < TOP) {
          newPage();
          rule(0.75);
        }
        if (index % 2 === 0) page.fillRect(MARGIN, y - height, WIDTH, height, 0.95);
        const baseline = (i: number) => y - 4 - i * leading - leading / 2 - size * 0.35;
        left.forEach((line, i) => {
          page.text(line, MARGIN + pad, baseline(i), typeface.bold, size, 0.25);
        });
        right.forEach((line, i) => {
          page.text(line, MARGIN + labelWidth + pad, baseline(i), typeface.regular, size);
        });
        y -= height;
        rule(0.75);
      });
      y -= 12;
    } else {
      const height = heightOf(block);
      ensure(height);
      const content = page;
      block.draw({
        content,
        x: MARGIN,
        y: y - height,
        width: WIDTH,
        height,
        typeface,
        fit,
        label(text, x, baseline, size, { bold = false, gray = 0, align = 'left', upward = false } = {}) {
          const face = bold ? typeface.bold : typeface.regular;
          const prepared = face.font.prepare(text);
          const width = (face.font.units(prepared) * size) / 1000;
          const shift = align === 'left' ? 0 : align === 'center' ? width / 2 : width;
          if (upward) content.text(prepared, x, baseline - shift, face, size, gray, true);
          else content.text(prepared, x - shift, baseline, face, size, gray);
        },
      });
      y -= height + 12;
    }
  }

  // Footers: the title on the left, the page number on the right.
  const footer = typeface.regular;
  const title = wrap(doc.title, footer, 8, WIDTH * 0.7)[0] ?? '';
  const pageLabel = doc.pageLabel ?? englishPage;
  pages.forEach((content, index) => {
    const number = footer.font.prepare(pageLabel(index + 1, pages.length));
    content.line(MARGIN, 50, PAGE_WIDTH - MARGIN, 50, 0.75);
    content.text(title, MARGIN, 36, footer, 8, 0.45);
    content.text(number, PAGE_WIDTH - MARGIN - (footer.font.units(number) * 8) / 1000, 36, footer, 8, 0.45);
  });
  return pages;
}
