import '../styles/islands.css';
import { useEffect, useId, useMemo, useState } from 'react';
import type { ArticleRecord, ContentType } from '#api/news.ts';
import { type Locale, localePath, t } from '#i18n/index.ts';
import { formatDate } from '#lib/format.ts';
import {
  filterArticles,
  fromQuery,
  KNOWLEDGE_PARAMS,
  type KnowledgeFilter,
  type KnowledgeOptions,
  toQuery,
} from '#lib/knowledge-filter.ts';
import { serverRendered } from './server-render.ts';

interface Props {
  locale: Locale;
  articles: ArticleRecord[];
  /**
   * The selects' choices, `filterOptions(articles, locale)`: made at build time, as sorting them by the
   * locale's collation would cost the browser its first Intl.Collator (tens of ms of main thread).
   */
  options: KnowledgeOptions;
}

const typeLabel = (locale: Locale, type: ContentType): string => t(locale, `contentType.${type}` as const);

/** The knowledge centre's filterable article list; the filter lives in the URL query so a view can be shared. */
export default function KnowledgeCentre({ locale, articles, options }: Props) {
  const id = useId();
  const [filter, setFilter] = useState<KnowledgeFilter>({});
  const [restored, setRestored] = useState(false);
  const shown = useMemo(() => filterArticles(articles, filter), [articles, filter]);

  // The URL is read after hydration, never during render, so the server and first client render agree.
  useEffect(() => {
    setFilter(fromQuery(window.location.search));
    setRestored(true);
  }, []);

  useEffect(() => {
    if (!restored) return;
    const url = new URL(window.location.href);
    for (const name of KNOWLEDGE_PARAMS) url.searchParams.delete(name);
    for (const [name, value] of new URLSearchParams(toQuery(filter))) url.searchParams.append(name, value);
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
  }, [restored, filter]);

  const update = <K extends keyof KnowledgeFilter>(name: K, value: KnowledgeFilter[K] | '') => {
    const next = { ...filter };
    if (value === '' || value === undefined) delete next[name];
    else next[name] = value;
    setFilter(next);
  };
  const field = (name: string) => `${id}-${name}`;

  return (
    // `data-restoring` stays until the URL has been read, so nothing (a test, a script) acts on the defaults.
    <div className="knowledge-centre" data-restoring={restored ? undefined : ''}>
      {/* The filters apply as they change (no submit), so they are a search landmark rather than a form. */}
      <search className="knowledge-filters" aria-label={t(locale, 'knowledge.filters')}>
        <div className="field">
          <label htmlFor={field('type')}>{t(locale, 'knowledge.type')}</label>
          <select
            id={field('type')}
            name="type"
            value={filter.type ?? ''}
            onChange={(event) => update('type', event.target.value as ContentType | '')}
          >
            <option value="">{t(locale, 'knowledge.allTypes')}</option>
            {options.contentTypes.map((type) => (
              <option key={type} value={type}>
                {typeLabel(locale, type)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={field('series')}>{t(locale, 'knowledge.series')}</label>
          <select
            id={field('series')}
            name="series"
            value={filter.series ?? ''}
            onChange={(event) => update('series', event.target.value === '' ? '' : Number(event.target.value))}
          >
            <option value="">{t(locale, 'knowledge.allSeries')}</option>
            {options.series.map((series) => (
              <option key={series.id} value={series.id}>
                {series.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field field-wide">
          <label htmlFor={field('q')}>{t(locale, 'knowledge.keywords')}</label>
          <input
            id={field('q')}
            name="q"
            type="search"
            value={filter.q ?? ''}
            aria-describedby={field('q-hint')}
            onChange={(event) => update('q', event.target.value)}
          />
          <p className="hint" id={field('q-hint')}>
            {t(locale, 'knowledge.keywordsHint')}
          </p>
        </div>
        <div className="field">
          <label htmlFor={field('from')}>{t(locale, 'knowledge.from')}</label>
          <input
            id={field('from')}
            name="from"
            type="date"
            value={filter.from ?? ''}
            max={filter.to}
            onChange={(event) => update('from', event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={field('to')}>{t(locale, 'knowledge.to')}</label>
          <input
            id={field('to')}
            name="to"
            type="date"
            value={filter.to ?? ''}
            min={filter.from}
            onChange={(event) => update('to', event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={field('author')}>{t(locale, 'knowledge.author')}</label>
          <select
            id={field('author')}
            name="author"
            value={filter.author ?? ''}
            onChange={(event) => update('author', event.target.value)}
          >
            <option value="">{t(locale, 'knowledge.allAuthors')}</option>
            {options.authors.map((author) => (
              <option key={author} value={author}>
                {author}
              </option>
            ))}
          </select>
        </div>
        <div className="field field-actions">
          <button type="button" className="secondary" onClick={() => setFilter({})}>
            {t(locale, 'knowledge.reset')}
          </button>
        </div>
      </search>

      <section aria-labelledby={field('results')}>
        <h2 id={field('results')} className="visually-hidden">
          {t(locale, 'knowledge.results')}
        </h2>
        <p className="result-count" role="status" aria-live="polite">
          {t(locale, 'knowledge.count', { count: shown.length, total: articles.length })}
        </p>
        {shown.length === 0 ? (
          <p className="empty">{t(locale, 'knowledge.empty')}</p>
        ) : (
          <ul className="article-list">
            {shown.map((article) => (
              <li key={article.id}>
                <article>
                  <p className="article-tags">
                    <span className="badge">{typeLabel(locale, article.contentType)}</span>
                    <span>{article.productSeries.name}</span>
                  </p>
                  <h3>
                    <a href={localePath(locale, `/knowledge/${article.slug}`)}>{article.title}</a>
                  </h3>
                  <p className="article-byline">
                    <span>{t(locale, 'knowledge.by', { author: article.author })}</span>
                    <time dateTime={article.publishedAt}>{formatDate(article.publishedAt, locale)}</time>
                  </p>
                  <p className="article-summary">{article.summary}</p>
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

// Rendered on the server as React's, without Astro's render to find that out (src/build/internals/island-render.ts).
serverRendered(KnowledgeCentre);
