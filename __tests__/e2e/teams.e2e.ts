import { expect, test, type Page } from '@playwright/test';
import { signInHere } from './signIn';

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** Signs in with the Test provider on the page's current screen (which may carry an invite). */
const teamMenuButton = (page: Page) => page.getByRole('button', { name: /team menu/ });

test('an Admin invites a colleague, who joins through the link; made Editor, they may not manage members', async ({
  browser,
}) => {
  const id = unique();
  const adminEmail = `admin-${id}@example.com`;
  const colleagueEmail = `colleague-${id}@example.com`;
  const teamName = `admin-${id}'s team`;

  const adminContext = await browser.newContext();
  const colleagueContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const colleague = await colleagueContext.newPage();

  // The Admin opens the members page from the team menu and invites the colleague as Admin.
  await admin.goto('/');
  await signInHere(admin, adminEmail);
  await teamMenuButton(admin).click();
  await admin.getByRole('menuitem', { name: 'Members' }).click();
  await expect(admin.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
  await admin.getByLabel('E-mail address').fill(colleagueEmail);
  await admin.getByLabel('Role', { exact: true }).selectOption('Admin');
  await admin.getByRole('button', { name: 'Invite' }).click();
  const linkField = admin.getByLabel(new RegExp(`Invite link for ${colleagueEmail}`));
  await expect(linkField).toBeVisible();
  const inviteLink = await linkField.inputValue();
  expect(inviteLink).toMatch(/\/join\?invite=[\w-]+$/);
  await expect(admin.getByRole('list', { name: /Open invites/ }).getByText(colleagueEmail)).toBeVisible();
  // After a reload the Admin can still copy and revoke it: the server gives Admins the invite codes.
  await admin.reload();
  const openInvite = admin.getByRole('listitem', { name: colleagueEmail });
  await expect(openInvite.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await expect(openInvite.getByRole('button', { name: `Revoke the invite of ${colleagueEmail}` })).toBeVisible();

  // The colleague follows the link in another browser, signs in with the Test provider and sees the team's board.
  await colleague.goto(inviteLink);
  await expect(colleague.getByText(/You have an invite/)).toBeVisible();
  await signInHere(colleague, colleagueEmail);
  await expect(teamMenuButton(colleague)).toContainText(teamName);
  await expect(colleague.getByRole('region', { name: 'Board' })).toBeVisible();
  await expect(colleague).toHaveURL(/\/$/);

  // As Admin, the colleague is offered member management.
  await colleague.goto('/settings/members');
  await expect(colleague.getByRole('button', { name: 'Invite' })).toBeVisible();

  // The Admin makes the colleague an Editor.
  await admin.reload();
  const colleagueRole = admin.getByRole('combobox', { name: `Role of ${colleagueEmail}` });
  await expect(colleagueRole).toHaveValue('0');
  await colleagueRole.selectOption('Editor');
  await expect(colleagueRole).toHaveValue('1');
  await expect(admin.getByRole('alert')).toHaveCount(0);

  // The Editor is no longer offered member management, nor renaming the team…
  await colleague.reload();
  await expect(colleague.getByText(`You are an Editor of ${teamName}`)).toBeVisible();
  await expect(colleague.getByRole('button', { name: 'Invite' })).toHaveCount(0);
  await expect(colleague.getByRole('combobox')).toHaveCount(0);
  await expect(colleague.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  await teamMenuButton(colleague).click();
  await expect(colleague.getByRole('menuitem', { name: 'Create team…' })).toBeVisible();
  await expect(colleague.getByRole('menuitem', { name: 'Rename team…' })).toHaveCount(0);
  await colleague.keyboard.press('Escape');

  // …and the server refuses it.
  const invite = await colleague.request.post('/v1/teams/active/members', {
    data: { emailAddress: `third-${id}@example.com`, role: 1 },
  });
  expect(invite.status()).toBe(403);
  expect((await invite.json()).result).toBe('Unauthorized');
  const promote = await colleague.request.put(`/v1/teams/active/members/${encodeURIComponent('nobody')}/role`, {
    data: { newRole: 0 },
  });
  expect(promote.status()).toBe(403);

  await adminContext.close();
  await colleagueContext.close();
});

test('upgrading the plan on the settings page lifts a project quota that was just hit', async ({ page }) => {
  const id = unique();
  await page.goto('/');
  await signInHere(page, `planner-${id}@example.com`);

  // Free allows 3 projects; the first exists. Two more through the API, quickly.
  for (const description of ['Second', 'Third']) {
    const created = await page.request.post('/v1/teams/active/projects', { data: { description } });
    expect(created.status()).toBe(200);
  }

  const createProjectInTheUi = async (name: string) => {
    await page.getByRole('button', { name: /Open the project menu/ }).click();
    await page.getByRole('menuitem', { name: 'New project…' }).click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Create project' }).click();
  };

  // The fourth is refused: the user lands on the settings page, at projects, with the spec's message.
  await createProjectInTheUi('Fourth');
  await expect(page).toHaveURL(/\/settings\/account\?feature=projects$/);
  await expect(page.getByTestId('quota-error')).toHaveText(
    /Sorry, you have reached your quota for the number of Projects you can have\./,
  );
  const projectsCard = page.locator('#feature-projects');
  await expect(projectsCard).toHaveAttribute('data-highlighted', 'true');
  await expect(projectsCard.getByRole('meter')).toHaveAttribute('aria-valuetext', '3 of 3, limit reached');

  // Upgrading to Team (no payment provider: applies at once) lifts the limit.
  const teamPlan = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Team', level: 3 }) });
  await teamPlan.getByRole('button', { name: 'Upgrade to Team' }).click();
  await expect(page.getByText('You are on Team, billed monthly.').first()).toBeVisible();
  await expect(projectsCard.getByRole('meter')).toHaveAttribute('aria-valuetext', '3 of 25');
  // The quota message goes with the limit it named.
  await expect(page.getByTestId('quota-error')).toHaveCount(0);

  await page.getByRole('link', { name: 'Baton home' }).click();
  await createProjectInTheUi('Fourth');
  await expect(page.getByRole('button', { name: /Project: Fourth\. Open the project menu/ })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('the team menu creates, renames and switches teams, with nothing the page’s CSP refuses', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  const id = unique();
  await page.goto('/');
  await signInHere(page, `switcher-${id}@example.com`);
  const firstTeam = `switcher-${id}'s team`;
  await expect(teamMenuButton(page)).toContainText(firstTeam);

  // Free owns one team; Team owns three. Upgrade, then create a second team from the menu.
  const upgraded = await page.request.post('/v1/accounts/active/checkout', {
    data: { plan: 'team', billingPeriod: 0, addOns: [] },
  });
  expect(upgraded.status()).toBe(200);
  await teamMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Create team…' }).click();
  await page.getByRole('dialog', { name: 'Create a team' }).getByLabel('Team name').fill('Launch crew');
  await page.keyboard.press('Enter');
  await expect(teamMenuButton(page)).toContainText('Launch crew');

  // Rename it (applied at once, kept after a reload).
  await teamMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Rename team…' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename team' });
  await rename.getByLabel('Team name').fill('Launch crew 2');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(teamMenuButton(page)).toContainText('Launch crew 2');

  // Switch back with the keyboard.
  await teamMenuButton(page).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitemradio', { name: firstTeam }).click();
  await expect(teamMenuButton(page)).toContainText(firstTeam);
  await page.reload();
  await expect(teamMenuButton(page)).toContainText(firstTeam);
  // After the reload the menu still offers both teams: the server lists every team of the user.
  await teamMenuButton(page).click();
  await expect(page.getByRole('menuitemradio', { name: firstTeam })).toBeVisible();
  await expect(page.getByRole('menuitemradio', { name: 'Launch crew 2' })).toBeVisible();
  await page.keyboard.press('Escape');

  expect(problems.filter((text) => /Content Security Policy|Refused/i.test(text))).toEqual([]);
});
