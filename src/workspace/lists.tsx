import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { Call, DataOf, Page } from '#api/common.ts';
import { LIST_PAGE_SIZE, type TranslationState } from '#api/editor-lists.ts';
import type { Locale } from '#i18n/index.ts';
import { type WorkspaceKey, wt } from '#i18n/workspace.ts';
import { useAnswer, useCategories } from './answers.ts';

// What every list of the workspace shares: the search, the filters with their counts, the page of 50, the
// loading, empty and error states, and the translation flags of a row.

type Counts = Record<'all' | 'published' | 'unpublished' | 'missing' | 'stale' | 'changed', number>;

export interface ListFilters {
  keyword: string;
  /** A category's key (products only): its products and its subcategories'. */
  category: string;
  published: 'all' | 'published' | 'unpublished';
  translation: 'all' | 'missing' | 'stale' | 'incomplete';
  changed: boolean;
  sort: string;
  pageNum: number;
}

/** A list call of the contract: its request takes the filters, its answer is a page and the counts. */
type ListCall = Call & { __list?: never };

interface Props<C extends ListCall, Row> {
  locale: Locale;
  token: string;
  onSignedOut: () => void;
  contract: C;
  titleKey: WorkspaceKey;
  searchKey?: WorkspaceKey;
  /** The sorts offered, the first the default; `relevance` is offered only with a keyword. */
  sorts: readonly string[];
  head: ReactNode;
  row: (record: Row) => ReactNode;
  /** Offer the category filter (the product list). */
  byCategory?: boolean;
  /** Where a new record's form is. */
  newHref?: string;
}

/** A list screen: search, filters with counts, a table of the page, and the pager. */
export function ListScreen<C extends ListCall, Row extends { id: number }>({
  locale,
  token,
  onSignedOut,
  contract,
  titleKey,
  searchKey = 'list.search',
  sorts,
  head,
  row,
  byCategory = false,
  newHref,
}: Props<C, Row>) {
  const start: ListFilters = {
    keyword: '',
    category: '',
    published: 'all',
    translation: 'all',
    changed: false,
    sort: sorts[0] ?? 'updated',
    pageNum: 1,
  };
  const [filters, setFilters] = useState<ListFilters>(start);
  const status = useId();
  const titleId = useId();
  const { category, ...asked } = filters;
  const { answer, error, busy } = useAnswer<C, { page: Page<Row>; counts: Counts }>(
    contract,
    { ...asked, ...(category ? { category } : {}), pageSize: LIST_PAGE_SIZE },
    { token, locale, onSignedOut },
  );
  const categories = useCategories(byCategory, { token, locale, onSignedOut });

  const set = (change: Partial<ListFilters>) => setFilters((before) => ({ ...before, pageNum: 1, ...change }));
  const search = (keyword: string) => {
    const relevance = sorts.includes('relevance');
    set({ keyword, ...(relevance ? { sort: keyword ? 'relevance' : (sorts[0] ?? 'updated') } : {}) });
  };
  const counts = answer?.counts;
  const page = answer?.page;
  const count = (n: number | undefined) => (n === undefined ? '' : ` (${n})`);

  return (
    <section aria-labelledby={titleId}>
      <div className="ws-title-row">
        <h1 id={titleId}>{wt(locale, titleKey)}</h1>
        {newHref && (
          <a className="ws-button" href={newHref}>
            {wt(locale, 'list.new')}
          </a>
        )}
      </div>
      <SearchForm locale={locale} labelKey={searchKey} onSearch={search} />
      <div className="ws-filters">
        {byCategory && (
          <label>
            {wt(locale, 'list.category')}
            <select value={filters.category} onChange={(event) => set({ category: event.target.value })}>
              <option value="">{wt(locale, 'filter.allCategories')}</option>
              {categories.map((option) => (
                <option key={option.key} value={option.key}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          {wt(locale, 'list.published')}
          <select
            value={filters.published}
            onChange={(event) => set({ published: event.target.value as ListFilters['published'] })}
          >
            <option value="all">{wt(locale, 'filter.all') + count(counts?.all)}</option>
            <option value="published">{wt(locale, 'filter.published') + count(counts?.published)}</option>
            <option value="unpublished">{wt(locale, 'filter.unpublished') + count(counts?.unpublished)}</option>
          </select>
        </label>
        <label>
          {wt(locale, 'list.translation')}
          <select
            value={filters.translation}
            onChange={(event) => set({ translation: event.target.value as ListFilters['translation'] })}
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
          {wt(locale, 'list.sort')}
          <select value={filters.sort} onChange={(event) => set({ sort: event.target.value })}>
            {sorts
              .filter((sort) => sort !== 'relevance' || filters.keyword)
              .map((sort) => (
                <option key={sort} value={sort}>
                  {wt(locale, `sort.${sort}` as WorkspaceKey)}
                </option>
              ))}
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
      <ListState
        locale={locale}
        id={status}
        busy={busy}
        error={error}
        shown={page?.records.length}
        total={page?.total}
      />
      {page && page.records.length > 0 && (
        <div className="ws-table-wrap">
          <table className="ws-table" aria-labelledby={titleId} aria-describedby={status}>
            <thead>{head}</thead>
            <tbody>{page.records.map((record) => row(record))}</tbody>
          </table>
        </div>
      )}
      {page && (
        <Pager locale={locale} page={page} onPage={(pageNum) => setFilters((before) => ({ ...before, pageNum }))} />
      )}
    </section>
  );
}

const FIELDS = [
  'name',
  'title',
  'summary',
  'description',
  'body',
  'author',
  'attributes',
  'options',
  'resources',
  'images',
  'curves',
];

/** A row's state: not published, a translation missing (which texts) or stale, changed since the last publish. */
export function Flags({
  locale,
  record,
}: {
  locale: Locale;
  record: { published: boolean; translation: TranslationState; missing: string[]; changed: boolean };
}) {
  const fields = record.missing
    .map((field) => wt(locale, `field.${FIELDS.includes(field) ? field : 'other'}` as WorkspaceKey))
    .join(locale === 'zh-CN' ? '、' : ', ');
  const flags = [
    record.published ? undefined : wt(locale, 'state.unpublished'),
    record.translation === 'missing'
      ? wt(locale, 'state.missing', { fields })
      : record.translation === 'stale'
        ? wt(locale, 'state.stale')
        : undefined,
    record.changed ? wt(locale, 'state.changed') : undefined,
  ].filter((flag): flag is string => flag !== undefined);
  if (flags.length === 0) return <>{wt(locale, 'state.complete')}</>;
  return (
    <ul className="ws-flags">
      {flags.map((flag) => (
        <li key={flag}>{flag}</li>
      ))}
    </ul>
  );
}

/** A Chinese text, or that it is empty. */
export function Chinese({ locale, text }: { locale: Locale; text: string }) {
  return text ? <span lang="zh-CN">{text}</span> : <span className="ws-missing">{wt(locale, 'state.empty')}</span>;
}

interface SmallProps<C extends Call> {
  locale: Locale;
  token: string;
  onSignedOut: () => void;
  contract: C;
  titleKey: WorkspaceKey;
  head: ReactNode;
  row: (record: SmallRecords<C>[number]) => ReactNode;
}

type SmallRecords<C extends Call> = DataOf<C> extends { records: (infer R)[] } ? R[] : never;

/** A short list (page meta, settings): a search and the missing-translation filter, every row at once. */
export function SmallListScreen<C extends Call>({
  locale,
  token,
  onSignedOut,
  contract,
  titleKey,
  head,
  row,
}: SmallProps<C>) {
  const [keyword, setKeyword] = useState('');
  const [translation, setTranslation] = useState<'all' | 'missing'>('all');
  const titleId = useId();
  const status = useId();
  const { answer, error, busy } = useAnswer<C, { records: SmallRecords<C>; counts: { all: number; missing: number } }>(
    contract,
    { keyword, translation },
    { token, locale, onSignedOut },
  );

  return (
    <section aria-labelledby={titleId}>
      <h1 id={titleId}>{wt(locale, titleKey)}</h1>
      <SearchForm locale={locale} labelKey="list.searchText" onSearch={setKeyword} />
      <div className="ws-filters">
        <label>
          {wt(locale, 'list.translation')}
          <select value={translation} onChange={(event) => setTranslation(event.target.value as 'all' | 'missing')}>
            <option value="all">{`${wt(locale, 'filter.all')}${answer ? ` (${answer.counts.all})` : ''}`}</option>
            <option value="missing">{`${wt(locale, 'filter.missing')}${answer ? ` (${answer.counts.missing})` : ''}`}</option>
          </select>
        </label>
      </div>
      <ListState
        locale={locale}
        id={status}
        busy={busy}
        error={error}
        shown={answer?.records.length}
        total={answer?.counts.all}
      />
      {answer && answer.records.length > 0 && (
        <div className="ws-table-wrap">
          <table className="ws-table" aria-labelledby={titleId} aria-describedby={status}>
            <thead>{head}</thead>
            <tbody>{answer.records.map((record) => row(record))}</tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The previous and next buttons of a paged list, and where it stands; nothing for one page. */
export function Pager({
  locale,
  page,
  onPage,
}: {
  locale: Locale;
  page: { current: number; pages: number };
  onPage: (pageNum: number) => void;
}) {
  if (page.pages <= 1) return null;
  return (
    <nav className="ws-pager" aria-label={wt(locale, 'list.pages')}>
      <button
        type="button"
        className="ws-secondary"
        disabled={page.current <= 1}
        onClick={() => onPage(page.current - 1)}
      >
        {wt(locale, 'list.previous')}
      </button>
      <span>{wt(locale, 'list.pageOf', { page: page.current, pages: page.pages })}</span>
      <button
        type="button"
        className="ws-secondary"
        disabled={page.current >= page.pages}
        onClick={() => onPage(page.current + 1)}
      >
        {wt(locale, 'list.next')}
      </button>
    </nav>
  );
}

/**
 * Where a list stands, read out as it changes: loading, how many of how many, the API's error, or that
 * nothing matches.
 */
export function ListState({
  locale,
  id,
  busy,
  error,
  shown,
  total,
}: {
  locale: Locale;
  id: string;
  busy: boolean;
  error: string | undefined;
  shown: number | undefined;
  total: number | undefined;
}) {
  return (
    <>
      <p id={id} role="status" className="ws-help">
        {busy
          ? wt(locale, 'app.loading')
          : shown !== undefined && total !== undefined
            ? wt(locale, 'list.showing', { shown, total })
            : ''}
      </p>
      {error && (
        <p className="ws-error" role="alert">
          {error}
        </p>
      )}
      {shown === 0 && !busy && <p>{wt(locale, 'list.none')}</p>}
    </>
  );
}

/** A list's search: a labelled box and its button; the words go to `onSearch` trimmed. */
function SearchForm({
  locale,
  labelKey,
  onSearch,
}: {
  locale: Locale;
  labelKey: WorkspaceKey;
  onSearch: (keyword: string) => void;
}) {
  const [typed, setTyped] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(typed.trim());
  };
  return (
    <search>
      <form className="ws-search" onSubmit={submit}>
        <label htmlFor={id}>{wt(locale, labelKey)}</label>
        <div className="ws-row">
          <input id={id} type="search" value={typed} onChange={(event) => setTyped(event.target.value)} />
          <button type="submit">{wt(locale, 'list.searchButton')}</button>
        </div>
      </form>
    </search>
  );
}
