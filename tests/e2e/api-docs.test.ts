import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { calls } from '#api/index.ts';
import { expectAccessible } from './axe.ts';
import { startBrowser } from './browser.ts';

// Issue 43: the API reference at /api/docs, Swagger UI over the served OpenAPI document. Every request of the
// page goes to the site's own origin (startBrowser fails a test on any other host), none is refused by its
// Content-Security-Policy, and axe passes it closed, with a call open and tried, and with its dialog open.
// With SCREENSHOTS_DIR set, the page is photographed there at 1280 and 390 px wide.

const browser = startBrowser();

/** Opens the reference and waits for Swagger UI to draw it; `refused` collects what the policy refused. */
async function openReference(width: number): Promise<{ page: Page; refused: string[] }> {
  const page = await browser.open('/api/docs', { viewport: { width, height: 900 } });
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') refused.push(message.text());
  });
  // Again, with the console heard from the start.
  await page.reload();
  await page.locator('.opblock').first().waitFor();
  return { page, refused };
}

async function photograph(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, name) });
}

describe('the API reference at /api/docs', () => {
  test('draws every call of the contract from the served document, asking no other host, and passes axe', async () => {
    const { page, refused } = await openReference(1280);
    expect(await page.locator('h1').first().textContent()).toBe('LumenLab Instruments API reference');
    expect(await page.locator('.opblock').count()).toBe(calls.length);
    expect(await page.locator('.opblock-summary-operation-id').allTextContents()).toContain('cartSave');
    await expectAccessible(page, 'the API reference');
    await photograph(page, 'api-docs-1280.png');

    // One call open: its body, its answers with their errors in both languages; then tried from the page.
    const list = page.locator('#operations-category-categoryList');
    await list.locator('.opblock-summary-control').click();
    await list.locator('.responses-table').first().waitFor();
    const answers = await list
      .locator('.responses-table > tbody > tr.response')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-code')));
    expect(answers).toEqual(['200', '400', '403', '413', '500']);
    await list.getByRole('button', { name: 'Try it out' }).click();
    await list.getByLabel('Request body (JSON)').fill('{"language": "zh"}');
    await list.getByRole('button', { name: 'Execute' }).click();
    const answer = list.locator('.live-responses-table .response-col_description pre').first();
    await answer.waitFor();
    expect(JSON.parse((await answer.textContent()) ?? '{}')).toMatchObject({ code: 200, msg: '成功' });
    await expectAccessible(page, 'the API reference with a call tried');

    // The dialog where a token is given.
    await page.getByRole('button', { name: 'Authorize' }).first().click();
    await page.getByRole('dialog').waitFor();
    await expectAccessible(page, 'the API reference’s Authorize dialog');
    expect(refused).toEqual([]);
    await page.context().close();
  });

  test('reads on a phone, and passes axe there', async () => {
    const { page, refused } = await openReference(390);
    await expectAccessible(page, 'the API reference at 390 px');
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await photograph(page, 'api-docs-390.png');
    expect(refused).toEqual([]);
    await page.context().close();
  });

  test('the editors’ workspace links to it', async () => {
    const page = await browser.open('/editor');
    await page.locator('#ws-token').or(page.locator('#ws-email')).first().waitFor();
    await page.getByRole('button', { name: 'Sign in with a token instead' }).click();
    await page.locator('#ws-token').fill(inject('editors').editor.token);
    await page.keyboard.press('Enter');
    const link = page.getByRole('link', { name: 'API reference' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/api/docs');
    await link.click();
    await page.locator('.opblock').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/api/docs');
    await page.context().close();
  });
});
