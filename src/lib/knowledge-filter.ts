import { CONTENT_TYPES } from '#api/content-types.ts';
import type { ArticleRecord, ContentType } from '#api/news.ts';
import type { Locale } from '#i18n/index.ts';

// Filters of the knowledge centre, their URL form and the choices each filter offers.

/** What the visitor filters the knowledge centre by; a missing field does not filter. */
export interface KnowledgeFilter {
  type?: ContentType;
  /** A product series id. */
  series?: number;
  /** Keywords separated by spaces. */
  q?: string;
  /** Earliest and latest publication date (ISO dates, inclusive). */
  from?: string;
  to?: string;
  author?: string;
}

/** The query names of the filter, in the order the URL lists them. */
export const KNOWLEDGE_PARAMS = ['type', 'series', 'q', 'from', 'to', 'author'] as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Text folded for matching: full-width letters become ASCII, case is ignored. */
const fold = (text: string): string => text.normalize('NFKC').toLocaleLowerCase();

/** The words of a keyword query; spaces (including the ideographic space) separate them. */
function keywords(query: string | undefined): string[] {
  return fold(query ?? '')
    .split(/\s+/)
    .filter((word) => word !== '');
}

/** What filtering reads of an article: the build's records, or the browser's, read back from the page's list. */
export type FilterableArticle = Pick<ArticleRecord, 'contentType' | 'title' | 'summary' | 'author' | 'publishedAt'> & {
  productSeries: Pick<ArticleRecord['productSeries'], 'id'>;
};

/**
 * The articles that meet every field of a filter, in their original order. Each keyword must occur in the title,
 * the summary or the author; as a substring match it works for Chinese, which does not separate words with spaces.
 */
export function filterArticles<T extends FilterableArticle>(articles: T[], filter: KnowledgeFilter): T[] {
  const words = keywords(filter.q);
  return articles.filter((article) => {
    if (filter.type !== undefined && article.contentType !== filter.type) return false;
    if (filter.series !== undefined && article.productSeries.id !== filter.series) return false;
    if (filter.author !== undefined && article.author !== filter.author) return false;
    const day = article.publishedAt.slice(0, 10);
    if (filter.from !== undefined && day < filter.from) return false;
    if (filter.to !== undefined && day > filter.to) return false;
    if (words.length === 0) return true;
    const text = fold(`${article.title}\n${article.summary}\n${article.author}`);
    return words.every((word) => text.includes(word));
  });
}

/** Whether a filter filters anything. */
export function isFiltered(filter: KnowledgeFilter): boolean {
  return KNOWLEDGE_PARAMS.some((name) => (name === 'q' ? keywords(filter.q).length > 0 : filter[name] !== undefined));
}

/** A filter as a URL query string without '?', leaving out empty fields. */
export function toQuery(filter: KnowledgeFilter): string {
  const params = new URLSearchParams();
  for (const name of KNOWLEDGE_PARAMS) {
    const value = filter[name];
    if (value !== undefined && String(value).trim() !== '') params.set(name, String(value));
  }
  return params.toString();
}

/** The filter a URL query string describes; unknown content types, bad series ids and bad dates are dropped. */
export function fromQuery(query: string | URLSearchParams): KnowledgeFilter {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const filter: KnowledgeFilter = {};
  const type = params.get('type');
  if (type !== null && (CONTENT_TYPES as readonly string[]).includes(type)) filter.type = type as ContentType;
  const series = Number(params.get('series') ?? '');
  if (Number.isInteger(series) && series > 0) filter.series = series;
  const q = params.get('q')?.trim();
  if (q) filter.q = q;
  for (const name of ['from', 'to'] as const) {
    const date = params.get(name);
    if (date !== null && ISO_DATE.test(date) && !Number.isNaN(Date.parse(date))) filter[name] = date;
  }
  const author = params.get('author')?.trim();
  if (author) filter.author = author;
  return filter;
}

/** The choices of the filter's selects: only values some article has. */
export interface KnowledgeOptions {
  /** In the order the contract lists content types. */
  contentTypes: ContentType[];
  /** By name, as the locale sorts (pinyin for Chinese). */
  series: { id: number; name: string }[];
  authors: string[];
}

/** The content types, product series and authors present in the articles, each sorted for a select. */
export function filterOptions(articles: ArticleRecord[], locale: Locale): KnowledgeOptions {
  const collator = new Intl.Collator(locale, { numeric: true });
  const types = new Set(articles.map((article) => article.contentType));
  const series = new Map(articles.map((article) => [article.productSeries.id, article.productSeries.name]));
  const authors = new Set(articles.map((article) => article.author));
  return {
    contentTypes: CONTENT_TYPES.filter((type) => types.has(type)),
    series: [...series]
      .map(([id, name]) => ({ id, name }))
      .sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id),
    authors: [...authors].sort(collator.compare),
  };
}
