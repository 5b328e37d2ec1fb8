import { expect, type Page } from '@playwright/test';

/** Opens Baton and signs in with the Test provider as `emailAddress`; resolves once the top bar shows them. */
export async function signIn(page: Page, emailAddress: string) {
  await page.goto('/');
  await signInHere(page, emailAddress);
}

/** Signs in with the Test provider on the screen the page shows now (which may carry an invite). */
export async function signInHere(page: Page, emailAddress: string) {
  const field = page.getByLabel(/e-mail/i);
  // Some screens (an invite's) show the providers first: the Test provider's button opens its form.
  if (!(await field.isVisible())) await page.getByRole('button', { name: /Test/ }).first().click();
  await field.fill(emailAddress);
  await page.getByRole('button', { name: /^sign in with test/i }).click();
  await expect(page.getByRole('banner').first().getByText(emailAddress)).toBeVisible();
}
