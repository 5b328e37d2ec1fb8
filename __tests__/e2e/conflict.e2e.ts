import { expect, test } from '@playwright/test';
import { signInHere } from './signIn';

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/**
 * No lost update (issue 12): two tabs edit the same item's description. The second tab is told of the
 * first tab's change while it types, keeps its own text, sees theirs, and saves its own on purpose.
 */
test('an edit made while someone else saved the same field is shown as a conflict, and nothing is lost', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const email = `conflict-${unique()}@example.com`;
  const first = await (await browser.newContext()).newPage();
  const second = await (await browser.newContext()).newPage();
  for (const page of [first, second]) {
    await page.goto('/');
    await signInHere(page, email);
    await expect(page.getByRole('region', { name: 'Board' })).toBeVisible();
  }

  const today = first.locator('[data-bucket-key]').first();
  await today.getByRole('button', { name: /^Add item to/ }).click();
  await today.getByRole('form').getByLabel('Title').fill('Shared wording');
  await today.getByRole('form').getByLabel('Title').press('Enter');
  await today.getByRole('button', { name: 'Close new item' }).click();
  const card = second.locator('[data-bucket-key]').first().getByRole('button', { name: 'Shared wording', exact: true });
  await expect(card).toBeVisible({ timeout: 5_000 });

  // Both open the item; the second tab starts typing.
  await today.getByRole('button', { name: 'Shared wording', exact: true }).click();
  await card.click();
  const firstPanel = first.getByRole('dialog');
  const secondPanel = second.getByRole('dialog');
  const secondText = secondPanel.getByRole('textbox', { name: 'Description (markdown)' });
  await secondText.fill('Shared wording, as the second tab puts it');

  // The first tab saves its own wording meanwhile.
  await firstPanel.getByRole('textbox', { name: 'Description (markdown)' }).fill('Shared wording, first tab');
  await firstPanel.getByRole('button', { name: 'Save' }).click();
  await expect(firstPanel.getByText('Unsaved changes')).toBeHidden();

  // The second tab learns of it live: its text stays, theirs is shown, nothing is merged away.
  await expect(secondPanel.getByText(/Someone else changed the description of/)).toBeVisible({ timeout: 5_000 });
  await expect(secondText).toHaveValue('Shared wording, as the second tab puts it');
  await secondPanel.getByText('Their description').click();
  await expect(secondPanel.getByText('Shared wording, first tab', { exact: true })).toBeVisible();

  await secondPanel.getByRole('button', { name: 'Save mine instead' }).click();
  await expect(secondPanel.getByText(/Someone else changed/)).toBeHidden();
  await expect(firstPanel.getByRole('textbox', { name: 'Description (markdown)' })).toHaveValue(
    'Shared wording, as the second tab puts it',
    { timeout: 5_000 },
  );
});
