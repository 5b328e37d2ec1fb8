import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './signIn';

/** Set SHOTS to a folder to keep screenshots of the export dialog and the viewer (light and dark, narrow and wide). */
const shots = process.env.SHOTS;
const sizes = [
  { name: 'wide', width: 1280, height: 800 },
  { name: 'narrow', width: 390, height: 844 },
] as const;

async function screenshots(page: Page, name: string, prepare?: () => Promise<void>) {
  if (!shots) return;
  for (const scheme of ['light', 'dark'] as const) {
    for (const size of sizes) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: size.width, height: size.height });
      await prepare?.();
      await page.waitForTimeout(150);
      await page.screenshot({ path: `${shots}/${name}-${scheme}-${size.name}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function quickAdd(page: Page, where: Locator, title: string, kind: RegExp) {
  const form = where.getByRole('form');
  if (!(await form.isVisible())) await where.getByRole('button', { name: /^Add item to/ }).click();
  await form.locator('label', { has: page.getByRole('radio', { name: kind }) }).click();
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Title').press('Enter');
  await expect(where.getByRole('button', { name: title, exact: true })).toBeVisible();
}

const cardTitles = (page: Page) => page.locator('[data-card-id] [data-card-focus] > span:first-child');

test('export the state for support, then replay it read-only in the viewer without a call', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, `support-${Date.now()}@example.com`);
  await page.getByRole('button', { name: /Open the project menu/ }).click();
  await page.getByRole('menuitem', { name: 'New project…' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('Checkout revamp');
  await page.getByRole('dialog').getByRole('button', { name: 'Create project' }).click();
  const today = page.locator('[data-bucket-key]').first();
  await quickAdd(page, today, 'Pay with one tap', /Demo/);
  await quickAdd(page, today, 'Price service', /Implementation/);
  await quickAdd(page, today, 'Checkout shows the total', /Demo/);
  await today.getByRole('button', { name: 'Close new item' }).click();
  await page.getByLabel('Kind').selectOption({ label: 'Demo' });
  await expect(cardTitles(page)).toHaveText(['Pay with one tap', 'Checkout shows the total']);
  const shown = await cardTitles(page).allTextContents();

  await page.getByRole('button', { name: 'Export state for support' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export state for support' });
  await expect(dialog.getByRole('checkbox', { name: 'Include content' })).toBeChecked();
  await screenshots(page, 'export-dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // With an item's panel open, the panel's own button exports it too.
  await page.getByRole('button', { name: 'Pay with one tap', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Pay with one tap' });
  await expect(panel.getByRole('textbox', { name: /description/i })).toBeVisible();
  await screenshots(page, 'panel-export-button');
  await panel.getByRole('button', { name: 'Export state for support' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('dialog', { name: 'Export state for support' })
      .getByRole('button', { name: 'Download snapshot' })
      .click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^baton-snapshot-.*\.json$/);
  const file = await download.path();
  const snapshot = JSON.parse(await readFile(file, 'utf8')) as { route: string; build: { hash: string } };
  expect(snapshot.route).toMatch(/^\/items\/[A-Z]+-1\?kind=1$/);
  expect(snapshot.build.hash).not.toBe('unknown');

  // Support staff: another browser, not signed in.
  const support = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const calls: string[] = [];
  await support.goto('/support/snapshot');
  await expect(support.getByRole('heading', { name: 'Snapshot viewer' })).toBeVisible();
  support.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/v1')) calls.push(`${request.method()} ${request.url()}`);
  });
  await screenshots(support, 'viewer-empty');

  await support.getByLabel('Choose a snapshot file').setInputFiles({
    name: 'package.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"name":"baton"}'),
  });
  await expect(support.getByRole('alert')).toHaveText('package.json: This file is not a Baton support snapshot.');
  await screenshots(support, 'viewer-wrong-file');

  await support.getByLabel('Choose a snapshot file').setInputFiles(file);
  await expect(support.getByText('Read-only snapshot', { exact: true })).toBeVisible();
  const replayedPanel = support.getByRole('dialog', { name: 'Pay with one tap' });
  await expect(replayedPanel.getByText('Read-only snapshot: nothing here can be changed.')).toBeVisible();
  await expect(replayedPanel.getByRole('textbox', { name: /description/i })).toBeDisabled();
  await expect(replayedPanel.getByRole('button', { name: 'Export state for support' })).toHaveCount(0);
  await screenshots(support, 'viewer-panel');
  await replayedPanel.getByRole('button', { name: 'Close' }).click();

  await expect(support.getByRole('region', { name: 'Read-only snapshot' })).toContainText(snapshot.route);
  await expect(cardTitles(support)).toHaveText(shown);
  await expect(support.getByLabel('Kind')).toBeDisabled();
  await expect(support.getByLabel('Kind')).toHaveValue('1');
  await expect(support.getByRole('button', { name: 'Sign out' })).toBeDisabled();
  await expect(support.getByRole('button', { name: 'Pay with one tap', exact: true })).toBeDisabled();
  await screenshots(support, 'viewer-board');
  // Keyboard shortcuts and drags change nothing: the cards are where they were.
  await support.keyboard.press('Alt+ArrowDown');
  await support.waitForTimeout(500);
  await expect(cardTitles(support)).toHaveText(shown);
  expect(calls).toEqual([]);

  // The app's error screen offers the export too.
  await page.goto('/no/such/page');
  await expect(page.getByRole('button', { name: 'Export state for support' })).toBeVisible();
  await screenshots(page, 'error-screen');
});
