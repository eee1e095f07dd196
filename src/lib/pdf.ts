// A small PDF 1.4 writer for build-time documents (datasheets, manuals, application notes): A4 pages,
// the standard Helvetica fonts in WinAnsiEncoding, headings, word-wrapped paragraphs, two-column tables,
// automatic page breaks and page numbers. No fonts are embedded, so text outside WinAnsi is transliterated
// where a common equivalent exists (cm⁻¹ → cm^-1, Ω → Ohm) and replaced by '?' otherwise.

export type PdfBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'table'; rows: [string, string][] };

export interface PdfDocument {
  title: string;
  subtitle?: string;
  blocks: PdfBlock[];
}

type Font = 'F1' | 'F2'; // Helvetica, Helvetica-Bold

// ---------------------------------------------------------------- WinAnsi text

/** The characters of Windows-1252 at 0x80–0x9F (the rest of 0xA0–0xFF is Latin-1). */
// biome-ignore format: a table
const CP1252: Record<string, number> = {
  '€': 0x80, '‚': 0x82, 'ƒ': 0x83, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87, 'ˆ': 0x88, '‰': 0x89, 'Š': 0x8a,
  '‹': 0x8b, 'Œ': 0x8c, 'Ž': 0x8e, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97,
  '˜': 0x98, '™': 0x99, 'š': 0x9a, '›': 0x9b, 'œ': 0x9c, 'ž': 0x9e, 'Ÿ': 0x9f,
};

/** Stand-ins for common characters WinAnsi lacks. */
// biome-ignore format: a table
const SUBSTITUTES: Record<string, string> = {
  μ: 'µ', Ω: 'Ohm', '\u2126': 'Ohm', '\u212b': 'Å', '℃': '°C', '−': '-', '‐': '-', '‑': '-', '‒': '-', '≤': '<=', '≥': '>=',
  '≈': '~', '∼': '~', '≠': '!=', '∞': 'inf', '→': '->', '←': '<-', '↔': '<->', '′': "'", '″': '"', '⋅': '·',
  '∙': '·', '√': 'sqrt', α: 'alpha', β: 'beta', γ: 'gamma', δ: 'delta', Δ: 'Delta', ε: 'epsilon', η: 'eta',
  θ: 'theta', κ: 'kappa', λ: 'lambda', ν: 'nu', π: 'pi', ρ: 'rho', σ: 'sigma', Σ: 'Sigma', τ: 'tau', φ: 'phi',
  Φ: 'Phi', χ: 'chi', ψ: 'psi', Ψ: 'Psi', ω: 'omega',
};

const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾';

function winAnsiCode(char: string): number | undefined {
  const code = char.charCodeAt(0);
  if (char.length === 1 && (code < 0x80 || (code >= 0xa0 && code <= 0xff))) return code;
  return CP1252[char];
}

/**
 * Text as a string of WinAnsi codes (one char per byte), with line breaks kept: superscripts that WinAnsi
 * lacks become '^-1' and the like, common symbols are spelt out, accents are dropped where needed,
 * and each run of anything else (Chinese, say) becomes one '?'.
 */
export function toWinAnsi(text: string): string {
  // Most text (part numbers, English specifications) is printable ASCII already, which is its own WinAnsi.
  if (PRINTABLE_ASCII.test(text)) return text;
  const prepared = text
    .replace(/[^\S\n]/g, ' ')
    .replace(/[\p{Cc}\p{Cf}]/gu, (char) => (char === '\n' ? char : ''))
    .replace(/√(\w+)/g, 'sqrt($1)')
    .replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾]+/g, (run) =>
      /^[¹²³]+$/.test(run) ? run : `^${[...run].map((c) => '0123456789+-=()'[SUPERSCRIPTS.indexOf(c)]).join('')}`,
    );
  let out = '';
  let unknown = false;
  for (const char of prepared) {
    const code = winAnsiCode(char);
    if (code !== undefined) {
      out += String.fromCharCode(code);
      unknown = false;
      continue;
    }
    let encoded: string | undefined = SUBSTITUTES[char];
    if (encoded === undefined) {
      const plain = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      if (plain && [...plain].every((c) => winAnsiCode(c) !== undefined)) encoded = plain;
    }
    if (encoded === undefined) {
      if (!unknown) out += '?';
      unknown = true;
      continue;
    }
    unknown = false;
    for (const c of encoded) out += String.fromCharCode(winAnsiCode(c) ?? 0x3f);
  }
  return out;
}

/** Text with nothing but printable ASCII and line breaks: the same in WinAnsi. */
const PRINTABLE_ASCII = /^[\x20-\x7e\n]*$/;

// ---------------------------------------------------------------- Metrics (Adobe's Helvetica AFM widths)

// biome-ignore format: one row per character range
const ASCII_WIDTHS: Record<Font, number[]> = {
  F1: [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // space … /
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, // 0 … @
    667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611,
    278, 278, 278, 469, 556, 333, // [ … `
    556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500,
    334, 260, 334, 584, // { … ~
  ],
  F2: [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975,
    722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611,
    333, 278, 333, 584, 556, 333,
    556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500,
    389, 280, 389, 584,
  ],
};

/** Widths [regular, bold] of the upper codes the documents use; any other is taken as a wide capital. */
// biome-ignore format: a table
const UPPER_WIDTHS = new Map(Object.entries({
  '€': [556, 556], '…': [1000, 1000], '‘': [222, 278], '’': [222, 278], '“': [333, 500], '”': [333, 500],
  '•': [350, 350], '–': [556, 556], '—': [1000, 1000], '™': [1000, 1000], '\u00a0': [278, 278], '©': [737, 737],
  '®': [737, 737], '°': [400, 400], '±': [584, 584], '²': [333, 333], '³': [333, 333], 'µ': [556, 611],
  '·': [278, 278], '¹': [333, 333], '¼': [834, 834], '½': [834, 834], '¾': [834, 834], '×': [584, 584],
  'Ø': [778, 778], '÷': [584, 584], 'ø': [611, 611],
}).map(([char, widths]) => [winAnsiCode(char), widths]));

function charWidth(code: number, font: Font): number {
  if (code >= 32 && code <= 126) return ASCII_WIDTHS[font][code - 32] ?? 556;
  return UPPER_WIDTHS.get(code)?.[font === 'F1' ? 0 : 1] ?? 722;
}

/** Each WinAnsi code's width, a table a font. */
const WIDTHS: Record<Font, Uint16Array> = {
  F1: Uint16Array.from({ length: 256 }, (_, code) => charWidth(code, 'F1')),
  F2: Uint16Array.from({ length: 256 }, (_, code) => charWidth(code, 'F2')),
};

/** Width of WinAnsi text in thousandths of the font size (whole numbers, so sums of them are exact). */
function units(text: string, font: Font): number {
  const widths = WIDTHS[font];
  let total = 0;
  for (let i = 0; i < text.length; i++) total += widths[text.charCodeAt(i) & 0xff] as number;
  return total;
}

/** Width in points of WinAnsi text. */
function measure(text: string, font: Font, size: number): number {
  return (units(text, font) * size) / 1000;
}

/** WinAnsi text broken into lines no wider than `width`; words longer than a line are split. */
function wrap(text: string, font: Font, size: number, width: number): string[] {
  const lines: string[] = [];
  const space = WIDTHS[font][32] as number;
  const fits = (lineUnits: number) => (lineUnits * size) / 1000 <= width;
  for (const paragraph of text.split('\n')) {
    let line = '';
    let lineUnits = 0; // the width of line, kept as words are added rather than measured again
    for (const word of paragraph.split(' ')) {
      if (!word) continue;
      const wordUnits = units(word, font);
      const candidateUnits = line ? lineUnits + space + wordUnits : wordUnits;
      if (fits(candidateUnits)) {
        line = line ? `${line} ${word}` : word;
        lineUnits = candidateUnits;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      lineUnits = wordUnits;
      while (line.length > 1 && !fits(lineUnits)) {
        let n = line.length - 1;
        while (n > 1 && measure(line.slice(0, n), font, size) > width) n--;
        lines.push(line.slice(0, n));
        line = line.slice(n);
        lineUnits = units(line, font);
      }
    }
    lines.push(line);
  }
  return lines;
}

// ---------------------------------------------------------------- Layout

const PAGE_WIDTH = 595.28; // A4 in points
const PAGE_HEIGHT = 841.89;
const MARGIN = 56.69; // 20 mm
const TOP = PAGE_HEIGHT - MARGIN;
const BOTTOM = 70; // the footer sits below
const WIDTH = PAGE_WIDTH - 2 * MARGIN;

const num = (value: number) => String(Math.round(value * 100) / 100);
const pdfString = (text: string) => `(${text.replace(/[\\()]/g, '\\$&')})`;

function textOp(text: string, x: number, y: number, font: Font, size: number, gray = 0): string {
  return `${num(gray)} g BT /${font} ${num(size)} Tf ${num(x)} ${num(y)} Td ${pdfString(text)} Tj ET`;
}
const rectOp = (x: number, y: number, w: number, h: number, gray: number) =>
  `${num(gray)} g ${num(x)} ${num(y)} ${num(w)} ${num(h)} re f`;
const lineOp = (x1: number, y1: number, x2: number, y2: number, gray: number, width = 0.5) =>
  `${num(gray)} G ${num(width)} w ${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`;

/** Lays the document out: one list of drawing operators per page. */
function layout(doc: PdfDocument): string[][] {
  const pages: string[][] = [[]];
  let ops = pages[0] as string[];
  let y = TOP; // top of the free space on the current page

  const newPage = () => {
    ops = [];
    pages.push(ops);
    y = TOP;
  };
  /** Starts a new page unless `height` fits (or the page is still empty). */
  const ensure = (height: number) => {
    if (y - height < BOTTOM && y < TOP) newPage();
  };
  /** Draws wrapped text, each line `leading` high, breaking pages between lines. */
  const lines = (text: string, font: Font, size: number, leading: number, gray = 0) => {
    const wrapped = wrap(toWinAnsi(text), font, size, WIDTH);
    if (wrapped.length <= 4) ensure(wrapped.length * leading); // short paragraphs stay in one piece
    for (const line of wrapped) {
      ensure(leading);
      ops.push(textOp(line, MARGIN, y - leading / 2 - size * 0.35, font, size, gray));
      y -= leading;
    }
  };

  lines(doc.title, 'F2', 20, 25);
  if (doc.subtitle) lines(doc.subtitle, 'F1', 12, 17, 0.35);
  y -= 6;
  ops.push(lineOp(MARGIN, y, PAGE_WIDTH - MARGIN, y, 0.2, 1));
  y -= 12;

  for (const block of doc.blocks) {
    if (block.kind === 'heading') {
      if (y < TOP) y -= 10;
      ensure(18 + 3 * 14); // keep a heading with the start of what follows
      lines(block.text, 'F2', 13, 18);
      y -= 3;
    } else if (block.kind === 'paragraph') {
      lines(block.text, 'F1', 10, 14);
      y -= 6;
    } else {
      const size = 9.5;
      const leading = 13;
      const labelWidth = WIDTH * 0.4;
      const pad = 6;
      if (block.rows.length > 0) ops.push(lineOp(MARGIN, y, PAGE_WIDTH - MARGIN, y, 0.75));
      block.rows.forEach(([label, value], index) => {
        const left = wrap(toWinAnsi(label), 'F2', size, labelWidth - 2 * pad);
        const right = wrap(toWinAnsi(value), 'F1', size, WIDTH - labelWidth - 2 * pad);
        const height = Math.max(left.length, right.length) * leading + 8;
        if (y - height < BOTTOM && y < TOP) {
          newPage();
          ops.push(lineOp(MARGIN, y, PAGE_WIDTH - MARGIN, y, 0.75));
        }
        if (index % 2 === 0) ops.push(rectOp(MARGIN, y - height, WIDTH, height, 0.95));
        const baseline = (i: number) => y - 4 - i * leading - leading / 2 - size * 0.35;
        left.forEach((line, i) => {
          ops.push(textOp(line, MARGIN + pad, baseline(i), 'F2', size, 0.25));
        });
        right.forEach((line, i) => {
          ops.push(textOp(line, MARGIN + labelWidth + pad, baseline(i), 'F1', size));
        });
        y -= height;
        ops.push(lineOp(MARGIN, y, PAGE_WIDTH - MARGIN, y, 0.75));
      });
      y -= 12;
    }
  }

  // Footers: the title on the left, the page number on the right.
  const title = wrap(toWinAnsi(doc.title), 'F1', 8, WIDTH * 0.7)[0] ?? '';
  pages.forEach((page, index) => {
    const number = `Page ${index + 1} of ${pages.length}`;
    page.push(lineOp(MARGIN, 50, PAGE_WIDTH - MARGIN, 50, 0.75));
    page.push(textOp(title, MARGIN, 36, 'F1', 8, 0.45));
    page.push(textOp(number, PAGE_WIDTH - MARGIN - measure(number, 'F1', 8), 36, 'F1', 8, 0.45));
  });
  return pages;
}

// ---------------------------------------------------------------- File

/** A text string for the document information: UTF-16BE, so any title survives. */
function infoString(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}

/** The document as a PDF 1.4 file. */
export function renderPdf(doc: PdfDocument): Uint8Array<ArrayBuffer> {
  const pages = layout(doc);
  const font = (name: string) => `<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, index) => `${6 + 2 * index} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    font('Helvetica'),
    font('Helvetica-Bold'),
    `<< /Title ${infoString(doc.title)} /Producer (LumenLab Instruments storefront) >>`,
  ];
  // Objects 6, 8, 10, … are the pages, each followed by its content stream.
  for (const [index, ops] of pages.entries()) {
    const content = ops.join('\n');
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${7 + 2 * index} 0 R >>`,
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    );
  }

  // Every char below is one byte (0–255), so string lengths are byte offsets.
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = objects.map((body, index) => {
    const offset = out.length;
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const bytes = new Uint8Array(out.length);
  Buffer.from(bytes.buffer).write(out, 'latin1');
  return bytes;
}
