import { expect, test } from '@playwright/test';

test('sign in with Test, stay signed in across a reload, sign out', async ({ page }) => {
  const emailAddress = `e2e-${Date.now()}@example.com`;
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /sign in/i })).toBeVisible();
  for (const provider of ['Apple', 'Google', 'Microsoft', 'Test']) {
    await expect(page.getByRole('button', { name: new RegExp(provider) }).first()).toBeVisible();
  }

  await page.getByRole('button', { name: /Test/ }).first().click();
  await page.getByLabel(/e-mail/i).fill(emailAddress);
  await page.getByRole('button', { name: /^sign in/i }).click();

  const shell = page.getByRole('banner');
  await expect(shell.getByText(emailAddress)).toBeVisible();
  await expect(shell.getByText(`${emailAddress.split('@')[0]}'s team`)).toBeVisible();
  await expect(shell.getByText('First project')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('banner').getByText(emailAddress)).toBeVisible();

  await page.getByRole('button', { name: /sign out/i }).click();
  await expect(page.getByRole('heading', { name: /sign in/i })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: /sign in/i })).toBeVisible();
});

test('the content base path shows the landing page with a link into the app', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/Claude Code/).first()).toBeVisible();
  const openApp = page.getByRole('link', { name: /open baton|sign in|get started|open the app/i }).first();
  await expect(openApp).toHaveAttribute('href', '/');
});

test('a page load carries strict security headers', async ({ request }) => {
  const response = await request.get('/');
  expect(response.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
});
