import type { Highlight } from '#api/search.ts';

/** A stretch of text, marked when it matched the keyword. */
export interface Piece {
  text: string;
  marked: boolean;
}

/**
 * The text cut into plain and marked pieces by the API's highlight offsets (UTF-16, end excluded).
 * Offsets out of range, backwards or overlapping are clamped or skipped, so a bad answer shows plain text.
 */
export function pieces(text: string, marks: readonly Highlight[]): Piece[] {
  const result: Piece[] = [];
  let at = 0;
  for (const { start, end } of [...marks].sort((a, b) => a.start - b.start)) {
    const from = Math.max(at, Math.min(start, text.length));
    const to = Math.min(Math.max(end, from), text.length);
    if (to <= from) continue;
    if (from > at) result.push({ text: text.slice(at, from), marked: false });
    result.push({ text: text.slice(from, to), marked: true });
    at = to;
  }
  if (at < text.length || result.length === 0) result.push({ text: text.slice(at), marked: false });
  return result;
}
