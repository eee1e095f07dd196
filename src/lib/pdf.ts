import { PdfFile, textString } from './pdf/file.ts';
import { helvetica, type PdfFont, type Typeface } from './pdf/fonts.ts';
import { layout, PAGE_HEIGHT, PAGE_WIDTH, type PdfBlock, type PdfDocument } from './pdf/layout.ts';
import { notoSansSc } from './pdf/noto-sans-sc.ts';
import { winAnsiHolds } from './pdf/winansi.ts';

// A small PDF 1.4 writer for build-time documents (datasheets, manuals, application notes): A4 pages,
// headings, word-wrapped paragraphs, two-column tables, drawings, automatic page breaks and page numbers,
// content streams compressed with FlateDecode. English is set in the standard Helvetica fonts, which a
// reader has without embedding; Chinese in Noto Sans SC, of which each file embeds only the glyphs it uses.
// The parts are in pdf/: the file (file.ts), fonts (fonts.ts, truetype.ts, winansi.ts), drawing on a page
// (content.ts), line breaking (line-break.ts) and the layout (layout.ts).

export type { Content } from './pdf/content.ts';
export type { DrawingArea, PdfBlock, PdfDocument, TextFit } from './pdf/layout.ts';
export { toWinAnsi } from './pdf/winansi.ts';

/** The faces of an English document: Helvetica and Helvetica-Bold. */
const englishTypeface = (): Typeface => ({
  regular: { font: helvetica('regular', 'F1'), embolden: false },
  bold: { font: helvetica('bold', 'F2'), embolden: false },
});

/**
 * The faces of a Chinese document: one subset of Noto Sans SC, its bold drawn by stroking the regular's
 * outlines (a subset of the Bold as well made the file a quarter larger, for a difference hard to see).
 */
function chineseTypeface(): Typeface {
  const font = notoSansSc().embedded('F1');
  return { regular: { font, embolden: false }, bold: { font, embolden: true } };
}

/** The texts of a block that the document sets itself. */
const blockTexts = (block: PdfBlock): string[] =>
  block.kind === 'table' ? block.rows.flat() : block.kind === 'drawing' ? [] : [block.text];

/** The document as a PDF 1.4 file. */
export function renderPdf(doc: PdfDocument): Uint8Array<ArrayBuffer> {
  // A document of any script with text Helvetica cannot set (a Chinese name on an English quote) is set in
  // the embedded font, which has Latin letters too, rather than print '?' for it. A drawing's labels are not
  // looked at.
  const embedded =
    doc.language === 'zh-CN' ||
    (doc.anyScript === true && ![doc.title, doc.subtitle ?? '', ...doc.blocks.flatMap(blockTexts)].every(winAnsiHolds));
  const typeface = embedded ? chineseTypeface() : englishTypeface();
  const pages = layout(doc, typeface);
  const file = new PdfFile();
  const catalog = file.reserve();
  const pageTree = file.reserve();
  const info = file.add(`<< /Title ${textString(doc.title)} /Producer (LumenLab Instruments storefront) >>`);
  const fonts = new Map<PdfFont, number>();
  for (const face of [typeface.regular, typeface.bold]) {
    if (!fonts.has(face.font)) fonts.set(face.font, file.reserve());
  }
  const resources = `<< /Font << ${[...fonts].map(([font, ref]) => `/${font.resource} ${ref} 0 R`).join(' ')} >> >>`;
  const kids = pages.map((content) => {
    const stream = file.stream('', content.toString());
    return file.add(
      `<< /Type /Page /Parent ${pageTree} 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
        `/Resources ${resources} /Contents ${stream} 0 R >>`,
    );
  });
  file.set(pageTree, `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  file.set(catalog, `<< /Type /Catalog /Pages ${pageTree} 0 R /Lang (${doc.language ?? 'en'}) >>`);
  // Written last: an embedded font holds the glyphs every page used.
  for (const [font, ref] of fonts) font.write(file, ref);
  return file.bytes(catalog, info);
}
