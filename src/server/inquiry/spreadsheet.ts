// What a spreadsheet would run: a cell that starts with =, +, - or @ is a formula to Excel, LibreOffice and
// Sheets, and a formula can fetch a URL or, through DDE, start a program. Text from the form that the sales
// team opens in one is prefixed with an apostrophe there, which makes the cell text (OWASP's advice on CSV
// injection): the CSV files sent with inquiries (attachment.ts) here, the fields of the CSV files we write
// in src/lib/csv.ts.

/**
 * A cell of a CSV file that starts a formula: at the file's start (after a byte-order mark), a line's, or a
 * separator's (comma, semicolon or tab: spreadsheets guess which), past an opening quote and spaces. A plain
 * number (-5, +1.5e3) is one cell a spreadsheet reads as a number, so it is left as it is.
 */
const FORMULA_CELL =
  /(^\uFEFF?|[\r\n,;\t])( *"? *)(?=[=+\-@])(?![+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)? *"? *(?:[\r\n,;\t]|$))/g;

/**
 * A CSV file's text with an apostrophe before every cell that would start a formula. Parsed loosely on
 * purpose: a cell begins after any of the separators a spreadsheet might pick, so one that guesses
 * semicolons finds no formula either. Text inside a quoted cell may gain an apostrophe after a comma.
 */
export function guardedCsv(text: string): string {
  return text.replace(FORMULA_CELL, "$1$2'");
}
