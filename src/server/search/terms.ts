import { pinyin } from 'pinyin-pro';

// How text becomes search terms, the same way for what is indexed and what is asked: words from
// Intl.Segmenter (Chinese split into dictionary words), English words stemmed, Chinese words also
// paired with their neighbour (the segmenter splits 拉曼 into 拉 and 曼, and 光谱仪 into 光谱 and 仪),
// and Chinese names also spelled in pinyin, full and initials.

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const HAN = /\p{Script=Han}/u;
const LETTERS = /^[a-z]+$/;

/** Words of this many letters or more also match one typo away. */
const TYPO_MIN_LENGTH = 5;

/**
 * The longest word, and the longest term (a Chinese pair, a run in pinyin), in UTF-16 code units: longer
 * ones are cut there, the same way for what is indexed and what is asked, so a long word still meets
 * itself. Normalising may grow a text eighteenfold (U+FDFA is 18 characters in NFKC), and PostgreSQL
 * refuses a lexeme over 2,047 bytes; these keep every lexeme under 1 KB whatever is typed.
 */
const MAX_WORD_LENGTH = 64;
const MAX_TERM_LENGTH = 256;

/** The text cut to `max` code units, never between the halves of a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(head) ? head.slice(0, -1) : head;
}

/** A word of a text, with where it sits in it (UTF-16 offsets). */
export interface Word {
  /** The word in lower case, compatibility-normalised (full-width letters become ASCII). */
  text: string;
  start: number;
  end: number;
  han: boolean;
}

/**
 * The words of a text; punctuation, symbols and spaces are not words. Each is at most MAX_WORD_LENGTH
 * long once normalised; a run whose normal form holds spaces or symbols (U+FDFA: four Arabic words) is
 * that many words, each with the run's place in the text.
 */
export function words(text: string): Word[] {
  const found: Word[] = [];
  for (const segment of segmenter.segment(text)) {
    if (!segment.isWordLike) continue;
    // A segment may still join letters and symbols (e.g. "a_b"): its runs of letters and digits are the words.
    for (const run of segment.segment.matchAll(/[\p{L}\p{N}]+/gu)) {
      const start = segment.index + run.index;
      const end = start + run[0].length;
      for (const normal of run[0]
        .normalize('NFKC')
        .toLowerCase()
        .matchAll(/[\p{L}\p{N}]+/gu)) {
        const word = cut(normal[0], MAX_WORD_LENGTH);
        found.push({ text: word, start, end, han: HAN.test(word) });
      }
    }
  }
  return found;
}

const undouble = (word: string) => (/([b-df-hj-km-np-rtv-y])\1$/.test(word) ? word.slice(0, -1) : word);

/** A light English stemmer: plurals, -ing, -ed and a final e, so lasers, laser and lasing-style forms meet. */
export function stem(word: string): string {
  if (!LETTERS.test(word) || word.length <= 3) return word;
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (/(?:ch|sh|x|z)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 4 && w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = undouble(w.slice(0, -3));
  else if (w.length > 4 && w.endsWith('ed')) w = undouble(w.slice(0, -2));
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

const pinyinCache = new Map<string, { full: string; initials: string }>();

/** A Chinese word in pinyin without tones or spaces, full and initials. */
export function spell(han: string): { full: string; initials: string } {
  let found = pinyinCache.get(han);
  if (!found) {
    const syllables = pinyin(han, { toneType: 'none', type: 'array', v: true }) as string[];
    const letters = syllables.map((s) => s.toLowerCase().replace(/[^a-z]/g, '')).filter((s) => s !== '');
    found = { full: letters.join(''), initials: letters.map((s) => s[0]).join('') };
    if (pinyinCache.size < 50_000) pinyinCache.set(han, found);
  }
  return found;
}

/** A term and the words of the text it stands for (indexes into words()). */
export interface Term {
  term: string;
  from: number;
  to: number;
}

/**
 * The terms of a text: each word (English words stemmed), each pair of neighbouring Chinese words,
 * and with `withPinyin` the pinyin of Chinese words, pairs and whole runs, full and initials.
 */
export function termsOf(list: Word[], withPinyin: boolean): Term[] {
  const terms: Term[] = [];
  let runStart = -1;
  const closeRun = (end: number) => {
    if (withPinyin && runStart >= 0 && end - runStart > 2) {
      const run = list.slice(runStart, end).map((w) => spell(w.text));
      terms.push({ term: run.map((s) => s.full).join(''), from: runStart, to: end - 1 });
      terms.push({ term: run.map((s) => s.initials).join(''), from: runStart, to: end - 1 });
    }
    runStart = -1;
  };
  list.forEach((word, index) => {
    if (!word.han) {
      closeRun(index);
      // The stem only: a keyword asks for its words as typed and as stems, so pinyin (never stemmed) meets too.
      terms.push({ term: stem(word.text), from: index, to: index });
      return;
    }
    const previous = list[index - 1];
    const joined = previous?.han && previous.end === word.start;
    if (!joined) closeRun(index);
    if (runStart < 0) runStart = index;
    terms.push({ term: word.text, from: index, to: index });
    if (withPinyin) {
      const { full, initials } = spell(word.text);
      if (full) terms.push({ term: full, from: index, to: index });
      if (initials.length > 1) terms.push({ term: initials, from: index, to: index });
    }
    if (joined && previous) {
      terms.push({ term: previous.text + word.text, from: index - 1, to: index });
      if (withPinyin) {
        const a = spell(previous.text);
        const b = spell(word.text);
        terms.push({ term: a.full + b.full, from: index - 1, to: index });
        terms.push({ term: a.initials + b.initials, from: index - 1, to: index });
      }
    }
  });
  closeRun(list.length);
  return terms.filter((t) => t.term !== '').map((t) => ({ ...t, term: cut(t.term, MAX_TERM_LENGTH) }));
}

/** A part number as compared: lower case letters and digits only (CCS-200/M is ccs200m). */
export function partKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Every form of a word less one character. */
export function deletions(word: string): string[] {
  const forms = new Set<string>();
  for (let i = 0; i < word.length; i++) forms.add(word.slice(0, i) + word.slice(i + 1));
  forms.delete('');
  return [...forms];
}

/** Whether two words are at most one edit apart (a letter wrong, missing, extra, or two swapped). */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const restA = a.slice(i);
  const restB = b.slice(i);
  if (restA.slice(1) === restB.slice(1)) return true;
  if (restA.slice(1) === restB || restA === restB.slice(1)) return true;
  return restA.length > 1 && restA[0] === restB[1] && restA[1] === restB[0] && restA.slice(2) === restB.slice(2);
}

/** Whether a word may match one typo away: letters only and long enough. */
export function typoTolerant(word: string): boolean {
  return word.length >= TYPO_MIN_LENGTH && LETTERS.test(word);
}

/** A lexeme as tsvector and tsquery read it: quoted, its quotes and backslashes doubled. */
export function lexeme(term: string): string {
  return `'${term.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}
