import '../styles/islands.css';
import { type KeyboardEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import ProductCard, { type CardProduct } from '#components/ProductCard.tsx';
import { type Locale, type MessageKey, t } from '#i18n/index.ts';
import {
  type ChoiceFacet,
  type Facet,
  type FinderData,
  type FinderProduct,
  type FinderSelection,
  filterProducts,
  fromQuery,
  type NumericFacet,
  RESERVED_PARAMS,
  toQuery,
} from '#lib/finder.ts';
import { serverRendered } from './server-render.ts';

interface Props {
  locale: Locale;
  /** This page's products: what the "all" view shows, with the pager after the island. */
  products: CardProduct[];
  /** How many products the whole category has. */
  total: number;
  /**
   * The whole category's cards, specifications and finder facets (`/category/list/{name}/products.json`),
   * fetched when the visitor opens a view other than this page's products.
   */
  dataUrl: string;
}

const VIEWS = ['all', 'new', 'featured', 'finder'] as const;
type View = (typeof VIEWS)[number];

const TAB_LABEL: Record<View, MessageKey> = {
  all: 'browse.all',
  new: 'browse.new',
  featured: 'browse.featured',
  finder: 'browse.finder',
};
const EMPTY: Record<Exclude<View, 'finder'>, MessageKey> = {
  all: 'browse.emptyAll',
  new: 'browse.emptyNew',
  featured: 'browse.emptyFeatured',
};

/** Cards a view shows at first and adds with each "show more". */
const STEP = 24;

const isView = (value: string | null): value is View => VIEWS.some((view) => view === value);

/** What the visitor typed in a numeric facet's boxes, kept as text so half-typed numbers survive. */
type Drafts = Record<string, { min: string; max: string }>;
type Choices = Record<string, string[]>;
type Whole = FinderData<FinderProduct & CardProduct>;
type Loaded = { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; data: Whole };

const parseBound = (text: string | undefined): number | undefined => {
  if (text === undefined || text.trim() === '') return undefined;
  const number = Number(text);
  return Number.isFinite(number) ? number : undefined;
};

/** The selection the boxes and ticks describe, in the order of the facets so the URL reads the same way. */
function selectionOf(facets: Facet[], drafts: Drafts, choices: Choices): FinderSelection {
  const selection: FinderSelection = {};
  for (const facet of facets) {
    if (facet.kind === 'choice') {
      const chosen = choices[facet.key];
      if (chosen) selection[facet.key] = chosen;
      continue;
    }
    const min = parseBound(drafts[facet.key]?.min);
    const max = parseBound(drafts[facet.key]?.max);
    selection[facet.key] = { ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
  }
  return selection;
}

/** The category's whole product data, checked for the shape the views read. */
async function fetchWhole(url: string): Promise<Whole> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const data = (await response.json()) as Partial<Whole> | null;
  if (!data || !Array.isArray(data.products) || !Array.isArray(data.facets))
    throw new Error(`${url} is not product data`);
  return { products: data.products, facets: data.facets };
}

const NO_FACETS: Facet[] = [];

/**
 * The category page's product views: this page's products, new arrivals, featured and the "help me choose"
 * finder, kept in the URL query. The last three see the whole category, fetched on first use.
 */
export default function CategoryBrowser({ locale, products, total, dataUrl }: Props) {
  const id = useId();
  const [view, setView] = useState<View>('all');
  const [drafts, setDrafts] = useState<Drafts>({});
  const [choices, setChoices] = useState<Choices>({});
  const [restored, setRestored] = useState(false);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'idle' });
  const [limit, setLimit] = useState(STEP);
  const tabs = useRef<Partial<Record<View, HTMLButtonElement | null>>>({});
  const whole = loaded.status === 'ready' ? loaded.data : undefined;
  const facets = whole?.facets ?? NO_FACETS;
  const selection = useMemo(() => selectionOf(facets, drafts, choices), [facets, drafts, choices]);

  const load = useCallback(() => {
    setLoaded({ status: 'loading' });
    fetchWhole(dataUrl).then(
      (data) => setLoaded({ status: 'ready', data }),
      () => setLoaded({ status: 'failed' }),
    );
  }, [dataUrl]);

  // The URL is read after hydration, never during render, so the server and first client render agree.
  useEffect(() => {
    const wanted = new URLSearchParams(window.location.search).get('view');
    if (isView(wanted) && wanted !== 'all') setView(wanted);
    else setRestored(true);
  }, []);

  useEffect(() => {
    if (view !== 'all' && loaded.status === 'idle') load();
  }, [view, loaded.status, load]);

  // The finder's choices in the URL are read once the facets that name them are in (or could not be loaded).
  useEffect(() => {
    if (restored) return;
    if (loaded.status === 'failed') setRestored(true);
    if (loaded.status !== 'ready') return;
    const restoredDrafts: Drafts = {};
    const restoredChoices: Choices = {};
    const params = new URLSearchParams(window.location.search);
    for (const [key, value] of Object.entries(fromQuery(params, loaded.data.facets))) {
      if (Array.isArray(value)) restoredChoices[key] = value;
      else restoredDrafts[key] = { min: value.min?.toString() ?? '', max: value.max?.toString() ?? '' };
    }
    setDrafts(restoredDrafts);
    setChoices(restoredChoices);
    setRestored(true);
  }, [restored, loaded]);

  useEffect(() => {
    if (!restored) return;
    const url = new URL(window.location.href);
    for (const name of [...RESERVED_PARAMS, ...facets.map((facet) => facet.key)]) url.searchParams.delete(name);
    if (view !== 'all') url.searchParams.set('view', view);
    if (view === 'finder') {
      for (const [name, value] of new URLSearchParams(toQuery(selection))) url.searchParams.append(name, value);
    }
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
  }, [restored, view, selection, facets]);

  // A new view or a new choice starts again from the first cards.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the limit resets when what is shown changes.
  useEffect(() => setLimit(STEP), [view, selection]);

  const select = (next: View, focus = false) => {
    setView(next);
    if (focus) tabs.current[next]?.focus();
  };
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = VIEWS.indexOf(view);
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % VIEWS.length,
      ArrowLeft: (index - 1 + VIEWS.length) % VIEWS.length,
      Home: 0,
      End: VIEWS.length - 1,
    };
    const target = VIEWS[moves[event.key] ?? -1];
    if (target === undefined) return;
    event.preventDefault();
    select(target, true);
  };

  const all = whole?.products ?? [];
  const shown: CardProduct[] =
    view === 'all'
      ? products
      : view === 'new'
        ? all.filter((p) => p.isNew)
        : view === 'featured'
          ? all.filter((p) => p.isFeatured)
          : filterProducts(all, selection, facets);
  const visible = view === 'all' ? shown : shown.slice(0, limit);
  const grid = (
    <>
      <div className="product-grid">
        {visible.map((product) => (
          <ProductCard key={product.id} locale={locale} product={product} />
        ))}
      </div>
      {visible.length < shown.length && (
        <div className="show-more">
          <p className="muted">{t(locale, 'browse.showing', { shown: visible.length, count: shown.length })}</p>
          <button type="button" className="secondary" onClick={() => setLimit(limit + STEP)}>
            {t(locale, 'browse.more')}
          </button>
        </div>
      )}
    </>
  );
  const waiting =
    view !== 'all' && !whole ? (
      loaded.status === 'failed' ? (
        <div className="load-failed" role="alert">
          <p>{t(locale, 'browse.loadFailed')}</p>
          <button type="button" className="secondary" onClick={load}>
            {t(locale, 'browse.retry')}
          </button>
        </div>
      ) : (
        <p className="loading" role="status">
          {t(locale, 'browse.loading')}
        </p>
      )
    ) : undefined;

  return (
    // `data-restoring` stays until the URL has been read (as the knowledge centre's does); `data-view` hides the pager
    // (src/styles/paging.css) while another view than this page's products is shown.
    <div className="category-browser" data-restoring={restored ? undefined : ''} data-view={view}>
      <div className="tabs" role="tablist" aria-label={t(locale, 'browse.views')}>
        {VIEWS.map((tab) => (
          <button
            key={tab}
            ref={(element) => {
              tabs.current[tab] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab}`}
            aria-selected={view === tab}
            aria-controls={`${id}-panel`}
            tabIndex={view === tab ? 0 : -1}
            onClick={() => select(tab)}
            onKeyDown={onTabKey}
          >
            {t(locale, TAB_LABEL[tab])}
          </button>
        ))}
      </div>
      <div
        className="tab-panel"
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${view}`}
        aria-busy={loaded.status === 'loading' && view !== 'all' ? true : undefined}
      >
        {waiting ??
          (view === 'finder' ? (
            <div className="finder">
              <form className="finder-facets" aria-labelledby={`${id}-facets`} onSubmit={(e) => e.preventDefault()}>
                <h2 id={`${id}-facets`}>{t(locale, 'finder.filters')}</h2>
                {/* On a phone the facets stand above the results: one tap past them (src/styles/paging.css). */}
                <a className="to-results" href={`#${id}-results-section`}>
                  {t(locale, 'finder.toResults', { count: shown.length })}
                </a>
                <p className="muted">{t(locale, facets.length > 0 ? 'finder.intro' : 'finder.noFacets')}</p>
                {facets.map((facet) =>
                  facet.kind === 'numeric' ? (
                    <NumericField
                      key={facet.key}
                      id={`${id}-${facet.key}`}
                      locale={locale}
                      facet={facet}
                      draft={drafts[facet.key] ?? { min: '', max: '' }}
                      onChange={(draft) => setDrafts({ ...drafts, [facet.key]: draft })}
                    />
                  ) : (
                    <ChoiceField
                      key={facet.key}
                      locale={locale}
                      facet={facet}
                      chosen={choices[facet.key] ?? []}
                      onChange={(chosen) => setChoices({ ...choices, [facet.key]: chosen })}
                    />
                  ),
                )}
                {facets.some((facet) => facet.kind === 'numeric') && (
                  <p className="note">{t(locale, 'finder.coverNote')}</p>
                )}
                <button
                  type="button"
                  className="secondary"
                  onClick={() => {
                    setDrafts({});
                    setChoices({});
                  }}
                >
                  {t(locale, 'finder.reset')}
                </button>
              </form>
              <section
                className="finder-results"
                id={`${id}-results-section`}
                tabIndex={-1}
                aria-labelledby={`${id}-results`}
              >
                <h2 id={`${id}-results`} className="visually-hidden">
                  {t(locale, 'finder.results')}
                </h2>
                <p className="result-count" role="status" aria-live="polite">
                  {t(locale, 'finder.count', { count: shown.length, total })}
                </p>
                {shown.length === 0 ? <p className="empty">{t(locale, 'finder.empty')}</p> : grid}
              </section>
            </div>
          ) : (
            <>
              {/* The cards' h3 headings need an h2 above them. */}
              <h2 className="visually-hidden">{t(locale, TAB_LABEL[view])}</h2>
              {shown.length === 0 ? <p className="empty">{t(locale, EMPTY[view])}</p> : grid}
            </>
          ))}
      </div>
    </div>
  );
}

const withUnit = (locale: Locale, label: string, unit: string): string =>
  unit ? t(locale, 'finder.withUnit', { label, unit }) : label;

interface NumericFieldProps {
  id: string;
  locale: Locale;
  facet: NumericFacet;
  draft: { min: string; max: string };
  onChange: (draft: { min: string; max: string }) => void;
}

function NumericField({ id, locale, facet, draft, onChange }: NumericFieldProps) {
  const range = `${facet.min}–${facet.max}${facet.unit ? `\u00a0${facet.unit}` : ''}`;
  return (
    <fieldset className="facet">
      <legend>{withUnit(locale, facet.label, facet.unit)}</legend>
      <div className="facet-range">
        {(['min', 'max'] as const).map((side) => (
          <label key={side}>
            <span>{t(locale, side === 'min' ? 'finder.min' : 'finder.max')}</span>
            <input
              type="number"
              inputMode="decimal"
              step="any"
              placeholder={String(side === 'min' ? facet.min : facet.max)}
              value={draft[side]}
              aria-describedby={`${id}-hint`}
              onChange={(event) => onChange({ ...draft, [side]: event.target.value })}
            />
          </label>
        ))}
      </div>
      <p className="hint" id={`${id}-hint`}>
        {t(locale, 'finder.available', { range })}
      </p>
    </fieldset>
  );
}

interface ChoiceFieldProps {
  locale: Locale;
  facet: ChoiceFacet;
  chosen: string[];
  onChange: (chosen: string[]) => void;
}

function ChoiceField({ locale, facet, chosen, onChange }: ChoiceFieldProps) {
  return (
    <fieldset className="facet">
      <legend>{withUnit(locale, facet.label, facet.unit)}</legend>
      <ul className="choices">
        {facet.values.map(({ value, count }) => (
          <li key={value}>
            <label>
              <input
                type="checkbox"
                checked={chosen.includes(value)}
                onChange={(event) =>
                  onChange(event.target.checked ? [...chosen, value] : chosen.filter((v) => v !== value))
                }
              />
              <span>
                {facet.unit ? `${value}\u00a0${facet.unit}` : value} <span className="muted">({count})</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

// Rendered on the server as React's, without Astro's render to find that out (src/build/internals/island-render.ts).
serverRendered(CategoryBrowser);
