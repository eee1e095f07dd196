import type { Page } from 'playwright-core';
import { islandsReady } from './browser.ts';
import { apiCall, registeredCustomer } from './customer-api.ts';

// One page of each type the site has, found by following the built site's own links, and a customer with
// something on every account page: what the accessibility and the phone tests walk through.

/** Every page type a visitor can open. */
export const PAGE_TYPES = [
  'home',
  'about',
  'solutions',
  'solution group',
  'solution',
  'knowledge',
  'article',
  'category top',
  'category list',
  'category detail',
  'product',
  'search',
  'contact',
  'contact success',
  'register',
  'register success',
  'forgot',
  'not found',
  'downloads',
  'help',
  'sitemap',
  'faq',
  'data',
  'terms',
  'cookie',
  'privacy',
  'quick order',
] as const;

export type PageType = (typeof PAGE_TYPES)[number];

/** The account pages, each with what shows once its data has loaded. */
export const ACCOUNT_PAGES = [
  { name: 'profile', path: '/account', ready: '[data-profile-name]' },
  { name: 'cart with lines', path: '/account/cart', ready: '.cart-table tbody tr' },
  { name: 'orders', path: '/account/order', ready: '.order-card' },
  { name: 'quotes', path: '/account/quotes', ready: '.quote-card' },
  { name: 'saved', path: '/account/saved', ready: '[data-saved-articles] li' },
  { name: 'addresses', path: '/account/address', ready: '.address-card' },
] as const;

/** Opens a path and waits until its islands have hydrated and, when given, the `ready` element shows (loaded data). */
export async function visit(page: Page, path: string, ready?: string): Promise<void> {
  await page.goto(path);
  await islandsReady(page);
  if (ready) await page.locator(ready).first().waitFor();
}

/** The first link in main whose path starts with the prefix. */
export async function firstLink(page: Page, prefix: string): Promise<string> {
  const href = await page.locator(`main a[href^="${prefix}"]`).first().getAttribute('href');
  if (!href) throw new Error(`no link to ${prefix} on ${page.url()}`);
  return href;
}

/** A path of each page type in the locale whose prefix is given ('' or '/zh-CN'); `page` is left wherever it went. */
export async function pathsOfEachType(page: Page, prefix: string): Promise<Record<PageType, string>> {
  const paths: Partial<Record<PageType, string>> = {
    home: prefix || '/',
    about: `${prefix}/about`,
    solutions: `${prefix}/solutions`,
    'solution group': `${prefix}/solutions/spectroscopy-instruments`,
    knowledge: `${prefix}/knowledge`,
    search: `${prefix}/search?keyword=laser`,
    contact: `${prefix}/contact`,
    'contact success': `${prefix}/contact/success`,
    register: `${prefix}/register`,
    'register success': `${prefix}/register/success`,
    forgot: `${prefix}/forgot`,
    'not found': `${prefix}/no-such-page`,
    downloads: `${prefix}/downloads`,
    help: `${prefix}/help`,
    sitemap: `${prefix}/sitemap`,
    faq: `${prefix}/files/faq`,
    data: `${prefix}/files/data`,
    terms: `${prefix}/files/terms`,
    cookie: `${prefix}/files/cookie`,
    privacy: `${prefix}/files/privacy`,
    'quick order': `${prefix}/quick-order`,
  };
  await page.goto(prefix || '/');
  paths['category top'] = await firstLink(page, `${prefix}/category/top/`);
  await page.goto(paths['category top']);
  paths['category list'] = await firstLink(page, `${prefix}/category/list/`);
  paths['category detail'] = paths['category list'].replace('/category/list/', '/category/detail/');
  paths.product = await firstLink(page, `${prefix}/product/`);
  await page.goto(`${prefix}/solutions/spectroscopy-instruments`);
  paths.solution = (await page.locator('main .category-tile a').first().getAttribute('href')) ?? '';
  await page.goto(`${prefix}/knowledge`);
  paths.article = await firstLink(page, `${prefix}/knowledge/`);
  for (const type of PAGE_TYPES) if (!paths[type]) throw new Error(`no path for ${type}`);
  return paths as Record<PageType, string>;
}

/** A customer registered with the emailed code, with a quote, an order, two cart lines, a favourite, a saved article and an address. */
export async function customerWithData(tag: string): Promise<string> {
  const token = await registeredCustomer({ tag, name: 'Grace Hopper', password: 'accessible by design 2.1' });
  const products = await apiCall<{ records: { id: number }[] }>('/product/page', { pageSize: 2 });
  const [first, second] = products.records;
  if (!first || !second) throw new Error('the catalogue has fewer than two products');
  const address = await apiCall<{ id: number }>(
    '/client/addresses/save',
    { name: 'Grace Hopper', contactNumber: '+65 6123 4567', address: '1 Science Park Road', country: 'Singapore' },
    token,
  );
  await apiCall('/shop/cart/save', { productId: first.id, quantity: 2 }, token);
  await apiCall('/quote/create', {}, token);
  await apiCall('/order/submit', { addressId: address.id, remark: 'PO 1906' }, token);
  await apiCall('/shop/cart/save', { productId: first.id, quantity: 3 }, token);
  await apiCall('/shop/cart/save', { productId: second.id }, token);
  await apiCall('/favorite/save', { productId: first.id }, token);
  const news = await apiCall<{ records: { id: number }[] }>('/news/page', { pageSize: 1 });
  if (news.records[0]) await apiCall('/news/collect/save', { newsId: news.records[0].id }, token);
  return token;
}
