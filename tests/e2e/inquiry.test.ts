import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { startBrowser } from './browser.ts';
import { registeredCustomer } from './customer-api.ts';

// The contact form (issue 15) in Chromium against the real API, its mail read back from the real SMTP
// sink of the e2e setup: the sales mail with the attachment (same bytes) and the acknowledgement.

const browser = startBrowser();
const SALES = 'sales@lumenlab-instruments.example';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% a datasheet request\n%%EOF\n');
const pdfPath = join(mkdtempSync(join(tmpdir(), 'inquiry-e2e-')), 'requirements.pdf');
writeFileSync(pdfPath, PDF);

interface Mail {
  subject: string;
  text: string;
  replyTo: string;
  attachments: { filename: string; contentType: string; base64: string }[];
}

/** The next mail to `to` whose subject holds `subject`, from the e2e setup's SMTP sink. */
async function mailTo(to: string, subject: string): Promise<Mail> {
  const url = new URL('/mail', inject('mailUrl'));
  url.searchParams.set('to', to);
  url.searchParams.set('subject', subject);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`no mail to ${to} about "${subject}": ${await response.text()}`);
  return (await response.json()) as Mail;
}

/** Fills every required field of the form (it hydrates on the first focus). */
async function fill(page: Page, email: string, name: string) {
  await page.getByLabel(/^(Full name|姓名)$/).fill(name);
  await page.getByLabel(/^(Email|电子邮箱)$/).fill(email);
  await page.getByLabel(/^(Company or organization|公司或机构)$/).fill('Analytical Engines Ltd');
  await page.getByLabel(/^(Department and position|部门及职位)$/).fill('Optics lab, head of research');
  await page.getByLabel(/^(Country or region|国家或地区)$/).fill('Singapore');
  await page.getByLabel(/^(Product or model|产品或型号)$/).fill('SP-UV-VIS-25');
  await page.getByLabel(/^(Message|留言)$/).fill('Please quote two units with calibration.\nDelivery to Singapore.');
  await page.locator('.interests input[type=checkbox]').first().check();
  await page.getByLabel(/^(Application industry|应用行业)$/).selectOption('physics');
  await page.locator('input[name=agreeToTerms]').check();
}

describe.each([
  { locale: 'en', prefix: '', ack: 'We have received your inquiry', promise: 'within 24 business hours' },
  { locale: 'zh-CN', prefix: '/zh-CN', ack: '我们已收到您的咨询', promise: '24 个工作小时内' },
])('the contact form in $locale', ({ locale, prefix, ack, promise }) => {
  test('sends an inquiry with a PDF: success page, sales mail with the same file, acknowledgement in the language', async () => {
    const email = `buyer-${locale.toLowerCase()}-${Date.now()}@example.com`;
    const page = await browser.open(`${prefix}/contact`);
    await fill(page, email, `Ada ${locale}`);
    await page.locator('input[type=file][name=attachment]').setInputFiles(pdfPath);
    await page.locator('.inquiry-form button[type=submit]').click();
    await page.waitForURL(`**${prefix}/contact/success`);
    expect(await page.locator('main').textContent()).toContain(promise);

    const sales = await mailTo(SALES, `from Ada ${locale}`);
    expect(sales.replyTo).toContain(email);
    expect(sales.text).toContain('Please quote two units with calibration.');
    expect(sales.attachments).toHaveLength(1);
    expect(sales.attachments[0]?.filename).toBe('requirements.pdf');
    expect(Buffer.from(sales.attachments[0]?.base64 ?? '', 'base64').equals(PDF)).toBe(true);
    const acknowledgement = await mailTo(email, ack);
    expect(acknowledgement.text).toContain(promise);
    await page.context().close();
  });

  test('shows the summary and each missing field’s message, focuses the first, and has no accessibility violations', async () => {
    const page = await browser.open(`${prefix}/contact`);
    await page.locator('.inquiry-form button[type=submit]').focus();
    await page.keyboard.press('Enter');
    // The summary is in the page from the start (an empty live region), so wait for its words.
    await expect
      .poll(() => page.locator('.inquiry-form .form-error').textContent())
      .toBe(locale === 'en' ? 'Please Fill In The Required Items' : '请填写必填项');
    const errors = await page.locator('.inquiry-form .field-error:not(:empty)').allTextContents();
    expect(errors).toContain(locale === 'en' ? 'Please enter your full name' : '请输入您的全名');
    expect(errors.length).toBeGreaterThanOrEqual(9);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary}`).join(', ')}`),
    ).toEqual([]);
    await page.context().close();
  });
});

describe('the contact form, filled for the buyer', () => {
  test('keeps what was typed before it hydrated and sends a submit made meanwhile', async () => {
    const page = await browser.open('/contact');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/Inquiry/, async (route) => {
      await held;
      await route.continue();
    });
    const email = `early-${Date.now()}@example.com`;
    await fill(page, email, 'Early Bird');
    await page.locator('.inquiry-form button[type=submit]').click();
    expect(page.url()).toMatch(/\/contact$/);
    release();
    await page.waitForURL('**/contact/success');
    expect((await mailTo(SALES, 'from Early Bird')).text).toContain('Please quote two units');
    await page.context().close();
  });

  test('fills a logged-in customer’s name and email, and the next time the company of their last inquiry', async () => {
    const token = await registeredCustomer({ tag: 'quoter', name: 'Quentin Quoter', password: 'quotes all day 1' });
    const page = await browser.open('/favicon.svg');
    await page.evaluate((value) => localStorage.setItem('satoken', value), token);
    await page.goto('/contact');
    const name = page.getByLabel('Full name');
    await name.focus();
    await expect.poll(() => name.inputValue()).toBe('Quentin Quoter');
    const email = await page.getByLabel(/^Email$/).inputValue();
    expect(email).toMatch(/^quoter\.\w+@example\.com$/);
    expect(await page.getByLabel('Company or organization').inputValue()).toBe('');
    await fill(page, email, 'Quentin Quoter');
    await page.locator('.inquiry-form button[type=submit]').click();
    await page.waitForURL('**/contact/success');

    await page.goto('/contact');
    await page.getByLabel('Full name').focus();
    const company = page.getByLabel('Company or organization');
    await expect.poll(() => company.inputValue()).toBe('Analytical Engines Ltd');
    expect(await page.getByLabel('Department and position').inputValue()).toBe('Optics lab, head of research');
    expect(await page.getByLabel(/^Email$/).inputValue()).toBe(email);
    await page.context().close();
  });

  test('takes the product from a product page’s Request a quote link', async () => {
    const page = await browser.open('/search?keyword=SP-UV-VIS-25');
    await page.locator('.search-hits h2 a').first().click();
    await page.waitForURL(/\/product\/\d+-/);
    await page.locator('.quote-link a').click();
    await page.waitForURL(/\/contact\?type=quote&product=/);
    await page.getByLabel('Full name').focus();
    await expect.poll(() => page.getByLabel('Product or model').inputValue()).toContain('SP-UV-VIS-25');
    expect(await page.getByLabel('Inquiry type').inputValue()).toBe('quote');
    await page.context().close();
  });

  test('asks for the newsletter by its tick; the mailed links confirm and unsubscribe on the newsletter page', async () => {
    const email = `reader-${Date.now()}@example.com`;
    const page = await browser.open('/contact');
    await fill(page, email, 'Grace Reader');
    await page.locator('input[name=subscribe]').check();
    await page.locator('.inquiry-form button[type=submit]').click();
    await page.waitForURL('**/contact/success');
    const confirmation = await mailTo(email, 'confirm your newsletter');
    const link = (action: string) =>
      new RegExp(`https?://[^\\s]+/newsletter\\?${action}=[\\w-]+`).exec(confirmation.text)?.[0];
    const confirm = new URL(link('confirm') ?? '');
    const unsubscribe = new URL(link('unsubscribe') ?? '');

    await page.goto(`${confirm.pathname}${confirm.search}`);
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await expect.poll(() => page.locator('[data-newsletter-status]').textContent()).toContain('confirmed');
    await page.goto(`${unsubscribe.pathname}${unsubscribe.search}`);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect.poll(() => page.locator('[data-newsletter-status]').textContent()).toContain('unsubscribed');
    await page.goto(`${confirm.pathname}${confirm.search}`);
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await expect.poll(() => page.locator('[data-newsletter-status]').textContent()).toContain('not valid any more');
    await page.context().close();
  });
});
