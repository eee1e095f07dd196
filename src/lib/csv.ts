// CSV as spreadsheets read it (RFC 4180), for the files people open in one: the inquiries' export and the
// product curves' data. A text a spreadsheet would take for a formula starts with an apostrophe, so what an
// inquiry or an editor wrote cannot run as one there (OWASP's advice on CSV injection).

/** A value a spreadsheet takes for a formula: one starting with =, +, -, @, or tab or CR before them. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: quoted when it holds a quote, comma or line break; a text that starts a formula made text. */
export function csvField(value: string | number | boolean): string {
  // A number's text has no quote, comma or line break, and is no formula (a curve's file is thousands of them).
  if (typeof value === 'number') return String(value);
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A CSV file's text: the rows' fields joined, CRLF line ends, and a byte order mark first, so that Excel
 * (a Chinese one included) reads it as UTF-8, names intact.
 */
export function csvText(rows: readonly (readonly (string | number | boolean)[])[]): string {
  return `\uFEFF${csvLines(rows)}\r\n`;
}

/** Rows of a CSV file as csvText writes them, with no byte order mark and no line end after the last. */
export const csvLines = (rows: readonly (readonly (string | number | boolean)[])[]): string =>
  rows.map((row) => row.map(csvField).join(',')).join('\r\n');
