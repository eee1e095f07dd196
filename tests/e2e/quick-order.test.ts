import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pdfText } from '#tests/support/pdf-text.ts';
import { expectAccessible } from './axe.ts';
import { islandsReady, startBrowser } from './browser.ts';
import { apiCall, registerCustomer } from './customer-api.ts';

// A buyer's visit by part numbers, in each language: paste a list of ten lines (a typo, an unknown part, a
// Chinese comma, a quantity over the limit), fix the bad lines in place, log in on the way (the list is
// kept), add every line, get a formal quote, read it in its PDF, find it under the account and reorder it.

const browser = startBrowser();
const SHOTS = '/tmp/shots42b';

/** Ten lines, with every separator the page reads: the typo, the unknown part and the 1,000 are the bad ones. */
const LIST = [
  'LS-405-50, 2',
  'RS-785-H\t1',
  'pd-si-150 3',
  'FT-200，2',
  'SP-NIR-1707 1',
  'ZZ-9999-Q 1',
  'LS-532-100\t1000',
  'OBJ-PA-10X；1',
  'CM-LS-4、1',
  'ST-XY-120：2',
].join('\n');

const stateOf = (page: Page) =>
  page.locator('.quick-order-table tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-state')));

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe.each([
  {
    locale: 'en',
    prefix: '',
    login: 'Log in',
    added: '10 lines added to your cart.',
    reordered: 'Added to your cart.',
  },
  { locale: 'zh-CN', prefix: '/zh-CN', login: '登录', added: '已将 10 行加入购物车。', reordered: '已加入购物车。' },
])('quick order, quote and reorder in $locale', (text) => {
  const { locale, prefix } = text;
  const tag = locale === 'en' ? 'qo_en' : 'qo_zh';
  let page: Page;
  let customer: { email: string; password: string };
  let quoteNo = '';

  beforeAll(async () => {
    customer = await registerCustomer({
      tag,
      name: locale === 'en' ? 'Rosalind Franklin' : '屠呦呦',
      password: 'purchasing office 42',
    });
    page = await browser.open(`${prefix}/quick-order`, { viewport: { width: 1280, height: 900 } });
    await islandsReady(page);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  test('is linked from the header, says the list is empty, and passes axe', async () => {
    expect(await page.locator(`.site-header a[href="${prefix}/quick-order"]`).count()).toBe(1);
    await page.locator('.quick-order .empty').waitFor();
    await expectAccessible(page, `${locale} quick order, empty`);
  });

  test('matches a pasted list of ten lines and flags the typo, the unknown part and the quantity over 999', async () => {
    await page.locator('.quick-order textarea').fill(LIST);
    await page.locator('.quick-order button[type=submit]').click();
    await page.locator('.quick-order-table tbody tr').nth(9).waitFor();
    await page.waitForFunction(() => !document.querySelector('.quick-order-table tr[data-state="pending"]'));
    expect(await stateOf(page)).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
      'ambiguous',
      'unknown',
      'overLimit',
      'ok',
      'ok',
      'ok',
    ]);
    // The Chinese comma's line has its product, price and ship date.
    const chineseComma = page.locator('.quick-order-table tbody tr').nth(3);
    expect(await chineseComma.locator('.part-number').textContent()).toBe('FT-200');
    expect(await chineseComma.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await expectAccessible(page, `${locale} quick order with bad lines`);
    await shoot(page, `quick-order-${locale}`);
  });

  test('fixes the bad lines in place: picks the candidate, retypes the part number, lowers the quantity', async () => {
    const rows = page.locator('.quick-order-table tbody tr');
    const typo = rows.nth(4).locator('select');
    const value = await typo.locator('option', { hasText: 'SP-NIR-1700' }).getAttribute('value');
    await typo.selectOption(value ?? '');
    // The list gives way to the chosen product's link, and focus goes there rather than back to the page.
    await page.waitForFunction(() => document.activeElement?.closest('tr')?.getAttribute('data-line') === '5');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('A');
    const unknown = rows.nth(5).locator('input.part-input');
    await unknown.fill('FL-1000');
    await unknown.press('Enter');
    const over = rows.nth(6).locator('input.quantity-input');
    await over.fill('5');
    await over.press('Enter');
    await page.waitForFunction(
      () => document.querySelectorAll('.quick-order-table tbody tr[data-state="ok"]').length === 10,
    );
  });

  test('asks a visitor to log in, keeps the list through the login and a reload, then adds all ten at once', async () => {
    const addAll = page.locator('.quick-order .form-actions button').filter({ hasText: '10' });
    await addAll.click();
    const dialog = page.getByRole('dialog', { name: text.login });
    await dialog.waitFor({ state: 'visible' });
    await dialog.locator('input[name=account]').fill(customer.email);
    await dialog.locator('input[name=password]').fill(customer.password);
    await dialog.locator('button[type=submit]').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.reload();
    await islandsReady(page);
    await page.locator('.quick-order-table tbody tr').nth(9).waitFor();
    expect(await stateOf(page)).toEqual(Array(10).fill('ok'));
    await page.locator('.quick-order .form-actions button').filter({ hasText: '10' }).click();
    await page.locator('[data-toaster] .toast', { hasText: text.added }).first().waitFor();
    await page.locator('.quick-order .empty').waitFor();
    const token = await page.evaluate(() => localStorage.getItem('satoken'));
    const cart = await apiCall<{ total: number }>('/shop/cart/page', { pageSize: 999 }, token ?? '');
    expect(cart.total).toBe(10);
    await page.waitForFunction(() => document.querySelector('.site-header [data-cart-count]')?.textContent === '10');
  });

  test('reads an uploaded CSV file with its header row, then clears the list', async () => {
    const csv = '\uFEFFPart number,Quantity\r\n"LS-405-50",4\r\nRS-785-B,1\r\n';
    await page
      .locator('.quick-order input[type=file]')
      .setInputFiles({ name: 'list.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.locator('.quick-order-table tbody tr').nth(1).waitFor();
    await page.waitForFunction(() => !document.querySelector('.quick-order-table tr[data-state="pending"]'));
    expect(await stateOf(page)).toEqual(['ok', 'ok']);
    expect(await page.locator('.quick-order-table input.quantity-input').first().inputValue()).toBe('4');
    await page.locator('.quick-order .form-actions button').last().click();
    await page.locator('.quick-order .empty').waitFor();
  });

  test('gets a formal quote from the cart and finds it under the account', async () => {
    await page.goto(`${prefix}/account/cart`);
    await islandsReady(page);
    await page.locator('.cart-table tbody tr').nth(9).waitFor();
    await page.locator('button[data-get-quote]').click();
    await page.waitForURL((url) => url.pathname === `${prefix}/account/quotes`);
    const card = page.locator('.quote-card').first();
    await card.waitFor();
    quoteNo = (await card.getAttribute('data-quote-no')) ?? '';
    expect(quoteNo).toMatch(/^Q\d{8}-\d{6}$/);
    expect(await card.locator('tbody tr').count()).toBe(10);
    // Kept from view while the quotes load (no layout shift), shown once they are drawn.
    await page.locator('.customer-service').waitFor({ state: 'visible' });
    await expectAccessible(page, `${locale} account quotes`);
    await shoot(page, `account-quotes-${locale}`);
  });

  test('downloads the quote as a PDF in the page’s language with its number, lines and total', async () => {
    const card = page.locator(`.quote-card[data-quote-no="${quoteNo}"]`);
    const total = ((await card.locator('.grand-total').textContent()) ?? '').replace(/\s/g, '');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.locator('.form-actions button').first().click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${quoteNo}.pdf`);
    const pdf = pdfText(readFileSync((await download.path()) as string));
    expect(pdf).toContain(quoteNo);
    for (const part of [
      'LS-405-50',
      'RS-785-H',
      'PD-SI-150',
      'FT-200',
      'SP-NIR-1700',
      'FL-1000',
      'LS-532-100',
      'OBJ-PA-10X',
      'CM-LS-4',
      'ST-XY-120',
    ])
      expect(pdf).toContain(part);
    expect(pdf.replace(/\s/g, '')).toContain(total);
    if (locale === 'zh-CN') expect(pdf).toContain('报价单号');
  });

  test('reorders the quote after showing what changed', async () => {
    const card = page.locator(`.quote-card[data-quote-no="${quoteNo}"]`);
    await card.locator('.form-actions button').nth(1).click();
    const preview = card.locator('[data-reorder]');
    await preview.locator('tbody tr').nth(9).waitFor();
    expect(await preview.locator('tbody tr[data-status="same"]').count()).toBe(10);
    const focusIn = (selector: string) =>
      page.waitForFunction((inside) => document.activeElement?.matches(inside), selector);
    // Focus goes to the preview's heading, back to the button when it is cancelled, and to the cart's link
    // once the lines are in (each replaces the control pressed).
    await focusIn(`.quote-card[data-quote-no="${quoteNo}"] [data-reorder] h3`);
    await expectAccessible(page, `${locale} reorder preview`, '[data-reorder]');
    await preview.locator('.form-actions button').nth(1).click();
    await focusIn(`.quote-card[data-quote-no="${quoteNo}"] .form-actions button.secondary`);
    await page.keyboard.press('Enter');
    await focusIn(`.quote-card[data-quote-no="${quoteNo}"] [data-reorder] h3`);
    await preview.locator('.form-actions button').first().click();
    await preview.getByRole('status').filter({ hasText: text.reordered }).waitFor();
    await focusIn(`.quote-card[data-quote-no="${quoteNo}"] [data-reorder] [role=status] a`);
  });
});
