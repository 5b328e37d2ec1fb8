import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './helpers/axe';
import { signIn, signInHere } from './signIn';
import { workedExample } from '../shared/fixtures/assessmentWorkedExample';

// The everyday walk's fixes in Chromium against the real server, each screen checked with axe.

async function addItem(page: Page, title: string) {
  const today = page.locator('[data-bucket-key]').first();
  await today.getByRole('button', { name: /^Add item to/ }).click();
  await today.getByRole('form').getByLabel('Title').fill(title);
  await today.getByRole('form').getByLabel('Title').press('Enter');
  await today.getByRole('button', { name: 'Close new item' }).click();
  // Created on the server: the card carries its key.
  await expect(page.getByRole('button', { name: title, exact: true })).toHaveAccessibleDescription(/^[A-Z0-9]+-\d+,/);
}

test('an unknown address is a page-not-found page with a way back', async ({ page }) => {
  await signIn(page, `lost-${Date.now()}@example.com`);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('/no/such/page')).toBeVisible();
  await expect(page.getByText(/Unexpected Application Error/)).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Go to the board' }).click();
  await expect(page.getByRole('heading', { name: /board$/ })).toBeAttached();
});

test('offline, a returning user reads what happened, and the board opens once the server answers', async ({ page }) => {
  await signIn(page, `offline-${Date.now()}@example.com`);
  await page.route('**/v1/user/core-application-context', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Baton can’t be reached' })).toBeVisible();
  await expect(page.getByText(/Failed to fetch|TypeError/)).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.unroute('**/v1/user/core-application-context');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
});

test('the Help menu opens Baton’s docs as pages', async ({ page, context }) => {
  await signIn(page, `help-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Help', exact: true }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'The planning board' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const opened = context.waitForEvent('page');
  await menu.getByRole('menuitem', { name: 'Handing items to coding agents' }).click();
  const docs = await opened;
  await expect(docs.getByRole('heading', { level: 1, name: /Handing items to coding agents/ })).toBeVisible();
});

test('Hand off… without GitHub: the terminal is chosen, the GitHub issue is off with the six settings and a docs link', async ({
  page,
}) => {
  await signIn(page, `nogithub-${Date.now()}@example.com`);
  await addItem(page, 'Gift cards');
  await page.getByRole('button', { name: 'Gift cards', exact: true }).click();
  const panel = page.getByRole('dialog');
  await panel.getByRole('button', { name: 'Hand off…' }).click();
  await expect(panel.getByRole('radio', { name: 'Terminal (Claude Code on your machine)' })).toBeChecked();
  await expect(panel.getByRole('radio', { name: /GitHub issue/ })).toBeDisabled();
  for (const name of ['GITHUB_APP_ID', 'GITHUB_APP_CLIENT_SECRET', 'GITHUB_WEBHOOK_SECRET'])
    await expect(panel.getByText(name, { exact: true })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'how to set up GitHub' })).toHaveAttribute(
    'href',
    '/about/docs/handoff',
  );
  expect(await axeViolations(page)).toEqual([]);
});

test('keyboard drag: Space, →, Space puts a card into the empty column next to it', async ({ page }) => {
  await signIn(page, `drag-${Date.now()}@example.com`);
  await addItem(page, 'Carry me');
  const card = page.getByRole('button', { name: 'Carry me', exact: true });
  await expect(card).toHaveAttribute('aria-roledescription', 'draggable item');
  const columns = page.locator('[data-bucket-key]');
  const next = columns.nth(1);
  await expect(next.getByRole('listitem')).toHaveCount(0);
  await card.focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(100);
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(100);
  await page.keyboard.press('Space');
  await expect(next.getByRole('button', { name: 'Carry me', exact: true })).toBeVisible();
  await expect(columns.first().getByRole('button', { name: 'Carry me', exact: true })).toHaveCount(0);
});

test('signing out in one tab ends the session in the other', async ({ page, context }) => {
  await signIn(page, `tabs-${Date.now()}@example.com`);
  const other = await context.newPage();
  await other.goto('/');
  await expect(other.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(other.getByRole('heading', { name: 'Sign in to Baton' })).toBeVisible();
});

test('the public assessment’s answers survive “Sign in to save results”', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/about/assessment');
  for (const [question, option] of Object.entries(workedExample))
    await page.locator(`input[name="${question}"][value="${option}"]`).check();
  await page.getByRole('button', { name: 'See my scores' }).click();
  await expect(page.getByRole('heading', { name: 'Your team is Starting' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in to Baton to save results to your team' }).click();
  const emailAddress = `assess-${Date.now()}@example.com`;
  await signInHere(page, emailAddress);
  await expect(page).toHaveURL(/\/assessment$/);
  await expect(page.getByRole('heading', { name: 'Your team is Starting' })).toBeVisible();
  const save = page.getByRole('button', { name: /^Save to / });
  await save.click();
  const saved = page.getByText(/^Saved to /);
  await expect(saved).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
});

test.describe('in dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('the item panel (with “Manage context”) has no contrast violation', async ({ page }) => {
    await signIn(page, `dark-${Date.now()}@example.com`);
    await addItem(page, 'Night item');
    await page.getByRole('button', { name: 'Night item', exact: true }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Manage context' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
