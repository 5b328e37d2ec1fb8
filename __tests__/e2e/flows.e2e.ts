import { expect, test } from '@playwright/test';
import { signIn } from './signIn';

test('the item creation flow on the built-in drafter puts the previewed items on the board', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await signIn(page, `flows-${Date.now()}@example.com`);

  // No AI provider on this server: the toolbar does not present the drafter as AI.
  await expect(page.getByText(/with AI/)).toHaveCount(0);
  await page.getByRole('link', { name: 'Add items from a description…' }).click();
  await expect(page).toHaveURL(/\/flows\/add-items$/);
  await page
    .getByLabel('Description', { exact: true })
    .fill('Onboarding\n- Welcome e-mail\n- Import contacts from CSV');
  await page.getByLabel('Mostly').selectOption({ label: 'Implementation' });
  await page.getByRole('button', { name: 'Next: refine' }).click();

  await expect(page.getByLabel('Refined description (markdown)')).toHaveValue(/Welcome e-mail/);
  await expect(page.getByText(/Drafted by Baton's built-in drafter \(no AI\)/)).toBeVisible();
  await page.getByRole('button', { name: 'Next: preview the items' }).click();

  const preview = page.getByRole('list', { name: 'Items to add' });
  // The intro line is no item: it goes with the first as "Part of: …", so nothing written is lost.
  await expect(preview.getByLabel('Item 1')).toHaveValue('Welcome e-mail\n\nPart of: Onboarding');
  await preview.getByLabel('Item 2').fill('Import contacts from CSV files');

  // A reload resumes at the preview, with what the drafter wrote (edits not yet saved are the user's to keep typing).
  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: 'Preview' })).toHaveAttribute('aria-current', 'step');
  await page.getByRole('list', { name: 'Items to add' }).getByLabel('Item 2').fill('Import contacts from CSV files');
  await page.getByRole('button', { name: 'Add 2 items to the board' }).click();
  await expect(page.getByRole('heading', { name: '2 items added' })).toBeVisible();

  await page.getByRole('link', { name: 'Open the board' }).click();
  await expect(page.getByRole('button', { name: 'Welcome e-mail', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import contacts from CSV files', exact: true })).toBeVisible();

  // Split one of them from its panel.
  await page.getByRole('button', { name: 'Import contacts from CSV files', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Split…' }).click();
  await expect(page.getByRole('heading', { name: 'Split Import contacts from CSV files' })).toBeVisible();
  // The drafter splits by lines and bullets; a one-line item it cannot split says so, and the user writes the parts.
  await page.getByRole('button', { name: 'Propose parts' }).click();
  await expect(page.getByRole('alert')).toContainText('There is nothing to split');
  await page.getByRole('button', { name: 'Write them myself' }).click();
  await page.getByLabel('Part 1 (stays as this item)').fill('Import contacts from CSV');
  await page.getByLabel('Part 2 (a new item)').fill('Import contacts from vCard');
  await page.getByRole('button', { name: 'Split into 2 items' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Import contacts from vCard', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import contacts from CSV', exact: true })).toBeVisible();

  expect(errors).toEqual([]);
});
