import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** WCAG 2.2 A and AA (touch target size included, as Lighthouse checks it) and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Runs axe on the page as it is (or only on the part `within` selects) and fails with one line per offending
 * element: rule, impact, target, help.
 */
export async function expectAccessible(page: Page, what: string, within?: string): Promise<void> {
  const axe = new AxeBuilder({ page }).withTags(TAGS);
  if (within) axe.include(within);
  const { violations } = await axe.analyze();
  const found = violations.flatMap((rule) =>
    rule.nodes.map((node) => `${rule.id} (${rule.impact ?? 'n/a'}) at ${node.target.join(' ')}: ${rule.help}`),
  );
  expect(
    found.length,
    `${found.length} accessibility violations on ${what} (${page.url()}):\n${found.join('\n')}`,
  ).toBe(0);
}
