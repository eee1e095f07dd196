import type { Queryable } from '../db/index.ts';
import { deletions, lexeme, oneEditApart, partKey, stem, termsOf, typoTolerant, words } from './terms.ts';

/** Query words past this many are not read: a search is a few words, not a paragraph. */
const MAX_GROUPS = 8;

/** One way a query word may appear in the index. */
interface Alternative {
  term: string;
  prefix: boolean;
}

/** A keyword made ready for the database, and what to mark in the answers. */
export interface Query {
  /** Each group is one query word; a row matches when it holds every group, in any of its alternatives. */
  groups: Alternative[][];
  /** The keyword as a part number (letters and digits only), or null when it cannot be one. */
  part: string | null;
  /** The keyword's part number less one character each: one-character typos. */
  partVariants: string[] | null;
}

/** A query that finds nothing: the keyword has no words. */
export const isEmpty = (query: Query) => query.groups.length === 0 && query.part === null;

/**
 * Reads a keyword: its words (stemmed, with typo neighbours from the index's word list), and its
 * part-number form. The last word also matches as a prefix, as a visitor is still typing it.
 */
export async function parseQuery(db: Queryable, keyword: string): Promise<Query> {
  const all = words(keyword);
  // Only the words that make the first MAX_GROUPS groups are read: a group takes at most two words (a
  // Chinese pair), and cutting a run of Chinese words changes at most its last group.
  const list = all.slice(0, 2 * (MAX_GROUPS + 1));
  const groups: Alternative[][] = [];
  // Per group, the forms of a word typed with five letters or more that may be one typo off.
  const typoForms = new Map<Alternative[], string[]>();
  const hanRun: string[] = [];
  const flushHan = () => {
    if (hanRun.length === 1) groups.push([{ term: hanRun[0] as string, prefix: false }]);
    for (let i = 1; i < hanRun.length; i++) groups.push([{ term: `${hanRun[i - 1]}${hanRun[i]}`, prefix: false }]);
    hanRun.length = 0;
  };
  list.forEach((word, index) => {
    if (word.han) {
      const previous = list[index - 1];
      if (!(previous?.han && previous.end === word.start)) flushHan();
      hanRun.push(word.text);
      return;
    }
    flushHan();
    const forms = [...new Set([word.text, stem(word.text)])];
    const group = forms.map((term) => ({ term, prefix: false }));
    if (index === all.length - 1 && word.text.length >= 2) group.push({ term: stem(word.text), prefix: true });
    if (typoTolerant(word.text))
      typoForms.set(
        group,
        forms.filter((form) => /^[a-z]{4,}$/.test(form)),
      );
    groups.push(group);
  });
  flushHan();
  groups.splice(MAX_GROUPS);

  const typoWords = [...typoForms.values()].flat();
  if (typoWords.length > 0) {
    const variants = [...new Set(typoWords.flatMap((w) => [w, ...deletions(w)]))];
    const rows = await db.query<{ word: string }>(
      'select distinct word from search_word where variant = any($1::text[])',
      [variants],
    );
    for (const [group, typed] of typoForms) {
      for (const { word } of rows) {
        if (typed.some((t) => t !== word && oneEditApart(t, word))) group.push({ term: word, prefix: false });
      }
    }
  }

  const key = partKey(keyword);
  const part = key.length >= 2 && key.length <= 64 ? key : null;
  return { groups, part, partVariants: part && part.length >= 4 ? [part, ...deletions(part)] : null };
}

function alternative({ term, prefix }: Alternative, weights: string): string {
  const marks = `${prefix ? '*' : ''}${weights}`;
  return marks ? `${lexeme(term)}:${marks}` : lexeme(term);
}

/** The query as a tsquery restricted to the given weights ('' for all), or null when it has no words. */
export function tsquery(query: Query, weights: string): string | null {
  if (query.groups.length === 0) return null;
  return query.groups.map((group) => `(${group.map((a) => alternative(a, weights)).join(' | ')})`).join(' & ');
}

/** A stretch of a text to mark: UTF-16 offsets, end excluded. */
export interface Range {
  start: number;
  end: number;
}

/** The stretches of a shown text that the query matched, merged and in order. */
export function highlight(text: string, query: Query): Range[] {
  const list = words(text);
  const exact = new Set(query.groups.flatMap((g) => g.filter((a) => !a.prefix).map((a) => a.term)));
  const prefixes = query.groups.flatMap((g) => g.filter((a) => a.prefix).map((a) => a.term));
  const marked = new Set<number>();
  for (const { term, from, to } of termsOf(list, true)) {
    if (exact.has(term) || prefixes.some((p) => term.startsWith(p))) for (let i = from; i <= to; i++) marked.add(i);
  }
  const ranges: Range[] = [];
  for (const index of [...marked].sort((a, b) => a - b)) {
    const word = list[index];
    if (!word) continue;
    const last = ranges.at(-1);
    // Words apart by nothing but spaces or symbols read as one marked stretch.
    if (last && /^[^\p{L}\p{N}]*$/u.test(text.slice(last.end, word.start)) && marked.has(index - 1))
      last.end = word.end;
    else ranges.push({ start: word.start, end: word.end });
  }
  return ranges;
}

/** The stretch of a part number the query's part form covers: its start for a prefix, all of it for a typo. */
export function highlightPart(partNumber: string, query: Query): Range[] {
  if (!query.part) return [];
  const key = partKey(partNumber);
  if (!key.startsWith(query.part)) return oneEditApart(key, query.part) ? [{ start: 0, end: partNumber.length }] : [];
  let seen = 0;
  for (let i = 0; i < partNumber.length; i++) {
    if (partKey(partNumber[i] as string) !== '') seen++;
    if (seen === query.part.length) return [{ start: 0, end: i + 1 }];
  }
  return [];
}
