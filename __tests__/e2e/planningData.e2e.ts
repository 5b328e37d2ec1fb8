import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './helpers/axe';
import { signIn } from './signIn';

const planSection = (page: Page) => page.getByRole('region', { name: 'Go-to-market plan' });

test('an Admin edits the go-to-market plan, settles a conflict with another tab, and an Editor reads it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const id = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const adminEmail = `planner-${id}@example.com`;
  const context = await browser.newContext();
  const [page, other] = [await context.newPage(), await context.newPage()];

  // From the team menu to the page; an entry added and saved is there after a reload.
  await signIn(page, adminEmail);
  await page.getByRole('button', { name: /team menu/ }).click();
  await page.getByRole('menuitem', { name: 'Planning data' }).click();
  await expect(page.getByRole('heading', { name: 'Planning data', level: 1 })).toBeVisible();
  await planSection(page).getByRole('button', { name: 'Add entry' }).click();
  await expect(planSection(page).getByRole('textbox', { name: 'Name' })).toBeFocused();
  await page.keyboard.type('launch');
  await planSection(page).getByRole('textbox', { name: 'Value' }).fill('March');
  await planSection(page).getByRole('button', { name: 'Save' }).click();
  await expect(planSection(page).getByRole('button', { name: 'Save' })).toBeDisabled();
  await page.reload();
  await expect(planSection(page).getByRole('textbox', { name: 'Value' })).toHaveValue('March');
  expect(await axeViolations(page)).toEqual([]);

  // This tab starts an edit; another tab saves a different launch first.
  await planSection(page).getByRole('textbox', { name: 'Value' }).fill('May');
  await other.goto('/settings/planning');
  await planSection(other).getByRole('textbox', { name: 'Value' }).fill('April');
  await planSection(other).getByRole('button', { name: 'Save' }).click();
  await expect(planSection(other).getByRole('button', { name: 'Save' })).toBeDisabled();

  await planSection(page).getByRole('button', { name: 'Save' }).click();
  await expect(planSection(page).getByText(/Someone else changed the go-to-market plan/)).toBeVisible();
  await expect(planSection(page).getByRole('region', { name: 'Their version' })).toContainText('April');
  await expect(planSection(page).getByRole('region', { name: 'Your version' })).toContainText('May');
  expect(await axeViolations(page)).toEqual([]);
  await planSection(page).getByRole('button', { name: 'Save mine instead' }).click();
  await expect(planSection(page).getByRole('region', { name: 'Your version' })).toHaveCount(0);
  await other.reload();
  await expect(planSection(other).getByRole('textbox', { name: 'Value' })).toHaveValue('May');

  // An Editor of the team reads the plan and cannot change it, on the page or through the API.
  const invite = await page.request.post('/v1/teams/active/members', {
    data: { emailAddress: `editor-${id}@example.com`, role: 1 },
  });
  const { inviteCode } = (await invite.json()).data as { inviteCode: string };
  const editorContext = await browser.newContext();
  const editor = await editorContext.newPage();
  await signIn(editor, `editor-${id}@example.com`);
  expect((await editor.request.post('/v1/users/active/accept-invite', { data: { inviteCode } })).status()).toBe(200);
  await editor.goto('/settings/planning');
  await expect(editor.getByText(/Admins change the planning data; you can read it/)).toBeVisible();
  await expect(planSection(editor).getByText('May')).toBeVisible();
  await expect(editor.getByRole('textbox')).toHaveCount(0);
  expect(await axeViolations(editor)).toEqual([]);
  const refused = await editor.request.put('/v1/teams/active/go-to-market-plan', {
    data: { goToMarketPlan: { launch: 'Never' } },
  });
  expect(refused.status()).toBe(403);

  await editorContext.close();
  await context.close();
});
