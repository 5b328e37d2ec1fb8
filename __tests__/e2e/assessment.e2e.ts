import { expect, test } from '@playwright/test';
import { axeViolations } from './helpers/axe';
import { signIn } from './signIn';
import { workedExample } from '../shared/fixtures/assessmentWorkedExample';

test('a visitor takes the assessment on the content site, with no sign-in, and sees the scores', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('link', { name: 'Take the assessment' }).click();
  await expect(page).toHaveURL(/\/about\/assessment$/);
  await expect(page.getByRole('radiogroup')).toHaveCount(21);

  for (const [question, option] of Object.entries(workedExample))
    await page.locator(`input[name="${question}"][value="${option}"]`).check();
  await expect(page.getByText('21 of 21 answered')).toBeVisible();
  await page.getByRole('button', { name: 'See my scores' }).click();

  await expect(page.getByRole('heading', { name: 'Your team is Starting' })).toBeVisible();
  await expect(page.getByText('Overall score 53 of 100')).toBeVisible();
  const meters = page.getByRole('list', { name: 'Scores by dimension' }).getByRole('meter');
  await expect(meters).toHaveCount(7);
  const scores = await meters.evaluateAll((elements) =>
    elements.map((element) => element.getAttribute('aria-valuenow')),
  );
  expect(scores).toEqual(['58', '92', '75', '27', '33', '33', '50']);
  await expect(page.getByRole('list', { name: 'Next steps for Documentation' }).getByRole('listitem')).toHaveCount(3);

  // The rubric it links to is the docs page rendered from docs/assessment.md.
  await page.getByRole('link', { name: 'How this is scored' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Agent-readiness assessment: the rubric' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Worked example' })).toBeVisible();
});

test('the content site, its docs and the assessment (public and in the app) have no axe violations', async ({
  page,
}) => {
  test.setTimeout(90_000);
  for (const path of ['/about', '/about/docs', '/about/docs/assessment', '/about/assessment']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect({ path, violations: await axeViolations(page) }).toEqual({ path, violations: [] });
  }
  for (const [question, option] of Object.entries(workedExample))
    await page.locator(`input[name="${question}"][value="${option}"]`).check();
  await page.getByRole('button', { name: 'See my scores' }).click();
  await expect(page.getByRole('heading', { name: 'Your team is Starting' })).toBeVisible();
  expect({ path: 'result', violations: await axeViolations(page) }).toEqual({ path: 'result', violations: [] });

  await signIn(page, `assess-axe-${Date.now()}@example.com`);
  await page.goto('/assessment');
  await expect(page.getByRole('heading', { level: 1, name: 'Agent-readiness assessment' })).toBeVisible();
  expect({ path: '/assessment', violations: await axeViolations(page) }).toEqual({
    path: '/assessment',
    violations: [],
  });
});
