import { type FormEvent, useEffect, useId, useState } from 'react';
import type { DataOf, RequestOf } from '#api/common.ts';
import { editorProductList, type ProductRow } from '#api/editor-lists.ts';
import type { Locale } from '#i18n/index.ts';
import { wt } from '#i18n/workspace.ts';
import { call, WorkspaceError } from './api.ts';

type Filters = Pick<RequestOf<typeof editorProductList>, 'published' | 'translation' | 'changed' | 'sort'> & {
  keyword: string;
  pageNum: number;
};

const START: Filters = {
  keyword: '',
  published: 'all',
  translation: 'all',
  changed: false,
  sort: 'updated',
  pageNum: 1,
};

interface Props {
  locale: Locale;
  token: string;
  /** The sign-in ended (a 401): the workspace goes back to its sign-in. */
  onSignedOut: () => void;
}

/**
 * The products, published or not, as the editor searches and filters them: the counts of each filter for
 * the same search, the translation state of each product (both languages' names side by side), pages of 50.
 */
export default function ProductList({ locale, token, onSignedOut }: Props) {
  const [filters, setFilters] = useState<Filters>(START);
  const [typed, setTyped] = useState('');
  const [answer, setAnswer] = useState<DataOf<typeof editorProductList> | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(true);
  const status = useId();

  useEffect(() => {
    let current = true;
    setBusy(true);
    call(editorProductList, { ...filters, pageSize: 50 }, { token, locale })
      .then((data) => {
        if (!current) return;
        setAnswer(data);
        setError(undefined);
      })
      .catch((caught: unknown) => {
        if (!current) return;
        if (caught instanceof WorkspaceError && caught.code === 401) onSignedOut();
        setError(caught instanceof WorkspaceError ? caught.message : wt(locale, 'app.unexpected'));
      })
      .finally(() => current && setBusy(false));
    return () => {
      current = false;
    };
  }, [filters, token, locale, onSignedOut]);

  const set = (change: Partial<Filters>) => setFilters((before) => ({ ...before, pageNum: 1, ...change }));
  const search = (event: FormEvent) => {
    event.preventDefault();
    set({ keyword: typed.trim(), sort: typed.trim() ? 'relevance' : 'updated' });
  };
  const counts = answer?.counts;
  const page = answer?.page;
  const count = (n: number | undefined) => (n === undefined ? '' : ` (${n})`);

  return (
    <section aria-labelledby="ws-products-title">
      <h1 id="ws-products-title">{wt(locale, 'products.title')}</h1>
      <search>
        <form className="ws-search" onSubmit={search}>
          <label htmlFor="ws-keyword">{wt(locale, 'products.search')}</label>
          <div className="ws-row">
            <input id="ws-keyword" type="search" value={typed} onChange={(event) => setTyped(event.target.value)} />
            <button type="submit">{wt(locale, 'products.searchButton')}</button>
          </div>
        </form>
      </search>
      <div className="ws-filters">
        <label>
          {wt(locale, 'products.published')}
          <select
            value={filters.published}
            onChange={(event) => set({ published: event.target.value as Filters['published'] })}
          >
            <option value="all">{wt(locale, 'filter.all') + count(counts?.all)}</option>
            <option value="published">{wt(locale, 'filter.published') + count(counts?.published)}</option>
            <option value="unpublished">{wt(locale, 'filter.unpublished') + count(counts?.unpublished)}</option>
          </select>
        </label>
        <label>
          {wt(locale, 'products.translation')}
          <select
            value={filters.translation}
            onChange={(event) => set({ translation: event.target.value as Filters['translation'] })}
          >
            <option value="all">{wt(locale, 'filter.all')}</option>
            <option value="incomplete">
              {wt(locale, 'filter.incomplete') + count(counts && counts.missing + counts.stale)}
            </option>
            <option value="missing">{wt(locale, 'filter.missing') + count(counts?.missing)}</option>
            <option value="stale">{wt(locale, 'filter.stale') + count(counts?.stale)}</option>
          </select>
        </label>
        <label>
          {wt(locale, 'products.sort')}
          <select value={filters.sort} onChange={(event) => set({ sort: event.target.value as Filters['sort'] })}>
            <option value="updated">{wt(locale, 'sort.updated')}</option>
            <option value="name">{wt(locale, 'sort.name')}</option>
            <option value="partNumber">{wt(locale, 'sort.partNumber')}</option>
            {filters.keyword && <option value="relevance">{wt(locale, 'sort.relevance')}</option>}
          </select>
        </label>
        <label className="ws-check">
          <input
            type="checkbox"
            checked={filters.changed}
            onChange={(event) => set({ changed: event.target.checked })}
          />
          {wt(locale, 'filter.changed') + count(counts?.changed)}
        </label>
      </div>
      <p id={status} role="status" className="ws-help">
        {busy
          ? wt(locale, 'app.loading')
          : page
            ? wt(locale, 'products.showing', { shown: page.records.length, total: page.total })
            : ''}
      </p>
      {error && (
        <p className="ws-error" role="alert">
          {error}
        </p>
      )}
      {page && page.records.length === 0 && !busy && <p>{wt(locale, 'products.none')}</p>}
      {page && page.records.length > 0 && (
        <div className="ws-table-wrap">
          <table className="ws-table" aria-describedby={status}>
            <thead>
              <tr>
                <th scope="col">{wt(locale, 'products.partNumber')}</th>
                <th scope="col" lang="en">
                  {wt(locale, 'products.nameEn')}
                </th>
                <th scope="col">{wt(locale, 'products.nameZh')}</th>
                <th scope="col">{wt(locale, 'products.category')}</th>
                <th scope="col">{wt(locale, 'products.state')}</th>
              </tr>
            </thead>
            <tbody>
              {page.records.map((product) => (
                <Row key={product.id} product={product} locale={locale} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page && page.pages > 1 && (
        <nav className="ws-pager" aria-label={wt(locale, 'products.pages')}>
          <button
            type="button"
            className="ws-secondary"
            disabled={filters.pageNum <= 1}
            onClick={() => setFilters((before) => ({ ...before, pageNum: before.pageNum - 1 }))}
          >
            {wt(locale, 'products.previous')}
          </button>
          <span>{wt(locale, 'products.pageOf', { page: page.current, pages: page.pages })}</span>
          <button
            type="button"
            className="ws-secondary"
            disabled={filters.pageNum >= page.pages}
            onClick={() => setFilters((before) => ({ ...before, pageNum: before.pageNum + 1 }))}
          >
            {wt(locale, 'products.next')}
          </button>
        </nav>
      )}
    </section>
  );
}

function Row({ product, locale }: { product: ProductRow; locale: Locale }) {
  const flags = [
    product.published ? undefined : wt(locale, 'state.unpublished'),
    product.translation === 'missing'
      ? wt(locale, 'state.missing', { fields: product.missing.map((field) => wt(locale, fieldKey(field))).join(', ') })
      : product.translation === 'stale'
        ? wt(locale, 'state.stale')
        : undefined,
    product.changed ? wt(locale, 'state.changed') : undefined,
  ].filter(Boolean);
  return (
    <tr>
      <td className="ws-mono">{product.partNumber}</td>
      <td lang="en">{product.name.en}</td>
      <td lang="zh-CN">{product.name.zh || <span className="ws-missing">{wt(locale, 'state.empty')}</span>}</td>
      <td>{locale === 'zh-CN' ? product.category.name.zh || product.category.name.en : product.category.name.en}</td>
      <td>
        {flags.length === 0 ? (
          wt(locale, 'state.complete')
        ) : (
          <ul className="ws-flags">
            {flags.map((flag) => (
              <li key={flag}>{flag}</li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}

const FIELDS = ['name', 'summary', 'description', 'attributes', 'options', 'resources'] as const;
const fieldKey = (field: string) =>
  `field.${(FIELDS as readonly string[]).includes(field) ? field : 'other'}` as `field.${(typeof FIELDS)[number] | 'other'}`;
