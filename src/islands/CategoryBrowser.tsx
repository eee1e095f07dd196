import '../styles/islands.css';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import ProductCard, { type CardProduct } from '../components/ProductCard.tsx';
import { type Locale, type MessageKey, t } from '../i18n/index.ts';
import {
  buildFacets,
  type ChoiceFacet,
  type Facet,
  type FinderProduct,
  type FinderSelection,
  filterProducts,
  fromQuery,
  type NumericFacet,
  RESERVED_PARAMS,
  toQuery,
} from '../lib/finder.ts';

interface Props {
  locale: Locale;
  products: (FinderProduct & CardProduct)[];
  /**
   * The finder's facets, `buildFacets(products)`: made at build time, as sorting choices costs the browser its
   * first Intl.Collator (tens of ms of main thread) while the page hydrates. Made here when left out.
   */
  facets?: Facet[];
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

const isView = (value: string | null): value is View => VIEWS.some((view) => view === value);

/** What the visitor typed in a numeric facet's boxes, kept as text so half-typed numbers survive. */
type Drafts = Record<string, { min: string; max: string }>;
type Choices = Record<string, string[]>;

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

/** The category page's product views: all, new, featured and the "help me choose" finder, kept in the URL query. */
export default function CategoryBrowser({ locale, products, facets: builtFacets }: Props) {
  const id = useId();
  const facets = useMemo(() => builtFacets ?? buildFacets(products), [builtFacets, products]);
  const [view, setView] = useState<View>('all');
  const [drafts, setDrafts] = useState<Drafts>({});
  const [choices, setChoices] = useState<Choices>({});
  const [restored, setRestored] = useState(false);
  const tabs = useRef<Partial<Record<View, HTMLButtonElement | null>>>({});
  const selection = useMemo(() => selectionOf(facets, drafts, choices), [facets, drafts, choices]);

  // The URL is read after hydration, never during render, so the server and first client render agree.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const wanted = params.get('view');
    if (isView(wanted)) setView(wanted);
    const restoredDrafts: Drafts = {};
    const restoredChoices: Choices = {};
    for (const [key, value] of Object.entries(fromQuery(params, facets))) {
      if (Array.isArray(value)) restoredChoices[key] = value;
      else restoredDrafts[key] = { min: value.min?.toString() ?? '', max: value.max?.toString() ?? '' };
    }
    setDrafts(restoredDrafts);
    setChoices(restoredChoices);
    setRestored(true);
  }, [facets]);

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

  const shown =
    view === 'new'
      ? products.filter((p) => p.isNew)
      : view === 'featured'
        ? products.filter((p) => p.isFeatured)
        : view === 'finder'
          ? filterProducts(products, selection, facets)
          : products;
  const grid = (
    <div className="product-grid">
      {shown.map((product) => (
        <ProductCard key={product.id} locale={locale} product={product} />
      ))}
    </div>
  );

  return (
    // `data-restoring` stays until the URL has been read (see KnowledgeCentre).
    <div className="category-browser" data-restoring={restored ? undefined : ''}>
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
      <div className="tab-panel" role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${view}`}>
        {view === 'finder' ? (
          <div className="finder">
            <form className="finder-facets" aria-labelledby={`${id}-facets`} onSubmit={(e) => e.preventDefault()}>
              <h2 id={`${id}-facets`}>{t(locale, 'finder.filters')}</h2>
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
            <section className="finder-results" aria-labelledby={`${id}-results`}>
              <h2 id={`${id}-results`} className="visually-hidden">
                {t(locale, 'finder.results')}
              </h2>
              <p className="result-count" role="status" aria-live="polite">
                {t(locale, 'finder.count', { count: shown.length, total: products.length })}
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
        )}
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
  const range = `${facet.min}–${facet.max}${facet.unit ? ` ${facet.unit}` : ''}`;
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
                {facet.unit ? `${value} ${facet.unit}` : value} <span className="muted">({count})</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
