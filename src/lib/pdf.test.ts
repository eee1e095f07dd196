import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { Content } from './pdf/content.ts';
import { notoSansSc } from './pdf/noto-sans-sc.ts';
import { readTrueType } from './pdf/truetype.ts';
import { type DrawingArea, type PdfDocument, renderPdf, toWinAnsi } from './pdf.ts';

/** The file as one char per byte, so string offsets are byte offsets. */
const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** Each stream of the file: its dictionary and its data, inflated when it says FlateDecode. */
function streams(bytes: Uint8Array): { dict: string; raw: Buffer; data: Buffer }[] {
  const file = Buffer.from(bytes);
  return [...latin1(bytes).matchAll(/(<< \/Length (\d+)[^\n]*>>)\nstream\n/g)].map((match) => {
    const start = (match.index ?? 0) + match[0].length;
    const raw = file.subarray(start, start + Number(match[2]));
    const dict = match[1] as string;
    return { dict, raw, data: dict.includes('/FlateDecode') ? inflateSync(raw) : raw };
  });
}

/** The text of the content streams (the streams with no entries but their length and filter). */
const contents = (bytes: Uint8Array) =>
  streams(bytes)
    .filter(({ dict }) => /^<< \/Length \d+ \/Filter \/FlateDecode >>$/.test(dict))
    .map(({ data }) => data.toString('latin1'))
    .join('\n');

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

const chinese: PdfDocument = {
  title: '405 nm 半导体激光模块，50 mW',
  subtitle: '流明实验仪器 – 产品规格书 – 型号 LS-405-50',
  language: 'zh-CN',
  pageLabel: (page, pages) => `第 ${page} 页，共 ${pages} 页`,
  blocks: [
    { kind: 'heading', text: '技术参数' },
    { kind: 'paragraph', text: '单横模 405 nm 半导体激光器，圆形光斑，M² 小于 1.5，1700 cm⁻¹。' },
    { kind: 'table', rows: [['中心波长', '405 nm']] },
  ],
};

/** A glyph's outline as the font's glyf table holds it, found through its loca table. */
function outline(font: Uint8Array, glyph: number): Buffer {
  const data = Buffer.from(font.buffer, font.byteOffset, font.byteLength);
  const tables = new Map<string, number>();
  for (let i = 0; i < data.readUInt16BE(4); i++) {
    tables.set(data.toString('latin1', 12 + 16 * i, 16 + 16 * i), data.readUInt32BE(20 + 16 * i));
  }
  const [head = 0, loca = 0, glyf = 0] = ['head', 'loca', 'glyf'].map((tag) => tables.get(tag));
  const at = (index: number) =>
    data.readInt16BE(head + 50) === 1 ? data.readUInt32BE(loca + 4 * index) : 2 * data.readUInt16BE(loca + 2 * index);
  return data.subarray(glyf + at(glyph), glyf + at(glyph + 1));
}

const pageCount = (text: string) => text.match(/\/Type \/Page\b/g)?.length ?? 0;

describe('renderPdf', () => {
  test('writes a PDF 1.4 file from header to end-of-file marker', () => {
    const text = latin1(renderPdf(short));
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  test('points every xref entry at the start of its object and startxref at the table', () => {
    for (const doc of [long, chinese]) {
      const text = latin1(renderPdf(doc));
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
    }
  });

  test('gives each stream its exact length', () => {
    for (const doc of [long, chinese]) {
      const text = latin1(renderPdf(doc));
      for (const match of text.matchAll(/<< \/Length (\d+)[^\n]*>>\nstream\n/g)) {
        const start = (match.index ?? 0) + match[0].length;
        expect(text.slice(start + Number(match[1]), start + Number(match[1]) + 10)).toBe('\nendstream');
      }
    }
  });

  test('compresses every stream with FlateDecode, which inflates back to the page’s operators', () => {
    const bytes = renderPdf(short);
    const found = streams(bytes);
    expect(found.length).toBeGreaterThan(0);
    for (const { dict } of found) expect(dict).toContain('/Filter /FlateDecode');
    const page = contents(bytes);
    expect(page).toContain('BT /F2 20 Tf ');
    expect(page).toContain('(LS-405-50 datasheet) Tj');
    expect(page).toContain('(405 nm) Tj');
    expect(page).toMatch(/ re f\n/);
    // The page's operators, as they were before compression, far larger than the file.
    expect(page.length).toBeGreaterThan(bytes.length / 2);
    expect(bytes.length).toBeLessThan(1800);
  });

  test('counts its pages, breaking a long document across several', () => {
    const one = latin1(renderPdf(short));
    expect(pageCount(one)).toBe(1);
    expect(one).toContain('/Count 1 ');
    const bytes = renderPdf(long);
    const many = latin1(bytes);
    const pages = pageCount(many);
    expect(pages).toBeGreaterThan(3);
    expect(many).toContain(`/Count ${pages} `);
    expect(contents(bytes)).toContain(`(Page ${pages} of ${pages}) Tj`);
  });

  test('writes each number with at most two decimals, as String() would write it rounded to hundredths', () => {
    const values = [0, -0.001, 0.004, 0.005, -0.005, 1.05, 12.1, 100, -3.07, 2.675, 1e-7, 56.69, -481.9, 0.1 + 0.2];
    for (let i = 0; i < 2000; i++) values.push((i * 7919) / 97 - 40);
    const content = new Content();
    for (const value of values) content.lineWidth(value);
    expect(content.toString()).toBe(values.map((value) => `${String(Math.round(value * 100) / 100)} w`).join('\n'));
  });

  test('records the title, producer and language', () => {
    const text = latin1(renderPdf(short));
    expect(text).toMatch(/\/Title <FEFF[0-9A-F]+> \/Producer \(LumenLab Instruments storefront\)/);
    expect(text).toMatch(/\/Info \d+ 0 R/);
    expect(text).toContain('/Lang (en)');
    expect(latin1(renderPdf(chinese))).toContain('/Lang (zh-CN)');
  });

  test('sets English in the standard Helvetica fonts in WinAnsiEncoding, embedding none', () => {
    const text = latin1(renderPdf(short));
    expect(text).toContain('/BaseFont /Helvetica /Encoding /WinAnsiEncoding');
    expect(text).toContain('/BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding');
    expect(text).not.toContain('/FontFile');
  });

  test('escapes parentheses and backslashes in strings', () => {
    const page = contents(renderPdf({ title: 'T', blocks: [{ kind: 'paragraph', text: 'a (b) c\\d' }] }));
    expect(page).toContain('(a \\(b\\) c\\\\d) Tj');
  });

  test('encodes µ and ° as their WinAnsi bytes', () => {
    const page = contents(renderPdf({ title: 'T', blocks: [{ kind: 'paragraph', text: '5 µm at 20 °C' }] }));
    expect(page).toContain('(5 \xb5m at 20 \xb0C) Tj');
    expect(page).not.toContain('\xc2\xb5'); // not UTF-8
  });

  test('fills each line with as many words as fit the width, and splits a word longer than a line', () => {
    // Helvetica at 10 pt: "a" is 5.56 pt, a space 2.78 pt, "m" 8.33 pt; the text is 481.9 pt wide, so 58
    // words of "a" fit a line (483.7 pt would be 59) and 57 "m"s.
    const lineWords = (text: string) =>
      [...text.matchAll(/\(([am ]+)\) Tj/g)].map(([, line]) => (line ?? '').split(' ').map((word) => word.length));
    const words = contents(renderPdf({ title: 'T', blocks: [{ kind: 'paragraph', text: 'a '.repeat(200) }] }));
    expect(lineWords(words).map((line) => line.length)).toEqual([58, 58, 58, 26]);
    const long = contents(renderPdf({ title: 'T', blocks: [{ kind: 'paragraph', text: `a ${'m'.repeat(120)} a` }] }));
    expect(lineWords(long)).toEqual([[1], [57], [57], [6, 1]]);
  });

  test('replaces Chinese text in an English document instead of writing it raw', () => {
    const bytes = renderPdf({ title: 'T', blocks: [{ kind: 'paragraph', text: '激光器 laser' }] });
    expect(contents(bytes)).toContain('(? laser) Tj');
    expect(latin1(bytes)).not.toContain(Buffer.from('激', 'utf8').toString('latin1'));
  });

  test('sets a document of any script with text Helvetica lacks in the embedded font, the rest in Helvetica', () => {
    const mixed = renderPdf({ title: 'T', anyScript: true, blocks: [{ kind: 'paragraph', text: '王小明 laser' }] });
    expect(latin1(mixed)).toMatch(/\/Subtype \/Type0 \/BaseFont \/[A-Z]{6}\+NotoSansSC-Regular/);
    expect(contents(mixed)).not.toContain('(? laser) Tj');
    const plain = renderPdf({ title: 'T', anyScript: true, blocks: [{ kind: 'paragraph', text: 'λ 532 nm, 5 µW' }] });
    expect(latin1(plain)).toContain('/BaseFont /Helvetica');
    expect(latin1(plain)).not.toContain('NotoSansSC');
  });

  test('hands a drawing block its box and the document’s fonts, below what came before', () => {
    let box: number[] = [];
    const bytes = renderPdf({
      ...chinese,
      blocks: [
        ...chinese.blocks,
        {
          kind: 'drawing',
          height: 120,
          draw: (area: DrawingArea) => {
            box = [area.x, area.y, area.width, area.height];
            area.content.save().strokeRgb(0, 0.4, 0.8).lineWidth(1.5).dash([3, 2]);
            area.content.polyline([
              [area.x, area.y],
              [area.x + 100, area.y + 60],
              [area.x + 200, area.y + 40],
            ]);
            area.content.stroke().restore();
            area.content
              .moveTo(area.x, area.y)
              .curveTo(area.x + 10, area.y + 10, area.x + 20, area.y, area.x + 30, area.y);
            area.content.rect(area.x, area.y, area.width, area.height).closePath().fillRgb(1, 1, 1).clip();
            area.label('波长 (nm)', area.x + area.width / 2, area.y - 10, 8, { align: 'center' });
            area.label('Transmission', area.x + area.width, area.y + 10, 8, { align: 'right', bold: true });
          },
        },
      ],
    });
    const [x = 0, y = 0, width = 0, height = 0] = box;
    expect(x).toBeCloseTo(56.69);
    expect(width).toBeCloseTo(481.9);
    expect(height).toBe(120);
    expect(y).toBeLessThan(650);
    const page = contents(bytes);
    expect(page).toContain('q\n0 0.4 0.8 RG\n1.5 w\n[3 2] 0 d\n');
    expect(page).toContain(`${Math.round((x + 100) * 100) / 100} ${Math.round((y + 60) * 100) / 100} l`);
    expect(page).toMatch(/ c\n.* re\nh\n1 1 1 rg\nW n\n/);
    expect(page).toMatch(/2 Tr BT \/F1 8 Tf [\d.]+ [\d.]+ Td <[0-9a-f]+> Tj ET Q/);
  });

  test('starts a page for a drawing that does not fit below what came before, taking its heading along', () => {
    let measured = 0;
    let box: number[] = [];
    const bytes = renderPdf({
      title: 'T',
      blocks: [
        { kind: 'paragraph', text: 'Words that wrap across the width of the page. '.repeat(80) },
        { kind: 'heading', text: 'Performance curves' },
        {
          kind: 'drawing',
          // A height known only in the document's fonts (a legend that wraps).
          height: (fit) => {
            measured = fit.width('Wavelength', 10);
            return 320;
          },
          draw: (area) => {
            box = [area.y, area.height, area.fit.width('Wavelength', 10)];
            area.content.save().transform(0.8, 0, 0, -0.8, area.x, area.y + area.height);
            area.content.lineCap('round').lineJoin('round').rect(0, 0, 10, 10).stroke().restore();
            area.label('Transmission (%)', area.x + 8, area.y + area.height / 2, 8, { upward: true, align: 'center' });
          },
        },
      ],
    });
    const pages = streams(bytes)
      .filter(({ dict }) => /^<< \/Length \d+ \/Filter \/FlateDecode >>$/.test(dict))
      .map(({ data }) => data.toString('latin1'));
    expect(pages).toHaveLength(2);
    expect(pages[0]).not.toContain('(Performance curves) Tj');
    expect(pages[1]).toContain('(Performance curves) Tj');
    expect(pages[1]).toContain('q\n0.8 0 0 -0.8 56.69 ');
    expect(pages[1]).toContain(' cm\n1 J\n1 j\n0 0 10 10 re\nS\nQ\n');
    // Turned a quarter to the left by the text matrix, its baseline at the x given.
    expect(pages[1]).toMatch(/BT \/F1 8 Tf 0 1 -1 0 64\.69 [\d.]+ Tm \(Transmission \\\(%\\\)\) Tj ET/);
    const [y = 0, height = 0, areaMeasured = 0] = box;
    expect(height).toBe(320);
    expect(y + height).toBeLessThan(841.89 - 56.69 - 18); // below the heading, at the top of the new page
    // Helvetica's widths: W 944, a e n g h 556, v 500, l 222, t 278 thousandths of the size.
    expect(measured).toBeCloseTo(52.8);
    expect(areaMeasured).toBe(measured);
  });
});

describe('a Chinese document', () => {
  const bytes = renderPdf(chinese);
  const text = latin1(bytes);

  test('embeds one Type0 font in Identity-H with a CIDFontType2 subset and a ToUnicode map', () => {
    expect(text).toMatch(/\/Subtype \/Type0 \/BaseFont \/[A-Z]{6}\+NotoSansSC-Regular \/Encoding \/Identity-H/);
    expect(text).toMatch(/\/Subtype \/CIDFontType2 .*\/CIDToGIDMap \d+ 0 R/);
    expect(text).toContain('/Registry (Adobe) /Ordering (Identity) /Supplement 0');
    expect(text.match(/\/FontFile2 /g)).toHaveLength(1);
    expect(text).toMatch(/\/ToUnicode \d+ 0 R/);
    expect(text).not.toContain('/Helvetica');
  });

  test('embeds a small font holding a glyph for each character used and .notdef', () => {
    const program = streams(bytes).find(({ dict }) => dict.includes('/Length1'));
    expect(program).toBeDefined();
    const { dict, raw, data } = program as { dict: string; raw: Buffer; data: Buffer };
    expect(dict).toContain(`/Length1 ${data.length}`);
    const used = new Set(
      [
        chinese.title,
        chinese.subtitle,
        ...chinese.blocks.flatMap((b) => (b.kind === 'table' ? b.rows.flat() : 'text' in b ? [b.text] : [])),
      ]
        .join('')
        .replace('⁻¹', '^-1'),
    );
    used.add('第').add('页').add('，').add('共').add('1'); // the footer
    const font = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const tables = new Map<string, number>();
    for (let i = 0; i < font.getUint16(4); i++) {
      tables.set(data.toString('latin1', 12 + 16 * i, 16 + 16 * i), font.getUint32(20 + 16 * i));
    }
    expect([...tables.keys()].toSorted()).toEqual(['glyf', 'head', 'hhea', 'hmtx', 'loca', 'maxp', 'prep']);
    expect(font.getUint16((tables.get('maxp') ?? 0) + 4)).toBe(used.size + 1);
    // The whole font is 10 MB; this one, compressed, a few KB.
    expect(raw.length).toBeLessThan(12_000);
    expect(readTrueType(data).advance(1)).toBeGreaterThan(0);
  });

  test('maps every glyph it shows back to its character', () => {
    const cmap = streams(bytes)
      .map(({ data }) => data.toString('latin1'))
      .find((data) => data.includes('begincmap'));
    expect(cmap).toContain('/CMapName /Adobe-Identity-UCS def');
    const map = new Map(
      [...(cmap ?? '').matchAll(/<([0-9A-F]{4})> <([0-9A-F]+)>/g)].map(([, cid, unicode]) => [
        Number.parseInt(cid as string, 16),
        String.fromCharCode(...((unicode as string).match(/.{4}/g) ?? []).map((hex) => Number.parseInt(hex, 16))),
      ]),
    );
    const shown = [...contents(bytes).matchAll(/<([0-9a-f]+)> Tj/g)].map(([, hex]) =>
      ((hex as string).match(/.{4}/g) ?? []).map((cid) => map.get(Number.parseInt(cid, 16)) ?? '�').join(''),
    );
    expect(shown).toContain('405 nm 半导体激光模块，50 mW');
    expect(shown).toContain('中心波长');
    expect(shown).toContain('第 1 页，共 1 页');
    // What the font lacks (⁻) is spelt out as in English documents; what it has (²) stays.
    expect(shown.join('')).toContain('M² 小于 1.5，1700 cm^-1。');
  });

  test('maps each CID, through the CIDToGIDMap, to the subset’s copy of its character’s glyph', () => {
    const cmap =
      streams(bytes)
        .map(({ data }) => data.toString('latin1'))
        .find((data) => data.includes('begincmap')) ?? '';
    // Each CID's line of the bfchar blocks (the code space's range, <0000> <FFFF>, left out).
    const characters = [...cmap.matchAll(/^<([0-9A-F]{4})> <([0-9A-F]{4})>$/gm)]
      .map(([, cid, unicode]) => ({
        cid: Number.parseInt(cid as string, 16),
        codePoint: Number.parseInt(unicode as string, 16),
      }))
      .filter(({ cid }) => cid > 0);
    expect(characters.length).toBeGreaterThan(30);
    const ref = /\/CIDToGIDMap (\d+) 0 R/.exec(text)?.[1];
    const [, length = '0'] =
      new RegExp(`\\n${ref} 0 obj\\n<< /Length (\\d+) /Filter /FlateDecode >>\\nstream\\n`).exec(text) ?? [];
    const mapAt = text.indexOf('stream\n', text.indexOf(`\n${ref} 0 obj\n`)) + 'stream\n'.length;
    const map = inflateSync(Buffer.from(bytes).subarray(mapAt, mapAt + Number(length)));
    expect(map.length).toBe(2 * (characters.length + 1));
    const program = streams(bytes).find(({ dict }) => dict.includes('/Length1'))?.data as Buffer;
    const whole = notoSansSc().font;
    const original = readFileSync(
      createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
    );
    const glyphs = new Set<number>();
    for (const { cid, codePoint } of characters) {
      const gid = map.readUInt16BE(2 * cid);
      glyphs.add(gid);
      // The copy as the original, padded to four bytes.
      const copy = outline(program, gid);
      const glyph = outline(original, whole.glyphOf(codePoint));
      expect(copy.length).toBe((glyph.length + 3) & ~3);
      expect(copy.subarray(0, glyph.length)).toEqual(glyph);
    }
    // One glyph a character, none more.
    expect(glyphs.size).toBe(characters.length);
    expect(Math.max(...glyphs)).toBe(characters.length);
  });

  test('embeds the same font program for the same characters in another order, made again or kept', () => {
    const program = (doc: PdfDocument) =>
      streams(renderPdf(doc))
        .find(({ dict }) => dict.includes('/Length1'))
        ?.raw.toString('latin1');
    // Characters no other test shows: the first document makes the program, the others find it kept.
    const first = { ...chinese, title: '鹦鹉螺 鲸鱼', blocks: [] };
    const again = { ...chinese, title: '鲸鱼 鹦鹉螺', blocks: [] };
    const made = program(first);
    expect(program(again)).toBe(made);
    expect(program(first)).toBe(made);
    expect(Buffer.from(renderPdf(first)).equals(Buffer.from(renderPdf(first)))).toBe(true);
    expect(program({ ...first, title: '鹦鹉螺 鲸' })).not.toBe(made);
  });

  test('draws headings and labels bold by stroking the same font, in a saved state', () => {
    const page = contents(bytes);
    expect(page).toMatch(/^q 0 g 0 G 0.8 w 2 Tr BT \/F1 20 Tf /m);
    expect(page).toMatch(/^q 0.25 g 0.25 G 0.38 w 2 Tr BT \/F1 9.5 Tf /m);
    expect(page).toMatch(/^0 g BT \/F1 10 Tf /m);
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

// Only where poppler-utils is installed: the text reads back out of the file (resource-render.test.ts
// requires it for a Chinese datasheet).
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
