import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { islandsReady, startBrowser } from './browser.ts';

// A customer's whole visit, in each language: register with the emailed code, log in (a second tab follows),
// fill the cart, keep favourites and articles, manage addresses, submit an order, log out (the tab follows).
// The steps share one browser context per language and run in order.

const browser = startBrowser();

/** The next verification code emailed to `to` (setup.ts's mailbox endpoint in front of the SMTP sink). */
async function emailedCode(to: string): Promise<string> {
  const response = await fetch(`${inject('mailUrl')}?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`no code for ${to}: ${await response.text()}`);
  const { code } = (await response.json()) as { code: string };
  return code;
}

/** Waits for a toast with this text. */
const toast = (page: Page, text: string) =>
  page.locator('[data-toaster] .toast', { hasText: text }).first().waitFor({ state: 'visible' });

const cartCount = (page: Page) => page.locator('.site-header [data-cart-count]').textContent();

describe.each([
  {
    locale: 'en',
    prefix: '',
    login: 'Log in',
    account: 'Account',
    required: 'Please Fill In The Required Items',
    terms: 'Please check the terms and privacy policy',
    mismatch: 'Password not consistent',
    invalidEmail: 'Please enter a valid email address.',
    added: 'Added to your cart.',
    removed: 'Removed from your cart.',
    submitted: 'Submitted',
    reorder: 'Reorder',
    emptyAddresses: 'You have no saved addresses yet.',
  },
  {
    locale: 'zh-CN',
    prefix: '/zh-CN',
    login: '登录',
    account: '我的账户',
    required: '请填写必填项',
    terms: '请勾选同意条款与隐私政策',
    mismatch: '两次输入的密码不一致',
    invalidEmail: '请输入有效的电子邮箱地址。',
    added: '已加入购物车。',
    removed: '已从购物车移除。',
    submitted: '已提交',
    reorder: '再次订购',
    emptyAddresses: '您还没有保存地址。',
  },
])('a customer in $locale', (text) => {
  const { locale, prefix } = text;
  const stamp = `${locale.replace('-', '').toLowerCase()}${Date.now().toString(36)}`;
  const customer = {
    username: `buyer_${stamp}`,
    name: locale === 'en' ? 'Ada Lovelace' : '张伟',
    email: `buyer.${stamp}@example.com`,
    password: 'difference engine 1843',
    contactNumber: '+65 6123 4567',
  };
  let page: Page;
  let tab: Page;
  let products: string[] = [];

  beforeAll(async () => {
    page = await browser.open(`${prefix}/`);
    products = (
      await page.locator('.product-card h3 a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    )
      .filter((href): href is string => Boolean(href))
      .slice(0, 2);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  test('registers with the emailed code, after the form has said what is missing', async () => {
    await page.goto(`${prefix}/register?email=${encodeURIComponent(customer.email)}`);
    await islandsReady(page);
    const form = page.locator('[data-island="register"] form');
    // The page is static: the island fills the email in from ?email= once it runs.
    await page.waitForFunction(
      (email) =>
        document.querySelector<HTMLInputElement>('[data-island="register"] input[name=email]')?.value === email,
      customer.email,
    );

    await form.locator('input[name=password]').fill(customer.password);
    await form.locator('input[name=confirmPassword]').fill('something else');
    await form.locator('button[type=submit]').click();
    await form.getByRole('alert').getByText(text.required).waitFor();
    await expect(form.locator('input[name=username]').getAttribute('aria-invalid')).resolves.toBe('true');
    const termsError = await form.locator('input[name=agree]').getAttribute('aria-describedby');
    await expect(page.locator(`[id="${termsError}"]`).textContent()).resolves.toBe(text.terms);
    const mismatchError = await form.locator('input[name=confirmPassword]').getAttribute('aria-describedby');
    await expect(page.locator(`[id="${mismatchError}"]`).textContent()).resolves.toBe(text.mismatch);

    await form.locator('input[name=email]').fill('not an email');
    await form.locator('button.send-code').click();
    await form.getByText(text.invalidEmail).waitFor();
    await form.locator('input[name=email]').fill(customer.email);

    await form.locator('input[name=username]').fill(customer.username);
    await form.locator('input[name=name]').fill(customer.name);
    await form.locator('input[name=confirmPassword]').fill(customer.password);
    await form.locator('input[name=contactNumber]').fill(customer.contactNumber);
    await form.locator('button.send-code').click();
    // The button waits a minute before it sends another code.
    await page.waitForFunction(() => {
      const button = document.querySelector<HTMLButtonElement>('button.send-code');
      return button?.disabled === true && /\d/.test(button.textContent ?? '');
    });
    await form.locator('input[name=code]').fill(await emailedCode(customer.email));
    await form.locator('input[name=agree]').check();
    await form.locator('input[name=subscribe]').check();
    await form.locator('button[type=submit]').click();
    await page.waitForURL((url) => url.pathname === `${prefix}/register/success`);
    // The newsletter tick asks for a subscription, which the customer confirms by mail, in their language.
    const subject = locale === 'en' ? 'Please confirm your newsletter subscription' : '请确认订阅我们的新闻通讯';
    const url = new URL('/mail', inject('mailUrl'));
    url.searchParams.set('to', customer.email);
    url.searchParams.set('subject', subject);
    const mail = await fetch(url);
    expect(mail.ok, await mail.clone().text()).toBe(true);
    expect(((await mail.json()) as { text: string }).text).toMatch(/\/newsletter\?confirm=[\w-]+/);
  });

  test('logs in from the header dialog, lands on the account, and a second tab follows', async () => {
    tab = await page.context().newPage();
    await tab.goto(`${prefix}/`);
    await tab.locator('.site-header button[data-login]').waitFor({ state: 'visible' });
    // A background tab gets no animation frames; the steps run in the first tab.
    await page.bringToFront();

    await page.goto(`${prefix}/`);
    await page.locator('.site-header button[data-login]').click();
    const dialog = page.getByRole('dialog', { name: text.login });
    await dialog.waitFor({ state: 'visible' });
    await dialog.locator('button[type=submit]').click();
    await dialog.getByRole('alert').getByText(text.required).waitFor();
    await dialog.locator('input[name=account]').fill(customer.email);
    await dialog.locator('input[name=password]').fill('not the password');
    await dialog.locator('button[type=submit]').click();
    await page.waitForFunction(() => (document.querySelector('#login-error')?.textContent ?? '') !== '');
    await dialog.locator('input[name=password]').fill(customer.password);
    await dialog.locator('button[type=submit]').click();
    await page.waitForURL((url) => url.pathname === `${prefix}/account`);
    await page.locator('[data-island="account-profile"]').getByText(customer.username).waitFor();

    const accountLink = page.locator('.site-header a[data-account-link]');
    await accountLink.waitFor({ state: 'visible' });
    expect((await accountLink.textContent())?.trim()).toBe(text.account);
    expect(await accountLink.getAttribute('href')).toBe(`${prefix}/account`);
    expect(await page.locator('.site-header button[data-login]').isVisible()).toBe(false);

    await tab.locator('.site-header a[data-account-link]').waitFor({ state: 'visible' });
    expect(await tab.locator('.site-header button[data-login]').isVisible()).toBe(false);
  });

  test('updates the name in the profile', async () => {
    await page.locator('[data-island="account-profile"] .profile button').click();
    const form = page.locator('[data-island="account-profile"] form');
    await form.locator('input[name=name]').fill(`${customer.name} Jr`);
    await form.locator('button[type=submit]').click();
    await page.locator('[data-profile-name]').getByText(`${customer.name} Jr`).waitFor();
  });

  test('adds two products to the cart from their pages, the header counting them', async () => {
    const [first, second] = products;
    if (!first || !second) throw new Error('the home page shows fewer than two products');
    await page.goto(first);
    await islandsReady(page);
    await page.locator('.configure input[inputmode=numeric]').fill('2');
    await page.locator('.configure .add-to-cart').click();
    await toast(page, text.added);
    await page.waitForFunction(() => document.querySelector('[data-cart-count]')?.textContent === '1');

    await page.goto(second);
    await page.waitForFunction(() => document.querySelector('[data-cart-count]')?.textContent === '1');
    await islandsReady(page);
    await page.locator('.configure .add-to-cart').click();
    await toast(page, text.added);
    await page.waitForFunction(() => document.querySelector('[data-cart-count]')?.textContent === '2');
    await tab.reload();
    await tab.waitForFunction(() => document.querySelector('[data-cart-count]')?.textContent === '2');
    await page.bringToFront();
  });

  test('changes a quantity and removes a line in the cart', async () => {
    // Back at the top, where the folded header shows its cart link again.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => !document.querySelector('.site-header')?.classList.contains('folded'));
    await page.locator('.site-header a[data-cart-link]').click();
    await page.waitForURL((url) => url.pathname === `${prefix}/account/cart`);
    const rows = page.locator('.cart-table tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    // Newest first: the second product's line, then the first one's with quantity 2.
    const firstLine = rows.nth(1);
    expect(await firstLine.locator('.quantity-input').inputValue()).toBe('2');
    const before = await firstLine.locator('.line-total').textContent();
    await firstLine.locator('.quantity-input').fill('3');
    await firstLine.locator('.quantity-input').press('Enter');
    await page.waitForFunction(
      (old) => document.querySelectorAll('.cart-table tbody tr .line-total')[1]?.textContent !== old,
      before,
    );
    await page.reload();
    await rows.first().waitFor();
    expect(await rows.nth(1).locator('.quantity-input').inputValue()).toBe('3');

    await rows.first().getByRole('button').click();
    await toast(page, text.removed);
    await page.waitForFunction(() => document.querySelectorAll('.cart-table tbody tr').length === 1);
    expect(await cartCount(page)).toBe('1');
    expect(await page.locator('.grand-total').textContent()).toBe(
      await rows.first().locator('.line-total').textContent(),
    );
  });

  test('favourites a product and saves an article, and finds both under saved', async () => {
    const [first] = products;
    await page.goto(first ?? '/');
    const favourite = page.locator('.product-summary [data-favourite-toggle]');
    expect(await favourite.getAttribute('aria-pressed')).toBe('false');
    await favourite.click();
    await page.waitForFunction(
      () => document.querySelector('.product-summary [data-favourite-toggle]')?.getAttribute('aria-pressed') === 'true',
    );
    const productName = (await page.locator('.product-summary h1').textContent())?.trim() ?? '';

    await page.goto(`${prefix}/knowledge`);
    await islandsReady(page);
    const articleHref = await page.locator(`main a[href^="${prefix}/knowledge/"]`).first().getAttribute('href');
    await page.goto(articleHref ?? '/');
    const save = page.locator('[data-save-article]');
    await save.click();
    await page.waitForFunction(
      () => document.querySelector('[data-save-article]')?.getAttribute('aria-pressed') === 'true',
    );
    const articleTitle = (await page.locator('article h1').textContent())?.trim() ?? '';

    await page.goto(`${prefix}/account/saved`);
    await page.locator('[data-favourites]').getByText(productName).waitFor();
    await page.locator('[data-saved-articles]').getByText(articleTitle).waitFor();

    // On the home page the product's card shows it as a favourite too.
    await page.goto(`${prefix}/`);
    const card = page.locator('.product-card', { has: page.locator(`h3 a[href="${first}"]`) }).first();
    await page.waitForFunction(
      (href) =>
        document
          .querySelector(`.product-card:has(h3 a[href="${href}"]) [data-favourite-toggle]`)
          ?.getAttribute('aria-pressed') === 'true',
      first,
    );
    expect(await card.locator('[data-favourite-toggle]').getAttribute('aria-label')).toContain(productName);
  });

  test('adds, edits and deletes an address', async () => {
    await page.goto(`${prefix}/account/address`);
    const island = page.locator('[data-island="account-address"]');
    await island.getByText(text.emptyAddresses).waitFor();
    await island.locator('section.addresses > button').click();
    let form = island.locator('form.address-form');
    await form.locator('button[type=submit]').click();
    await form.getByRole('alert').getByText(text.required).waitFor();
    await form.locator('input[name=name]').fill(customer.name);
    await form.locator('input[name=contactNumber]').fill(customer.contactNumber);
    await form.locator('input[name=address]').fill('1 Science Park Road');
    await form.locator('input[name=postalCode]').fill('119276');
    await form.locator('input[name=country]').fill('Singapore');
    await form.locator('button[type=submit]').click();
    const card = island.locator('.address-card');
    await card.getByText('1 Science Park Road').waitFor();

    await card.locator('button').first().click();
    form = island.locator('form.address-form');
    await form.locator('input[name=address]').fill('2 Science Park Drive');
    await form.locator('button[type=submit]').click();
    await card.getByText('2 Science Park Drive').waitFor();

    await card.locator('button.danger').click();
    const confirm = page.locator('dialog.confirm-dialog[open]');
    await confirm.waitFor();
    await confirm.locator('button:not([data-cancel])').click();
    await island.getByText(text.emptyAddresses).waitFor();
  });

  test('submits the cart as an order request to a new address and finds it under orders', async () => {
    await page.goto(`${prefix}/account/cart`);
    const request = page.locator('.order-request');
    await request.waitFor();
    await request.locator('fieldset > button').click();
    const form = request.locator('form.address-form');
    await form.locator('input[name=name]').fill(customer.name);
    await form.locator('input[name=contactNumber]').fill(customer.contactNumber);
    await form.locator('input[name=address]').fill('3 Fusionopolis Way');
    await form.locator('input[name=country]').fill('Singapore');
    await form.locator('button[type=submit]').click();
    const choice = request.locator('input[name=addressId]');
    await choice.waitFor();
    expect(await choice.isChecked()).toBe(true);
    await request.locator('textarea[name=remark]').fill('PO 4711');
    await request.locator('form:not(.address-form) button[type=submit]').click();

    await page.waitForURL((url) => url.pathname === `${prefix}/account/order`);
    const order = page.locator('.order-card').first();
    await order.waitFor();
    expect(await order.locator('.status').textContent()).toBe(text.submitted);
    expect(await order.textContent()).toContain('3 Fusionopolis Way');
    expect(await order.textContent()).toContain('PO 4711');
    expect(await order.locator('tbody tr').count()).toBe(1);
    await page.locator('[data-toaster] .toast').first().waitFor();
    expect(await cartCount(page)).toBe('0');
  });

  test('reorders the order request: shows its line unchanged, then puts it back in the cart', async () => {
    const order = page.locator('.order-card').first();
    const lines = await order.locator('tbody tr').count();
    await order.getByRole('button', { name: text.reorder }).click();
    const preview = order.locator('[data-reorder]');
    await preview.locator('tbody tr').first().waitFor();
    expect(await preview.locator('tbody tr[data-status="same"]').count()).toBe(lines);
    await preview.locator('.form-actions button').first().click();
    await preview.getByRole('status').filter({ hasText: text.added }).waitFor();
    await page.waitForFunction(() => document.querySelector('.site-header [data-cart-count]')?.textContent !== '0');
  });

  test('logs out after a confirmation, goes home, and the second tab follows', async () => {
    await page.locator('.logout > button').click();
    const confirm = page.locator('dialog.confirm-dialog[open]');
    await confirm.waitFor();
    await confirm.locator('button:not([data-cancel])').click();
    await page.waitForURL((url) => url.pathname === (prefix || '/'));
    await page.locator('.site-header button[data-login]').waitFor({ state: 'visible' });
    expect(await page.evaluate(() => localStorage.getItem('satoken'))).toBeNull();
    expect(await cartCount(page)).toBe('0');

    await tab.locator('.site-header button[data-login]').waitFor({ state: 'visible' });
    await tab.waitForFunction(() => document.querySelector('[data-cart-count]')?.textContent === '0');

    // The account area now asks for a login instead of showing data.
    await page.goto(`${prefix}/account/order`);
    await page.getByRole('dialog', { name: text.login }).waitFor({ state: 'visible' });
    expect(await page.locator('.order-card').count()).toBe(0);
  });
});

describe('a visitor', () => {
  test('without JavaScript sees the account’s customer-service box, which waits for the island otherwise', async () => {
    const page = await browser.open('/account/quotes', { javaScriptEnabled: false });
    expect(await page.locator('.customer-service').isVisible()).toBe(true);
    await page.context().close();
  });

  test('gets the login dialog from add to cart and from a favourite toggle, and stays on the page', async () => {
    const home = await browser.open('/');
    const href = await home.locator('.product-card h3 a').first().getAttribute('href');
    await home.locator('.product-card [data-favourite-toggle]').first().click();
    const dialog = home.getByRole('dialog', { name: 'Log in' });
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.textContent()).toContain('Log in to save products.');
    await home.keyboard.press('Escape');

    await home.goto(href ?? '/');
    await islandsReady(home);
    await home.locator('.configure .add-to-cart').click();
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.textContent()).toContain('Log in to see your cart.');
    expect(new URL(home.url()).pathname).toBe(href);
    await home.context().close();
  });
});
