// A list of part numbers as people paste it (from a spreadsheet, a paper, an email) or upload it as CSV:
// one product a line, the part number then its quantity, between them tabs, commas, semicolons, spaces or
// the Chinese punctuation a Chinese keyboard types (，、；：and the full-width space). The quick-order page
// reads what is pasted and uploaded with it; the API only ever sees the lines it made.

/** One line as read: the part number, and its quantity (1 when none is given, null when it is not a number). */
export interface ListedPart {
  partNumber: string;
  quantity: number | null;
}

/** Separators between a part number and its quantity, other than spaces. */
const SEPARATOR = /[\t,;:，、；：｜|]+/;
/** A header row a spreadsheet exports: its quantity column is a word, not a number. */
const HEADER = /^(part|p\/n|pn|sku|item|model|型号|料号|产品型号|订货号|编号)/i;

/** A quantity as typed, full-width digits too; null when it is not a whole number. */
function quantityOf(text: string): number | null {
  const digits = text
    .normalize('NFKC')
    .replace(/^[x×*]/i, '')
    .replace(/(pcs|pc|件|个|台|套)$/i, '')
    .trim();
  return /^\d{1,9}$/.test(digits) ? Number(digits) : null;
}

/** The fields of one CSV row (RFC 4180 quotes), or of a pasted line split at its separators. */
function fieldsOf(line: string): string[] {
  if (line.includes('"')) {
    const fields: string[] = [];
    let field = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const char = line[i] as string;
      if (quoted && char === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = !quoted;
      else if (!quoted && SEPARATOR.test(char)) {
        fields.push(field);
        field = '';
      } else field += char;
    }
    fields.push(field);
    return fields.map((f) => f.trim()).filter((f) => f !== '');
  }
  const split = line
    .split(SEPARATOR)
    .map((f) => f.trim())
    .filter((f) => f !== '');
  if (split.length > 1) return split;
  // Spaces only: the last word is the quantity when it reads as one; a part number may hold spaces.
  const words = line.trim().split(/[\s\u3000]+/);
  const last = words.at(-1) ?? '';
  return words.length > 1 && quantityOf(last) !== null ? [words.slice(0, -1).join(' '), last] : [line.trim()];
}

/** The lines of a pasted list or a CSV file, blank lines and a header row left out. */
export function parsePartList(text: string): ListedPart[] {
  const parts: ListedPart[] = [];
  for (const line of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n|\u2028/)) {
    const [partNumber, quantity] = fieldsOf(line.replace(/\u3000/g, ' '));
    if (!partNumber) continue;
    if (parts.length === 0 && quantity !== undefined && quantityOf(quantity) === null && HEADER.test(partNumber))
      continue;
    parts.push({ partNumber, quantity: quantity === undefined ? 1 : quantityOf(quantity) });
  }
  return parts;
}
