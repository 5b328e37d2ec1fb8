import { expect, test, type Page } from '@playwright/test';
import { signIn } from './signIn';
import { activeProjectId, api, createItem } from './helpers/appApi';

async function setUp(page: Page, prefix: string) {
  await signIn(page, `${prefix}-${Date.now()}@example.com`);
  const first = await activeProjectId(page);
  const second = (await api<{ id: string }>(page, 'POST', '/teams/active/projects', { description: 'Launch' })).id;
  return { first, second };
}

test('an item link opens in another project, Back and Forward move between projects, a deleted one says so', async ({
  page,
}) => {
  const { first, second } = await setUp(page, 'links');
  const party = await createItem(page, second, 'Launch party');
  const gone = await createItem(page, first, 'Short-lived');
  await api(page, 'DELETE', `/teams/active/project-items/all/${gone.id}`, { projectId: first });

  await page.goto(`/items/${party.externalId}`);
  const panel = page.getByRole('dialog', { name: 'Launch party' });
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`/projects/${second}$`));
  await expect(page.getByRole('button', { name: /^Project: Launch\./ })).toBeVisible();

  await page.goto(`/projects/${first}`);
  await expect(page.getByRole('button', { name: /^Project: First project\./ })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('button', { name: /^Project: Launch\./ })).toBeVisible();

  await page.goto(`/items/${gone.externalId}`);
  await expect(page.getByRole('alert')).toContainText(`${gone.externalId} was deleted`);
  await page.getByRole('button', { name: 'Back to the board' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the palette finds an item of another project by words of its title and opens it, without CSP errors', async ({
  page,
}) => {
  const cspErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
  });
  const { second } = await setUp(page, 'palette');
  const item = await createItem(page, second, 'Offline mode for the phone app');
  await page.goto('/');
  await expect(page.getByRole('button', { name: /^Project: First project\./ })).toBeVisible();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toHaveAttribute('aria-modal', 'true');
  await page.keyboard.type('offline pho');
  await palette.getByRole('option', { name: new RegExp(`${item.externalId} Offline mode`) }).click();
  await expect(page.getByRole('dialog', { name: 'Offline mode for the phone app' })).toBeVisible();
  expect(cspErrors).toEqual([]);
});

test('a delete is undone from the toast: the card is back, for another tab too', async ({ page }) => {
  const { first } = await setUp(page, 'undo');
  await createItem(page, first, 'Keep me');
  await page.goto('/');
  // Another tab of the same browser: its board hears of the delete and of the undo.
  const other = await page.context().newPage();
  await other.goto('/');
  await expect(other.getByRole('button', { name: 'Keep me', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Keep me', exact: true }).focus();
  await page.keyboard.press('Delete');
  await page.keyboard.press('Delete');
  await expect(page.getByRole('button', { name: 'Keep me', exact: true })).toHaveCount(0);
  await expect(other.getByRole('button', { name: 'Keep me', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Keep me', exact: true })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Keep me', exact: true })).toBeVisible();
  await other.close();
});
