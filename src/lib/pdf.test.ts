import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { type PdfDocument, renderPdf, toWinAnsi } from './pdf.ts';

/** The file as one char per byte, so string offsets are byte offsets. */
const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

const short: PdfDocument = {
  title: 'LS-405-50 datasheet',
  subtitle: '405 nm Diode Laser Module',
  blocks: [
    { kind: 'heading', text: 'Overview' },
    { kind: 'paragraph', text: 'A compact laser.' },
    { kind: 'table', rows: [['Wavelength', '405 nm']] },
  ],
};

const long: PdfDocument = {
  title: 'A long manual',
  blocks: Array.from({ length: 40 }, (_, i) => [
    { kind: 'heading' as const, text: `Section ${i + 1}` },
    { kind: 'paragraph' as const, text: 'Words that wrap across the width of the page. '.repeat(8) },
    { kind: 'table' as const, rows: [[`Row ${i}`, 'value unit'] as [string, string]] },
  ]).flat(),
};

const pageCount = (text: string) => text.match(/\/Type \/Page\b/g)?.length ?? 0;

describe('renderPdf', () => {
  test('writes a PDF 1.4 file from header to end-of-file marker', () => {
    const text = latin1(renderPdf(short));
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  test('points every xref entry at the start of its object and startxref at the table', () => {
    const text = latin1(renderPdf(long));
    const startxref = Number(text.match(/startxref\n(\d+)\n%%EOF/)?.[1]);
    expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
    const [, count, entries] = text.slice(startxref).match(/^xref\n0 (\d+)\n((?:\d{10} \d{5} [fn] \n)+)/) ?? [];
    const rows = (entries ?? '').match(/.{20}/gs) ?? [];
    expect(rows).toHaveLength(Number(count));
    expect(rows[0]).toBe('0000000000 65535 f \n');
    rows.slice(1).forEach((row, index) => {
      const offset = Number(row.slice(0, 10));
      expect(text.slice(offset, offset + 20)).toMatch(new RegExp(`^${index + 1} 0 obj\\n`));
    });
    expect(text).toMatch(new RegExp(`/Size ${count} `));
  });

  test('gives each content stream its exact length', () => {
    const text = latin1(renderPdf(long));
    for (const match of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
      const start = (match.index ?? 0) + match[0].length;
      expect(text.slice(start + Number(match[1]), start + Number(match[1]) + 10)).toBe('\nendstream');
    }
  });

  test('counts its pages, breaking a long document across several', () => {
    const one = latin1(renderPdf(short));
    expect(pageCount(one)).toBe(1);
    expect(one).toContain('/Count 1 ');
    const many = latin1(renderPdf(long));
    const pages = pageCount(many);
    expect(pages).toBeGreaterThan(3);
    expect(many).toContain(`/Count ${pages} `);
    expect(many).toContain(`(Page ${pages} of ${pages}) Tj`);
  });

  test('records the title and producer in the document information', () => {
    const text = latin1(renderPdf(short));
    expect(text).toMatch(/\/Title <FEFF[0-9A-F]+> \/Producer \(LumenLab Instruments storefront\)/);
    expect(text).toContain('/Info 5 0 R');
  });

  test('uses only the standard Helvetica fonts in WinAnsiEncoding', () => {
    const text = latin1(renderPdf(short));
    expect(text).toContain('/BaseFont /Helvetica /Encoding /WinAnsiEncoding');
    expect(text).toContain('/BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding');
    expect(text).not.toContain('/FontFile');
  });

  test('escapes parentheses and backslashes in strings', () => {
    const text = latin1(renderPdf({ title: 'T', blocks: [{ kind: 'paragraph', text: 'a (b) c\\d' }] }));
    expect(text).toContain('(a \\(b\\) c\\\\d) Tj');
  });

  test('encodes µ and ° as their WinAnsi bytes', () => {
    const bytes = renderPdf({ title: 'T', blocks: [{ kind: 'paragraph', text: '5 µm at 20 °C' }] });
    expect(latin1(bytes)).toContain('(5 \xb5m at 20 \xb0C) Tj');
    expect(latin1(bytes)).not.toContain('\xc2\xb5'); // not UTF-8
  });

  test('fills each line with as many words as fit the width, and splits a word longer than a line', () => {
    // Helvetica at 10 pt: "a" is 5.56 pt, a space 2.78 pt, "m" 8.33 pt; the text is 481.9 pt wide, so 58
    // words of "a" fit a line (483.7 pt would be 59) and 57 "m"s.
    const lineWords = (text: string) =>
      [...text.matchAll(/\(([am ]+)\) Tj/g)].map(([, line]) => (line ?? '').split(' ').map((word) => word.length));
    const words = latin1(renderPdf({ title: 'T', blocks: [{ kind: 'paragraph', text: 'a '.repeat(200) }] }));
    expect(lineWords(words).map((line) => line.length)).toEqual([58, 58, 58, 26]);
    const long = latin1(renderPdf({ title: 'T', blocks: [{ kind: 'paragraph', text: `a ${'m'.repeat(120)} a` }] }));
    expect(lineWords(long)).toEqual([[1], [57], [57], [6, 1]]);
  });

  test('replaces Chinese text instead of writing it raw', () => {
    const bytes = renderPdf({ title: 'T', blocks: [{ kind: 'paragraph', text: '激光器 laser' }] });
    const text = latin1(bytes);
    expect(text).toContain('(? laser) Tj');
    expect(text).not.toContain(Buffer.from('激', 'utf8').toString('latin1'));
  });
});

describe('toWinAnsi', () => {
  test('keeps WinAnsi symbols and spells out superscripts it lacks', () => {
    expect(toWinAnsi('M² ± 1 × 2, 1700 cm⁻¹')).toBe('M\xb2 \xb1 1 \xd7 2, 1700 cm^-1');
  });
  test('spells out common scientific symbols', () => {
    expect(toWinAnsi('50 Ω, 0.2 pW/√Hz, 5 % CO₂, R-θ, λ/10')).toBe(
      '50 Ohm, 0.2 pW/sqrt(Hz), 5 % CO2, R-theta, lambda/10',
    );
  });
  test('maps typographic punctuation to its Windows-1252 codes', () => {
    expect(toWinAnsi('“a” – b…')).toBe('\x93a\x94 \x96 b\x85');
  });
});

// Only where poppler-utils is installed: the text reads back out of the file.
const pdftotext = (() => {
  try {
    return execFileSync('sh', ['-c', 'command -v pdftotext'], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
})();

test('a PDF reader extracts the text when pdftotext is on the machine', () => {
  if (!pdftotext) return;
  const dir = mkdtempSync(join(tmpdir(), 'pdf-test-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, renderPdf({ ...short, blocks: [...short.blocks, { kind: 'paragraph', text: '20 °C, 5 µm' }] }));
    const text = execFileSync(pdftotext, [file, '-'], { encoding: 'utf8' });
    expect(text).toContain('LS-405-50 datasheet');
    expect(text).toContain('405 nm');
    expect(text).toContain('20 °C, 5 µm');
    expect(text).toContain('Page 1 of 1');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
