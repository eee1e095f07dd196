import { type FocusEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { type Highlight, productSelectKeyword, type Suggestion } from '#api/search.ts';
import { type Locale, localePath, t } from '#i18n/index.ts';
import { pieces } from '#lib/highlight.ts';
import { serverRendered } from './server-render.ts';

interface Props {
  locale: Locale;
}

/** How long typing must pause before suggestions are asked for. */
const DEBOUNCE_MS = 150;
const PANEL_ID = 'search-panel';
const INPUT_ID = 'search-keyword';

/** Where a suggestion leads: its product, its category's list, or the search page for a family. */
function suggestionHref(locale: Locale, suggestion: Suggestion): string {
  if (suggestion.kind === 'product') return localePath(locale, `/product/${suggestion.slug}`);
  if (suggestion.kind === 'category') return localePath(locale, `/category/list/${suggestion.slug}`);
  return `${localePath(locale, '/search')}?keyword=${encodeURIComponent(suggestion.name)}`;
}

function Marked({ text, marks }: { text: string; marks: readonly Highlight[] }) {
  return (
    <>
      {pieces(text, marks).map((piece, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text never move
        piece.marked ? <mark key={i}>{piece.text}</mark> : <span key={i}>{piece.text}</span>,
      )}
    </>
  );
}

type State = { kind: 'idle' } | { kind: 'loading' } | { kind: 'done'; items: Suggestion[] } | { kind: 'failed' };

/**
 * The header's search box: a plain GET form to /search (it works before and without JavaScript), and once
 * hydrated (client:interact, on the first focus or pointer) an ARIA 1.2 combobox of suggestions.
 */
export default function SearchBox({ locale }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [state, setState] = useState<State>({ kind: 'idle' });
  // Each request gets a number; an answer is shown only if no later request was made (stale answers dropped).
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const ask = (text: string) => {
    clearTimeout(timer.current);
    const ticket = ++latest.current;
    if (text.trim() === '') {
      setState({ kind: 'idle' });
      return;
    }
    setState((current) => (current.kind === 'done' ? current : { kind: 'loading' }));
    timer.current = setTimeout(async () => {
      // The API client (and its schemas) loads with the first keyword, not with the box.
      const { call } = await import('#stores/api-client.ts');
      let items: Suggestion[] | undefined;
      try {
        items = await call(productSelectKeyword, { keyWord: text.slice(0, 200) }, { reject: true });
      } catch {
        items = undefined;
      }
      if (ticket !== latest.current) return;
      setState(items ? { kind: 'done', items } : { kind: 'failed' });
      setActive(-1);
    }, DEBOUNCE_MS);
  };

  // Hydration keeps the DOM: whatever was typed before it, and the focus, carry on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    if (element.value) {
      setKeyword(element.value);
      ask(element.value);
    }
    if (document.activeElement === element) setOpen(true);
    return () => clearTimeout(timer.current);
  }, []);

  const items = state.kind === 'done' ? state.items : [];
  const optionId = (index: number) => `search-option-${index}`;

  const go = (suggestion: Suggestion) => {
    setOpen(false);
    location.assign(suggestionHref(locale, suggestion));
  };

  /** What was typed: shown, and the suggestions asked for. */
  const typed = (text: string) => {
    setKeyword(text);
    setOpen(true);
    setActive(-1);
    ask(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (items.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // Around the options and back to the box itself (-1): position p = active + 1 in 0..n.
      setActive((current) => ((current + 1 + step + items.length + 1) % (items.length + 1)) - 1);
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (keyword !== '') {
        // With the suggestions closed, Escape empties the box, as browsers do in a search box (ARIA 1.2's
        // combobox pattern allows it).
        event.preventDefault();
        typed('');
      }
    } else if (event.key === 'Enter') {
      const chosen = open ? items[active] : undefined;
      if (chosen) {
        event.preventDefault();
        go(chosen);
      }
      // Otherwise the form goes to /search?keyword=… as it does without JavaScript.
    }
  };

  const onBlur = (event: FocusEvent<HTMLInputElement>) => {
    if (!event.currentTarget.form?.contains(event.relatedTarget as Node | null)) {
      setOpen(false);
      setActive(-1);
    }
  };

  const status =
    keyword.trim() === ''
      ? t(locale, 'header.searchHint')
      : state.kind === 'loading'
        ? t(locale, 'search.loading')
        : state.kind === 'failed'
          ? t(locale, 'search.suggestionsFailed')
          : state.kind === 'done' && items.length === 0
            ? t(locale, 'search.noSuggestions')
            : '';
  const shown = open && (status !== '' || items.length > 0);

  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with role search is the landmark every browser maps today
    <form
      className="search"
      role="search"
      aria-label={t(locale, 'header.siteSearch')}
      action={localePath(locale, '/search')}
      method="get"
    >
      <label className="visually-hidden" htmlFor={INPUT_ID}>
        {t(locale, 'header.search')}
      </label>
      <div className="search-field">
        <input
          ref={input}
          id={INPUT_ID}
          name="keyword"
          // A text box, not type=search, which may not take the combobox role (the W3C checker, decision 0074).
          // Phones still show a search keyboard, and Escape still empties the box (onKeyDown), as in a search box.
          type="text"
          inputMode="search"
          enterKeyHint="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={PANEL_ID}
          aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
          aria-describedby="search-status"
          placeholder={t(locale, 'header.search')}
          autoComplete="off"
          maxLength={200}
          value={keyword}
          onChange={(event) => typed(event.target.value)}
          onFocus={() => setOpen(true)}
          onBlur={onBlur}
          onKeyDown={onKeyDown}
        />
        <ul
          id={PANEL_ID}
          // A class, not `hidden`: React would write hidden="", which the HTML check refuses.
          className={shown ? 'search-panel' : 'search-panel closed'}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA 1.2 combobox's popup is a listbox
          role="listbox"
          aria-label={t(locale, 'header.suggestions')}
        >
          {status && (
            // biome-ignore lint/a11y/useFocusableInteractive: a disabled option that says why there are none
            <li
              className="search-hint"
              // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an option of the listbox
              role="option"
              aria-disabled="true"
              aria-selected="false"
            >
              {status}
            </li>
          )}
          {(shown ? items : []).map((item, index) => (
            // The options are chosen from the box (arrow keys and Enter; focus stays in the input, as ARIA 1.2
            // asks) or by pointer; they are never focused themselves.
            // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the combobox input
            // biome-ignore lint/a11y/useKeyWithClickEvents: the input's keydown handles the keys
            <li
              key={item.kind === 'family' ? `family-${item.key}` : `${item.kind}-${item.id}`}
              id={optionId(index)}
              // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an option of the listbox
              role="option"
              aria-selected={index === active}
              className={index === active ? 'active' : undefined}
              // Pressing must not blur the input first, or the panel would close before the click.
              onPointerDown={(event) => event.preventDefault()}
              onClick={() => go(item)}
            >
              <span className="suggestion-name">
                <Marked text={item.name} marks={item.nameHighlight} />
              </span>
              {item.kind === 'product' ? (
                <span className="suggestion-part">
                  <Marked text={item.partNumber} marks={item.partNumberHighlight} />
                </span>
              ) : (
                <span className="suggestion-kind">{t(locale, `search.kind.${item.kind}`)}</span>
              )}
            </li>
          ))}
        </ul>
        <p id="search-status" className="visually-hidden" aria-live="polite">
          {shown ? status || t(locale, 'search.suggestionCount', { count: items.length }) : ''}
        </p>
      </div>
      <button type="submit">{t(locale, 'header.searchButton')}</button>
    </form>
  );
}

// Rendered on every page alike for its locale: the build renders it once a locale (src/build/internals/island-render.ts).
// Its server HTML must stay a function of its props: no clock, random or outside state while rendering.
serverRendered(SearchBox, { sameHtml: true });
