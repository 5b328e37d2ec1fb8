import { expect, test } from '@playwright/test';
import { axeViolations } from './helpers/axe';
import { signIn } from './signIn';
import { activeProjectId, api, createItem } from './helpers/appApi';

test('the board, the item panel and the settings pages have no axe violations', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, `axe-${Date.now()}@example.com`);
  const today = page.locator('[data-bucket-key]').first();
  await today.getByRole('button', { name: /^Add item to/ }).click();
  await today.getByRole('form').getByLabel('Title').fill('Accessible item');
  await today.getByRole('form').getByLabel('Title').press('Enter');
  await today.getByRole('button', { name: 'Close new item' }).click();
  await expect(page.getByRole('button', { name: 'Accessible item', exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Accessible item', exact: true }).click();
  await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Description (markdown)' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
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
    expect({ path, violations: await axeViolations(page) }).toEqual({ path, violations: [] });
  }
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} mode`, () => {
    test.use({ colorScheme });

    test('the palette, an item link’s notice, the undo toast, comments and the mentions page have no axe violations', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await signIn(page, `axe-${colorScheme}-${Date.now()}@example.com`);
      const projectId = await activeProjectId(page);
      const item = await createItem(page, projectId, 'Checked item');
      const gone = await createItem(page, projectId, 'Gone item');
      await api(page, 'DELETE', `/teams/active/project-items/all/${gone.id}`, { projectId });
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Checked item', exact: true })).toBeVisible();

      await page.keyboard.press('Control+k');
      const palette = page.getByRole('dialog', { name: 'Command palette' });
      await expect(palette).toHaveAttribute('aria-modal', 'true');
      await page.keyboard.type('checked');
      await expect(palette.getByRole('option', { name: new RegExp(`${item.externalId} Checked item`) })).toBeVisible();
      expect({ screen: 'palette', violations: await axeViolations(page) }).toEqual({
        screen: 'palette',
        violations: [],
      });
      await page.keyboard.press('Escape');

      await page.goto(`/items/${gone.externalId}`);
      await expect(page.getByRole('alert')).toContainText(`${gone.externalId} was deleted`);
      expect({ screen: 'link notice', violations: await axeViolations(page) }).toEqual({
        screen: 'link notice',
        violations: [],
      });
      await page.getByRole('button', { name: 'Back to the board' }).click();

      await page.getByRole('button', { name: 'Checked item', exact: true }).focus();
      await page.keyboard.press('Delete');
      await page.keyboard.press('Delete');
      await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeVisible();
      expect({ screen: 'undo toast', violations: await axeViolations(page) }).toEqual({
        screen: 'undo toast',
        violations: [],
      });
      await page.getByRole('button', { name: 'Undo', exact: true }).click();

      await page.getByRole('button', { name: 'Checked item', exact: true }).click();
      const panel = page.getByRole('dialog', { name: 'Checked item' });
      await panel.getByRole('textbox', { name: 'Comment (markdown)' }).fill('A note for **the team**');
      await panel.getByRole('button', { name: 'Comment', exact: true }).click();
      await expect(panel.getByRole('article').locator('strong', { hasText: 'the team' })).toBeVisible();
      expect({ screen: 'comments', violations: await axeViolations(page) }).toEqual({
        screen: 'comments',
        violations: [],
      });
      await page.keyboard.press('Escape');

      await page.goto('/mentions');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect({ screen: 'mentions', violations: await axeViolations(page) }).toEqual({
        screen: 'mentions',
        violations: [],
      });
    });
  });
}
