import type { ContentType } from '#api/news.ts';
import { chooseForm, type PluralForms } from '#i18n/plural.ts';
import {
  type FilterableArticle,
  filterArticles,
  fromQuery,
  KNOWLEDGE_PARAMS,
  type KnowledgeFilter,
  toQuery,
} from '#lib/knowledge-filter.ts';

// The knowledge centre (src/components/KnowledgeCentre.astro, rendered at build time with every article) in the
// browser: the filters hide the articles that do not match and write the count; the filter lives in the URL's
// query (replaced, not pushed, as it changes) so a view can be shared. Plain DOM (no React, no API client), so
// the page ships a few KB of JavaScript; filtering itself is src/lib/knowledge-filter.ts, as at build time.

interface Text {
  count: PluralForms;
}

interface Listed extends FilterableArticle {
  item: HTMLElement;
}

type Control = HTMLInputElement | HTMLSelectElement;

/** `{{name}}` placeholders filled in. */
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/** An article as filtering reads it, from its list item (the build writes what the text does not show). */
function listed(item: HTMLElement): Listed {
  return {
    item,
    contentType: item.dataset.type as ContentType,
    productSeries: { id: Number(item.dataset.series) },
    author: item.dataset.author ?? '',
    title: item.querySelector('h3')?.textContent ?? '',
    summary: item.querySelector('.article-summary')?.textContent ?? '',
    publishedAt: item.querySelector('time')?.dateTime ?? '',
  };
}

/** A control's value as a filter field: '' for none (as its empty option or box says). */
function fieldValue(name: keyof KnowledgeFilter, value: string): KnowledgeFilter[keyof KnowledgeFilter] | '' {
  if (name === 'series') return value === '' ? '' : Number(value);
  return value;
}

/** Sets or removes a date box's bound. */
function bound(control: Control | undefined, name: 'min' | 'max', value: string | undefined): void {
  if (value === undefined) control?.removeAttribute(name);
  else control?.setAttribute(name, value);
}

/** Wires one `[data-knowledge-centre]`. */
function setUpKnowledgeCentre(root: HTMLElement): void {
  const locale = root.dataset.locale ?? 'en';
  const text = JSON.parse(root.dataset.text ?? '') as Text;
  const articles = [...root.querySelectorAll<HTMLElement>('.article-list > li')].map(listed);
  const list = root.querySelector<HTMLElement>('.article-list');
  const count = root.querySelector<HTMLElement>('[data-knowledge-count]');
  const empty = root.querySelector<HTMLElement>('[data-knowledge-empty]');
  const reset = root.querySelector<HTMLButtonElement>('[data-knowledge-reset]');
  const controls = new Map<keyof KnowledgeFilter, Control>();
  for (const name of KNOWLEDGE_PARAMS) {
    const control = root.querySelector<Control>(`.knowledge-filters [name="${name}"]`);
    if (control) controls.set(name, control);
  }
  if (!list || !count || !empty || !reset) return;

  let filter: KnowledgeFilter = {};

  /** The controls, the list, the count and the URL as the filter says. */
  const show = () => {
    for (const [name, control] of controls) {
      const value = String(filter[name] ?? '');
      if (control.value !== value) control.value = value;
    }
    // The date boxes bound each other, as a range.
    bound(controls.get('from'), 'max', filter.to);
    bound(controls.get('to'), 'min', filter.from);

    const shown = new Set(filterArticles(articles, filter));
    for (const article of articles) article.item.hidden = !shown.has(article);
    list.hidden = shown.size === 0;
    empty.hidden = shown.size > 0;
    const message = fill(chooseForm(locale, text.count, shown.size), { count: shown.size, total: articles.length });
    if (count.textContent !== message) count.textContent = message;

    const url = new URL(window.location.href);
    for (const name of KNOWLEDGE_PARAMS) url.searchParams.delete(name);
    for (const [name, value] of new URLSearchParams(toQuery(filter))) url.searchParams.append(name, value);
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
  };

  for (const [name, control] of controls) {
    control.addEventListener('input', () => {
      const value = fieldValue(name, control.value);
      const next: Record<string, unknown> = { ...filter };
      if (value === '') delete next[name];
      else next[name] = value;
      filter = next as KnowledgeFilter;
      show();
    });
  }
  reset.addEventListener('click', () => {
    filter = {};
    show();
  });

  filter = fromQuery(window.location.search);
  show();
  // Until the URL has been read, nothing (a test, a script) should act on the defaults.
  root.removeAttribute('data-restoring');
}

/** Wires the knowledge centre on the page. */
export function startKnowledgeCentre(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-knowledge-centre]')) setUpKnowledgeCentre(root);
}
