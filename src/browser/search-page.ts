import type { CategoryHit, FamilyHit, Highlight, ProductHit, SearchResults, SelectType } from '#api/search.ts';
import { chooseForm, type PluralForms } from '#i18n/plural.ts';
import { pieces } from '#lib/highlight.ts';

// The /search page's results: read keyword, kind (type) and page from the URL, ask
// /product/select/product, and write the tabs, the page of results and the pager. Every state has a URL
// (tabs and pages are links), history entries are pushed, and back and forward show them again. Plain DOM
// (no React, no API client): the page stays light, and every value from the API lands as text.

const PAGE_SIZE = 12;
const KINDS: readonly SelectType[] = ['keyword', 'category', 'family'];

interface Text {
  tabs: Record<SelectType, string>;
  loading: string;
  prompt: string;
  showing: string;
  none: string;
  failed: string;
  retry: string;
  partNumber: string;
  products: PluralForms;
  pages: string;
  previous: string;
  next: string;
  page: string;
}

interface Query {
  keyword: string;
  type: SelectType;
  page: number;
}

/** The search the URL asks for; anything unreadable falls back to the first page of products. */
export function queryOf(search: string): Query {
  const params = new URLSearchParams(search);
  const type = params.get('type');
  const page = Number(params.get('page'));
  return {
    keyword: (params.get('keyword') ?? '').trim().slice(0, 200),
    type: KINDS.includes(type as SelectType) ? (type as SelectType) : 'keyword',
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The URL of a search: only what differs from the defaults. */
export function searchUrl(base: string, { keyword, type, page }: Query): string {
  const params = new URLSearchParams({ keyword });
  if (type !== 'keyword') params.set('type', type);
  if (page > 1) params.set('page', String(page));
  return `${base}?${params}`;
}

/** `{{name}}` placeholders filled in. */
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** Text with the matched stretches in <mark>, built as nodes (never as HTML). */
function marked(text: string, marks: readonly Highlight[]): Node[] {
  return pieces(text, marks).map((piece) =>
    piece.marked ? element('mark', {}, piece.text) : document.createTextNode(piece.text),
  );
}

/** The pages to offer: the first, the last, and two either side of the current one; 0 stands for a gap. */
export function pageNumbers(current: number, total: number): number[] {
  const shown = new Set([1, total, current - 2, current - 1, current, current + 1, current + 2]);
  const numbers = [...shown].filter((n) => n >= 1 && n <= total).sort((a, b) => a - b);
  return numbers.flatMap((n, i) => (i > 0 && n - (numbers[i - 1] ?? n) > 1 ? [0, n] : [n]));
}

/** A search answer as the page needs it, or undefined when the API's answer is not one. */
function resultsOf(body: unknown): SearchResults | undefined {
  const envelope = body as { code?: unknown; data?: SearchResults };
  const data = envelope?.data;
  if (envelope?.code !== 200 || !data || typeof data !== 'object' || !data.counts) return undefined;
  return data;
}

export function startSearchPage(): void {
  const found = document.querySelector<HTMLElement>('[data-search-results]');
  const form = document.querySelector<HTMLFormElement>('[data-search-form]');
  if (!found || !form) return;
  const root: HTMLElement = found;
  const text = JSON.parse(root.dataset.text ?? '{}') as Text;
  const locale = root.dataset.locale === 'zh-CN' ? 'zh-CN' : 'en';
  const prefix = locale === 'zh-CN' ? '/zh-CN' : '';
  const base = root.dataset.searchBase ?? '/search';
  const api = import.meta.env.PUBLIC_API_BASE || '/api';
  const part = <T extends HTMLElement>(name: string) => root.querySelector<T>(`[data-search-${name}]`) as T;
  const status = part('status');
  const tabs = part('tabs');
  const summary = part('summary');
  const list = part('list');
  const pager = part('pager');
  const empty = part('empty');
  const emptyTitle = part('empty-title');
  const input = form.querySelector<HTMLInputElement>('input[name="keyword"]');
  const price = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
  const productCount = (count: number) => fill(chooseForm(locale, text.products, count), { count });
  let sequence = 0;

  const link = (query: Query, label: string | Node[], attributes: Record<string, string> = {}) => {
    const anchor = element(
      'a',
      { href: searchUrl(base, query), ...attributes },
      ...(typeof label === 'string' ? [label] : label),
    );
    anchor.dataset.searchLink = '';
    return anchor;
  };

  const productCard = (hit: ProductHit) => {
    const image = element('img', {
      src: hit.smallImage.src,
      srcset: `${hit.smallImage.src} 1x, ${hit.smallImage.src2x} 2x`,
      width: '96',
      height: '72',
      loading: 'lazy',
      decoding: 'async',
      alt: '',
    });
    let money = '';
    try {
      money = new Intl.NumberFormat(locale, { style: 'currency', currency: hit.currency }).format(hit.price);
    } catch {
      money = price.format(hit.price);
    }
    return element(
      'li',
      { class: 'search-hit' },
      image,
      element(
        'div',
        {},
        element(
          'h2',
          {},
          element(
            'a',
            { href: `${prefix}/product/${encodeURIComponent(hit.slug)}` },
            ...marked(hit.name, hit.nameHighlight),
          ),
        ),
        element(
          'p',
          { class: 'part-number' },
          `${text.partNumber}: `,
          ...marked(hit.partNumber, hit.partNumberHighlight),
        ),
        element('p', { class: 'summary' }, hit.summary),
        element('p', { class: 'price' }, money),
      ),
    );
  };

  const categoryCard = (hit: CategoryHit) =>
    element(
      'li',
      { class: 'search-hit' },
      element(
        'div',
        {},
        element(
          'h2',
          {},
          element(
            'a',
            { href: `${prefix}/category/list/${encodeURIComponent(hit.slug)}` },
            ...marked(hit.name, hit.nameHighlight),
          ),
        ),
        element('p', { class: 'summary' }, hit.description),
        element('p', { class: 'muted' }, productCount(hit.productCount)),
      ),
    );

  const familyCard = (hit: FamilyHit) =>
    element(
      'li',
      { class: 'search-hit' },
      element(
        'div',
        {},
        element('h2', {}, link({ keyword: hit.name, type: 'keyword', page: 1 }, marked(hit.name, hit.nameHighlight))),
        element('p', { class: 'muted' }, productCount(hit.productCount)),
      ),
    );

  const showPager = (query: Query, total: number) => {
    const pages = Math.ceil(total / PAGE_SIZE);
    pager.replaceChildren();
    pager.hidden = pages <= 1;
    if (pages <= 1) return;
    const items: Node[] = [];
    if (query.page > 1)
      items.push(element('li', {}, link({ ...query, page: query.page - 1 }, text.previous, { rel: 'prev' })));
    for (const n of pageNumbers(query.page, pages)) {
      if (n === 0) items.push(element('li', { 'aria-hidden': 'true' }, '…'));
      else if (n === query.page)
        items.push(
          element(
            'li',
            {},
            element(
              'a',
              {
                href: searchUrl(base, { ...query, page: n }),
                'aria-current': 'page',
                'aria-label': fill(text.page, { page: n }),
              },
              String(n),
            ),
          ),
        );
      else
        items.push(
          element('li', {}, link({ ...query, page: n }, String(n), { 'aria-label': fill(text.page, { page: n }) })),
        );
    }
    if (query.page < pages)
      items.push(element('li', {}, link({ ...query, page: query.page + 1 }, text.next, { rel: 'next' })));
    pager.append(element('ul', {}, ...items));
  };

  const showTabs = (query: Query, counts: SearchResults['counts']) => {
    tabs.replaceChildren(
      ...KINDS.map((kind) =>
        link(
          { keyword: query.keyword, type: kind, page: 1 },
          `${text.tabs[kind]} (${counts[kind]})`,
          kind === query.type ? { class: 'tab', 'aria-current': 'page' } : { class: 'tab' },
        ),
      ),
    );
    tabs.hidden = false;
  };

  const reset = () => {
    list.replaceChildren();
    pager.hidden = true;
    empty.hidden = true;
    summary.textContent = '';
  };

  async function show(query: Query): Promise<void> {
    const ticket = ++sequence;
    if (input && document.activeElement !== input) input.value = query.keyword;
    reset();
    if (query.keyword === '') {
      tabs.hidden = true;
      summary.textContent = text.prompt;
      status.textContent = text.prompt;
      return;
    }
    root.setAttribute('aria-busy', 'true');
    summary.textContent = text.loading;
    let results: SearchResults | undefined;
    try {
      const response = await fetch(`${api}/product/select/product`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          language: locale === 'zh-CN' ? 'zh' : 'en',
          keyWord: query.keyword,
          selectType: query.type,
          pageNum: query.page,
          pageSize: PAGE_SIZE,
        }),
      });
      const body: unknown = await response.json();
      results = resultsOf(body);
      if (!results && response.status === 400) {
        // Bad input (a keyword the API refuses): its message says why, in this language.
        if (ticket !== sequence) return;
        root.removeAttribute('aria-busy');
        summary.textContent = String((body as { msg?: unknown }).msg ?? text.failed);
        status.textContent = summary.textContent;
        tabs.hidden = true;
        return;
      }
    } catch {
      results = undefined;
    }
    if (ticket !== sequence) return;
    root.removeAttribute('aria-busy');
    if (!results) {
      tabs.hidden = true;
      summary.textContent = text.failed;
      const retry = element('button', { type: 'button', class: 'secondary' }, text.retry);
      retry.addEventListener('click', () => void show(query));
      list.replaceChildren(retry);
      status.textContent = text.failed;
      return;
    }
    showTabs(query, results.counts);
    const page =
      query.type === 'keyword'
        ? results.productDTOS
        : query.type === 'category'
          ? results.categoryDTOS
          : results.familyDTOS;
    const total = results.counts[query.type];
    const records = (page?.records ?? []) as (ProductHit & CategoryHit & FamilyHit)[];
    if (total === 0 || records.length === 0) {
      emptyTitle.textContent = fill(text.none, { keyword: query.keyword, kind: text.tabs[query.type] });
      empty.hidden = false;
      status.textContent = emptyTitle.textContent;
      return;
    }
    const cards = records.map((hit) =>
      query.type === 'keyword' ? productCard(hit) : query.type === 'category' ? categoryCard(hit) : familyCard(hit),
    );
    list.replaceChildren(element('ul', { class: 'search-hits' }, ...cards));
    const from = (query.page - 1) * PAGE_SIZE + 1;
    summary.textContent = fill(text.showing, { from, to: from + records.length - 1, total, keyword: query.keyword });
    status.textContent = summary.textContent;
    showPager(query, total);
  }

  const go = (query: Query) => {
    history.pushState(null, '', searchUrl(base, query));
    void show(query);
  };

  // Tabs and pager links are real links; with the script they change the results without a reload.
  root.addEventListener('click', (event) => {
    const anchor = (event.target as Element).closest<HTMLAnchorElement>('a[data-search-link]');
    if (!anchor || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    event.preventDefault();
    go(queryOf(new URL(anchor.href).search));
    if (anchor.closest('[data-search-pager]')) summary.scrollIntoView({ block: 'nearest' });
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    go({ keyword: (input?.value ?? '').trim().slice(0, 200), type: 'keyword', page: 1 });
  });
  window.addEventListener('popstate', () => void show(queryOf(location.search)));
  void show(queryOf(location.search));
}
