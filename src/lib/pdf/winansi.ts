// Text in the standard Helvetica fonts, which a PDF reader has without embedding: WinAnsiEncoding (Windows-1252)
// and Adobe's widths. Text outside WinAnsi is transliterated where a common equivalent exists (cm⁻¹ → cm^-1,
// Ω → Ohm) and replaced by '?' otherwise.

/** Helvetica (regular) or Helvetica-Bold. */
export type Helvetica = 'regular' | 'bold';

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
export const SUBSTITUTES: Record<string, string> = {
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
const ASCII_WIDTHS: Record<Helvetica, number[]> = {
  regular: [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // space … /
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, // 0 … @
    667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611,
    278, 278, 278, 469, 556, 333, // [ … `
    556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500,
    334, 260, 334, 584, // { … ~
  ],
  bold: [
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

function charWidth(code: number, font: Helvetica): number {
  if (code >= 32 && code <= 126) return ASCII_WIDTHS[font][code - 32] ?? 556;
  return UPPER_WIDTHS.get(code)?.[font === 'regular' ? 0 : 1] ?? 722;
}

/** Each WinAnsi code's width, a table a font. */
const WIDTHS: Record<Helvetica, Uint16Array> = {
  regular: Uint16Array.from({ length: 256 }, (_, code) => charWidth(code, 'regular')),
  bold: Uint16Array.from({ length: 256 }, (_, code) => charWidth(code, 'bold')),
};

/** Width of WinAnsi text in thousandths of the font size (whole numbers, so sums of them are exact). */
export function winAnsiUnits(text: string, font: Helvetica): number {
  const widths = WIDTHS[font];
  let total = 0;
  for (let i = 0; i < text.length; i++) total += widths[text.charCodeAt(i) & 0xff] as number;
  return total;
}

/**
 * Whether Helvetica can set the text: nothing in it becomes '?' in WinAnsi (`toWinAnsi`), as Chinese,
 * Korean or Cyrillic would.
 */
export function winAnsiHolds(text: string): boolean {
  const marks = (value: string) => value.split('?').length;
  return PRINTABLE_ASCII.test(text) || marks(toWinAnsi(text)) === marks(text);
}
