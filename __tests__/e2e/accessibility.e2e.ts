import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './signIn';

/** axe (WCAG 2.x A and AA, best practices) on the screens people use most. */
const scan = async (page: Page) => {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }));
};

test('the board, the item panel and the settings pages have no axe violations', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, `axe-${Date.now()}@example.com`);
  const today = page.locator('[data-bucket-key]').first();
  await today.getByRole('button', { name: /^Add item to/ }).click();
  await today.getByRole('form').getByLabel('Title').fill('Accessible item');
  await today.getByRole('form').getByLabel('Title').press('Enter');
  await today.getByRole('button', { name: 'Close new item' }).click();
  await expect(page.getByRole('button', { name: 'Accessible item', exact: true })).toBeVisible();
  expect(await scan(page)).toEqual([]);

  await page.getByRole('button', { name: 'Accessible item', exact: true }).click();
  await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Description (markdown)' })).toBeVisible();
  expect(await scan(page)).toEqual([]);
  await page.keyboard.press('Escape');

  for (const path of [
    '/settings/account',
    '/settings/members',
    '/settings/planning',
    '/settings/ai',
    '/settings/github',
    '/settings/mcp',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect({ path, violations: await scan(page) }).toEqual({ path, violations: [] });
  }
});
