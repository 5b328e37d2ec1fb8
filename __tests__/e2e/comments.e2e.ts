import { expect, test } from '@playwright/test';
import { signInHere } from './signIn';

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
/** Another member's comment shows within a second or so (plus a margin for a loaded CI box). */
const LIVE = { timeout: 3_000 };

/**
 * Two members discuss an item: a comment mentioning the colleague lights up their Mentions count at
 * once, the mention opens the item, the reply shows live in the first member's open panel, and the
 * author edits and deletes their own comment.
 */
test('comments: mention, reply live, edit and delete your own', async ({ browser }) => {
  test.setTimeout(90_000);
  const id = unique();
  const adminEmail = `comments-admin-${id}@example.com`;
  const colleagueHandle = `comments-colleague-${id}`;
  const admin = await (await browser.newContext()).newPage();
  const colleague = await (await browser.newContext()).newPage();

  await admin.goto('/');
  await signInHere(admin, adminEmail);
  await admin.goto('/settings/members');
  await admin.getByLabel('E-mail address').fill(`${colleagueHandle}@example.com`);
  await admin.getByRole('button', { name: 'Invite' }).click();
  const inviteLink = await admin.getByLabel(new RegExp(`Invite link for ${colleagueHandle}@example.com`)).inputValue();
  await colleague.goto(inviteLink);
  await signInHere(colleague, `${colleagueHandle}@example.com`);
  await expect(colleague.getByRole('link', { name: 'Mentions', exact: true })).toBeVisible();

  await admin.goto('/');
  const today = admin.locator('[data-bucket-key]').first();
  await today.getByRole('button', { name: /^Add item to/ }).click();
  await today.getByRole('form').getByLabel('Title').fill('Card payments');
  await today.getByRole('form').getByLabel('Title').press('Enter');
  await today.getByRole('button', { name: 'Close new item' }).click();
  await today.getByRole('button', { name: 'Card payments', exact: true }).click();
  const panel = admin.getByRole('dialog');
  const activity = panel.getByRole('list', { name: 'Activity' });
  // Created (out of scope, unscheduled), then put in today's bucket.
  await expect(activity.getByRole('listitem')).toHaveCount(2);

  const box = panel.getByRole('textbox', { name: 'Comment (markdown)' });
  await box.fill(`Should we keep **Amex**, @${colleagueHandle}?`);
  await box.press('Control+Enter');
  const question = activity.getByRole('article', { name: /^You/ });
  await expect(question.locator('strong', { hasText: 'Amex' })).toBeVisible();
  await expect(box).toHaveValue('');

  // The colleague's header counts the mention live; the mention opens the item.
  await expect(colleague.getByRole('link', { name: 'Mentions, 1 unread' })).toBeVisible(LIVE);
  await colleague.getByRole('link', { name: 'Mentions, 1 unread' }).click();
  await colleague.getByRole('link', { name: /Card payments/ }).click();
  const theirPanel = colleague.getByRole('dialog');
  await expect(theirPanel.getByRole('article', { name: new RegExp(`^${adminEmail}`) })).toContainText(
    'Should we keep Amex',
  );
  await expect(theirPanel.getByRole('article').getByRole('button')).toHaveCount(0);
  const reply = theirPanel.getByRole('textbox', { name: 'Comment (markdown)' });
  await reply.fill('Yes, keep Amex.');
  await theirPanel.getByRole('button', { name: 'Comment', exact: true }).click();

  // The reply reaches the admin's open panel without a reload.
  await expect(activity.getByRole('article', { name: new RegExp(`^${colleagueHandle}@`) })).toContainText(
    'Yes, keep Amex.',
    LIVE,
  );

  // The author edits and deletes their own comment; the colleague sees both.
  await question.getByRole('button', { name: 'Edit' }).click();
  await question.getByRole('textbox', { name: 'Edit comment (markdown)' }).fill('Should we keep Amex and Diners?');
  await question.getByRole('button', { name: 'Save comment' }).click();
  await expect(question).toContainText('edited');
  await expect(theirPanel.getByText('Should we keep Amex and Diners?')).toBeVisible(LIVE);
  await question.getByRole('button', { name: 'Delete…' }).click();
  await question.getByRole('button', { name: 'Yes, delete it' }).click();
  await expect(activity.getByRole('article')).toHaveCount(1);
  await expect(theirPanel.getByRole('article')).toHaveCount(1, LIVE);
});
