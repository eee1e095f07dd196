import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { expectAccessible } from './axe.ts';
import { startBrowser } from './browser.ts';

// Issue 39, item 1: the editors' workspace at /editor, signed in to by an emailed code or with a token, in
// the language the browser asks for and switched on the page; a sign-in that ends sends the editor back.

const browser = startBrowser();

/** The next code emailed to `to` (setup.ts's mailbox endpoint in front of the SMTP sink). */
async function emailedCode(to: string): Promise<string> {
  const response = await fetch(`${inject('mailUrl')}?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`no code for ${to}: ${await response.text()}`);
  return ((await response.json()) as { code: string }).code;
}

const heading = (page: Page) => page.locator('h1').textContent();

describe.each([
  {
    locale: 'en',
    browserLocale: 'en-GB',
    signIn: 'Sign in',
    overview: 'Overview',
    wrongCode: 'The verification code is wrong.',
    wrongToken: 'This token is not valid: it is unknown, expired or revoked.',
    editor: 'admin' as const,
    signedInAs: 'Signed in as e2e-admin@example.com (admin)',
    signOut: 'Sign out',
    other: '中文',
    ended: 'Your sign-in has ended. Please sign in again.',
  },
  {
    locale: 'zh-CN',
    browserLocale: 'zh-CN',
    signIn: '登录',
    overview: '概览',
    wrongCode: '验证码不正确。',
    wrongToken: '该令牌无效：未知、已过期或已撤销。',
    editor: 'editor' as const,
    signedInAs: '当前登录：e2e-editor@example.com（编辑）',
    signOut: '退出登录',
    other: 'English',
    ended: '您的登录已结束，请重新登录。',
  },
])('the editors’ workspace ($locale)', (expected) => {
  test('signs in with an emailed code by keyboard alone, shows who is signed in, and signs out', async () => {
    const page = await browser.open('/editor', { locale: expected.browserLocale });
    await page.locator('#ws-email').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(expected.locale);
    expect(await heading(page)).toBe(expected.signIn);
    await expectAccessible(page, `the workspace's sign-in (${expected.locale})`);
    // The field has the focus: type, Enter, and the code's field takes it.
    // Each language signs in as an editor of its own: a second code to one address waits a minute.
    const { email } = inject('editors')[expected.editor];
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await page.locator('#ws-code:focus').waitFor();
    await page.keyboard.type('000000');
    await page.keyboard.press('Enter');
    await page.locator('.ws-error', { hasText: expected.wrongCode }).waitFor();
    expect(await page.locator('#ws-code').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, `the workspace's sign-in with an error (${expected.locale})`);
    const code = await emailedCode(email);
    await page.locator('#ws-code').fill(code);
    await page.keyboard.press('Enter');
    await page.locator('#ws-home-title').waitFor();
    expect(await heading(page)).toBe(expected.overview);
    expect(await page.locator('.ws-who').textContent()).toContain(expected.signedInAs);
    await expectAccessible(page, `the workspace's overview (${expected.locale})`);

    // A reload keeps the sign-in; a sign-in ended elsewhere sends the editor back, saying why.
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('lumenlab.workspace.session') ?? '{}').token as string,
    );
    await page.reload();
    await page.locator('#ws-home-title').waitFor();
    const ended = await page.request.post('/api/editor/signout', {
      headers: { authorization: `Bearer ${token}` },
      data: { language: 'en' },
    });
    expect(await ended.json()).toMatchObject({ code: 200, data: { revoked: true } });
    await page.reload();
    await page.locator('.ws-notice', { hasText: expected.ended }).waitFor();
    await page.locator('#ws-email').waitFor();
    await page.context().close();
  });

  test('signs in with a token, refuses a wrong one in the page’s language, and switches language on the page', async () => {
    const page = await browser.open('/editor', { locale: expected.browserLocale });
    await page
      .getByRole('button', { name: expected.locale === 'en' ? 'Sign in with a token instead' : '改用令牌登录' })
      .click();
    await page.locator('#ws-token').fill('not-a-token-of-anyone-at-all-1234');
    await page.keyboard.press('Enter');
    await page.locator('.ws-error', { hasText: expected.wrongToken }).waitFor();
    await page.locator('#ws-token').fill(inject('editors').admin.token);
    await page.keyboard.press('Enter');
    await page.locator('#ws-home-title').waitFor();
    // The other language, by its own name.
    await page
      .getByRole('button', { name: expected.locale === 'en' ? 'Show the workspace in Chinese' : '以英文显示工作台' })
      .click();
    await page.locator('h1', { hasNotText: expected.overview }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(expected.locale === 'en' ? 'zh-CN' : 'en');
    expect(await page.locator('.ws-header button > span[lang]').first().textContent()).toBe(
      expected.locale === 'en' ? 'English' : '中文',
    );

    // Signing out forgets a tool's token here and leaves it live for the tool.
    await page.getByRole('button', { name: expected.locale === 'en' ? '退出登录' : 'Sign out' }).click();
    await page.locator('#ws-email').waitFor();
    const me = await page.request.post('/api/editor/me', {
      headers: { authorization: `Bearer ${inject('editors').admin.token}` },
      data: { language: 'en' },
    });
    expect(me.status()).toBe(200);
    await page.context().close();
  });
});

test('lists products by part number and by translation, in both languages, pages and filters by keyboard', async () => {
  const page = await browser.open('/editor#/products', { locale: 'zh-CN' });
  await page.locator('#ws-token').or(page.locator('#ws-email')).first().waitFor();
  await page.getByRole('button', { name: '改用令牌登录' }).click();
  await page.locator('#ws-token').fill(inject('editors').editor.token);
  await page.keyboard.press('Enter');
  await page.locator('h1', { hasText: '产品' }).waitFor();
  await page.locator('.ws-table tbody tr').first().waitFor();
  expect(await page.locator('[role="status"]').first().textContent()).toMatch(/^显示 \d+ 条，共 \d+ 条$/);
  await expectAccessible(page, 'the workspace’s product list (zh-CN)');
  // A part number typed as people type it: lower case, no dashes.
  const [first] = await (
    await fetch(`${browser.baseUrl}/api/product/page`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pageSize: 1 }),
    })
  )
    .json()
    .then((answer: { data: { records: { partNumber: string; name: string }[] } }) => answer.data.records);
  if (!first) throw new Error('no product');
  await page
    .getByRole('searchbox', { name: '按名称或型号搜索（中英文均可）' })
    .fill(first.partNumber.toLowerCase().replace(/-/g, ''));
  await page.keyboard.press('Enter');
  await page.locator('.ws-table tbody tr', { hasText: first.partNumber }).first().waitFor();
  expect(await page.locator('.ws-table tbody tr').first().locator('td').first().textContent()).toBe(first.partNumber);
  // Filters by keyboard: the translation filter to "missing", and nothing of the demo lacks its Chinese.
  await page.getByRole('searchbox', { name: '按名称或型号搜索（中英文均可）' }).fill('');
  await page.keyboard.press('Enter');
  await page.getByLabel('翻译').selectOption('missing');
  await page.getByText('没有匹配的记录。请减少关键词或更换筛选条件。').waitFor();
  // The other lists by their links, by keyboard; an editor (not an admin) has no settings to list.
  const nav = page.getByRole('navigation', { name: '工作台' });
  expect(await nav.getByRole('link').allTextContents()).toEqual([
    '概览',
    '产品',
    '分类',
    '解决方案',
    '文章',
    '页面元信息',
    '修改记录',
    '发布',
  ]);
  for (const [link, title] of [
    ['文章', '文章'],
    ['页面元信息', '页面元信息'],
  ]) {
    await nav.getByRole('link', { name: link }).focus();
    await page.keyboard.press('Enter');
    await page.locator('h1', { hasText: title }).waitFor();
    await page.locator('.ws-table tbody tr').first().waitFor();
    await expectAccessible(page, `the workspace’s ${link} list (zh-CN)`);
  }
  await page.goto('/editor#/config');
  await page.locator('.ws-error').waitFor();
  // The trail: the tokens the setup made, with who made them and from where.
  await page.goto('/editor#/history');
  await page.locator('.ws-trail li').first().waitFor();
  await page.getByLabel('记录类型').selectOption('token');
  await page.getByRole('button', { name: '显示', exact: true }).click();
  await page.locator('.ws-trail li', { hasText: 'e2e-admin@example.com e2e' }).waitFor();
  for (const entry of await page.locator('.ws-trail li > p').allTextContents()) expect(entry).toMatch(/ token /);
  await expectAccessible(page, 'the workspace’s history (zh-CN)');
  await page.context().close();
});

test('the workspace is no page of the site: robots keep out, no sitemap lists it, and it loads nothing of a visitor’s code', async () => {
  const page = await browser.open('/editor');
  await page.locator('#ws-email').waitFor();
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.endsWith('.js')),
  );
  expect(scripts.length).toBeGreaterThan(0);
  // Its own chunks only: the workspace's and its page's entry, the bundler's (runtime, preload helper),
  // and the site's two dictionaries (data: the contract's messages, which its forms show as the API does).
  for (const script of scripts)
    expect(script, script).toMatch(
      /^\/_astro\/(workspace\.|editor\.astro_astro_type_script_|rolldown-runtime\.|preload-helper\.|en\.|zh-CN\.)/,
    );
  // And no visitor's chunk holds any of the workspace (its calls, its text).
  const chunks = readdirSync(join(inject('siteDir'), '_astro')).filter(
    (file) => file.endsWith('.js') && !/^(workspace|editor\.astro)/.test(file),
  );
  expect(chunks.length).toBeGreaterThan(10);
  for (const chunk of chunks) {
    const code = readFileSync(join(inject('siteDir'), '_astro', chunk), 'utf8');
    expect(code.includes('/editor/signin') || code.includes('signin.withToken'), chunk).toBe(false);
    // Nor imports from the workspace's chunk (a module shared by both, put there, would load it all).
    expect(code, chunk).not.toMatch(/workspace\.[\w-]+\.js/);
  }
  const robots = await (await fetch(`${browser.baseUrl}/robots.txt`)).text();
  expect(robots).toContain('Disallow: /editor');
  const index = await (await fetch(`${browser.baseUrl}/sitemap.xml`)).text();
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
  expect(files.length).toBeGreaterThan(1);
  for (const file of files)
    expect(await (await fetch(`${browser.baseUrl}${file}`)).text(), file).not.toContain('/editor');
  await page.context().close();
});
