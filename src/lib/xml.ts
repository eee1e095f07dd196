/**
 * What XML 1.0 has no place for, and so a parser stops at: control characters but tab, LF and CR (C0 are
 * forbidden; DEL and C1 only discouraged, and never meant in a name), U+FFFE and U+FFFF, and surrogates that
 * are not one half of a pair. One pasted U+000B in a product name would make a whole feed unreadable.
 */
const NOT_XML = /(?![\t\n\r])[\p{Cc}\uFFFE\uFFFF\uD800-\uDFFF]/gu;

/** Text made safe inside XML elements and double-quoted attributes: what XML cannot hold dropped, the rest escaped. */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
