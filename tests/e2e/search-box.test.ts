import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { startBrowser } from './browser.ts';

// The header's search box (issue 14): a plain form until the visitor touches it, then a combobox of
// suggestions from /product/select/keyword, hydrated by client:interact.

const browser = startBrowser();
const box = '#search-keyword';
const options = '#search-panel [role=option][id^="search-option-"]';

/** The scripts the page has requested so far. */
function scriptsOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') seen.push(request.url());
  });
  return seen;
}

/** Moves the active option down until a product's suggestion holding `text` is active; answers its id. */
async function arrowToProduct(page: Page, text: string): Promise<string> {
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('ArrowDown');
    const active = await page.getAttribute(box, 'aria-activedescendant');
    if (!active || (await page.locator(`#${active} .suggestion-part`).count()) === 0) continue;
    if (((await page.locator(`#${active}`).textContent()) ?? '').includes(text)) return active;
  }
  throw new Error(`no product suggestion holding ${text}`);
}

describe.each([
  { locale: 'en', prefix: '', typed: 'SP-UV-VIS', part: 'SP-UV-VIS-25' },
  { locale: 'zh-CN', prefix: '/zh-CN', typed: '光谱仪', part: '' },
])('the header search box in $locale', ({ prefix, typed, part }) => {
  test('ships no React until the box is touched, then suggests with the matched part marked and opens the chosen product', async () => {
    const page = await browser.open(`${prefix}/`);
    const scripts = scriptsOf(page);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => /SearchBox|client\.[\w-]+\.js/.test(url))).toEqual([]);
    expect(await page.getAttribute(box, 'aria-expanded')).toBe('false');

    await page.locator(box).focus();
    await page.locator(box).pressSequentially(typed, { delay: 30 });
    await page.locator(options).first().waitFor();
    expect(scripts.some((url) => url.includes('SearchBox'))).toBe(true);
    expect(await page.getAttribute(box, 'aria-expanded')).toBe('true');
    expect(await page.locator(`${options} mark`).count()).toBeGreaterThan(0);
    if (part) expect(await page.locator(options).first().textContent()).toContain(part);

    const active = await arrowToProduct(page, part);
    expect(await page.getAttribute(`#${active}`, 'aria-selected')).toBe('true');
    const chosen = (await page.locator(`#${active} .suggestion-part`).textContent())?.trim() ?? '';
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`${prefix}/product/\\d+-`));
    expect(await page.locator('main').textContent()).toContain(part || chosen);
    await page.context().close();
  });

  test('goes to the search page in the same language with Enter when no suggestion is chosen, and closes with Escape', async () => {
    const page = await browser.open(`${prefix}/`);
    await page.locator(box).focus();
    await page.locator(box).pressSequentially(typed, { delay: 30 });
    await page.locator(options).first().waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getAttribute(box, 'aria-expanded')).toBe('false');
    expect(await page.locator('#search-panel').isVisible()).toBe(false);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `${prefix}/search` && url.searchParams.get('keyword') === typed);
    await page.context().close();
  });
});

describe('the header search box while typing', () => {
  test('empties the box with a second Escape, once the suggestions are closed, as a search box does', async () => {
    const page = await browser.open('/');
    await page.locator(box).focus();
    await page.locator(box).pressSequentially('laser', { delay: 30 });
    await page.locator(options).first().waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getAttribute(box, 'aria-expanded')).toBe('false');
    expect(await page.inputValue(box)).toBe('laser');
    await page.keyboard.press('Escape');
    expect(await page.inputValue(box)).toBe('');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-keyword');
    await page.context().close();
  });

  test('asks once a pause in typing, and shows the answer to the last words, not a slower earlier one', async () => {
    const page = await browser.open('/');
    const asked: string[] = [];
    let first = true;
    // The real API, its first answer held back until after the second has arrived.
    await page.route('**/api/product/select/keyword', async (route) => {
      asked.push(JSON.parse(route.request().postData() ?? '{}').keyWord);
      if (first) {
        first = false;
        await new Promise((resolve) => setTimeout(resolve, 1500));
      }
      await route.continue();
    });
    await page.locator(box).focus();
    await page.keyboard.type('laser', { delay: 20 });
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('SP-UV-VIS', { delay: 20 });
    await expect.poll(() => asked.at(-1)).toBe('SP-UV-VIS');
    // Fourteen keystrokes, typed quickly: a request a pause, not one a keystroke.
    expect(asked[0]).toMatch(/^l/);
    expect(asked.length).toBeLessThanOrEqual(4);
    await page.locator(options).first().waitFor();
    await page.waitForTimeout(2000);
    // The held answer for "laser" came last and was dropped.
    const shown = await page.locator(options).allTextContents();
    expect(shown.some((text) => text.includes('SP-UV-VIS-25'))).toBe(true);
    expect(shown.every((text) => !/laser/i.test(text))).toBe(true);
    await page.context().close();
  });
});

describe('the header search box before it hydrates', () => {
  test('keeps what was typed while its script was on the way and suggests for it', async () => {
    const page = await browser.open('/');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/SearchBox/, async (route) => {
      await held;
      await route.continue();
    });
    await page.locator(box).focus();
    await page.keyboard.type('LS-532', { delay: 20 });
    release();
    await page.locator(options).first().waitFor();
    expect(await page.inputValue(box)).toBe('LS-532');
    expect(await page.locator(options).first().textContent()).toContain('LS-532-100');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-keyword');
    await page.context().close();
  });

  test('works as a plain form without JavaScript', async () => {
    const page = await browser.open('/zh-CN/', { javaScriptEnabled: false });
    await page.locator(box).fill('拉曼');
    await page.locator('form[role=search] button[type=submit]').click();
    await page.waitForURL((url) => url.pathname === '/zh-CN/search' && url.searchParams.get('keyword') === '拉曼');
    await page.context().close();
  });
});
