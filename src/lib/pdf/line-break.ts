// Lines of text no wider than a measure, for English and Chinese alike: a line may end at a space, and
// between two Chinese characters, or a Chinese character and a Latin word, with no space; never inside a
// Latin word or a part number (LS-405-50), never before closing punctuation (，。、）…) and never after
// opening punctuation (（“…). A subset of the Unicode line breaking rules (UAX #14) that these documents need.

/** Measures text: its width in whatever unit `width` is given in. */
type Measure = (text: string) => number;

/** A character that may not begin a line. */
const CLOSING =
  /[)\]}>,.;:!?%'"’”）］｝〉》」』】〕〗〙〛、，。．：；！？％‰℃°…‥·・ー々〜～ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ]/u;
/** A character that may not end a line. */
const OPENING = /[([{<‘“（［｛〈《「『【〔〖〘〚￥＄]/u;
/** A character on either side of which a line may break: ideographs, kana, hangul, full-width forms. */
const BREAKS_AROUND =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff01-\uff60\uffe0-\uffe6]/u;

/** A piece of text that stays on one line, and whether a space stood before it. */
interface Piece {
  text: string;
  spaced: boolean;
}

/** Whether a line may break between two characters that touch (no space between them). */
function breakBetween(before: string, after: string): boolean {
  if (CLOSING.test(after) || OPENING.test(before)) return false;
  return BREAKS_AROUND.test(before) || BREAKS_AROUND.test(after);
}

/** Whether a line may break beside some character of the text: none is below U+0100 (all of WinAnsi). */
function hasBreaksAround(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 0xff) return BREAKS_AROUND.test(text);
  }
  return false;
}

/** A paragraph cut where a line may break. */
function pieces(paragraph: string): Piece[] {
  const out: Piece[] = [];
  // Without a character a line may break beside (English), the pieces are the words: breaks are at spaces.
  if (!hasBreaksAround(paragraph)) {
    let spaced = false;
    for (const word of paragraph.split(' ')) {
      if (word) out.push({ text: word, spaced });
      spaced = out.length > 0;
    }
    return out;
  }
  let text = '';
  let spaced = false;
  let last = '';
  for (const char of paragraph) {
    if (char === ' ') {
      if (text) out.push({ text, spaced });
      text = '';
      spaced = out.length > 0;
      last = '';
      continue;
    }
    if (text && breakBetween(last, char)) {
      out.push({ text, spaced });
      text = '';
      spaced = false;
    }
    text += char;
    last = char;
  }
  if (text) out.push({ text, spaced });
  return out;
}

/**
 * Text broken into lines no wider than `width`: each line holds as many pieces as fit, and a piece wider
 * than a line is split between characters. Line breaks in the text are kept; spaces at a break are dropped.
 */
export function breakLines(text: string, width: number, measure: Measure): string[] {
  const lines: string[] = [];
  const space = measure(' ');
  for (const paragraph of text.split('\n')) {
    let line = '';
    let lineWidth = 0; // kept as pieces are added, not measured again
    for (const piece of pieces(paragraph)) {
      const pieceWidth = measure(piece.text);
      const spaced = line !== '' && piece.spaced;
      const gap = spaced ? space : 0;
      if (lineWidth + gap + pieceWidth <= width || !line) {
        line += spaced ? ` ${piece.text}` : piece.text;
        lineWidth += gap + pieceWidth;
      } else {
        lines.push(line);
        line = piece.text;
        lineWidth = pieceWidth;
      }
      // A piece longer than a line: as many characters as fit on each, the rest carried on.
      while (lineWidth > width && [...line].length > 1) {
        const chars = [...line];
        let n = chars.length - 1;
        while (n > 1 && measure(chars.slice(0, n).join('')) > width) n--;
        lines.push(chars.slice(0, n).join(''));
        line = chars.slice(n).join('');
        lineWidth = measure(line);
      }
    }
    lines.push(line);
  }
  return lines;
}
