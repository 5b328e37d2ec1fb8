import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './signIn';

const column = (page: Page, index: number) => page.locator('[data-bucket-key]').nth(index);
const cardTitles = (where: Locator) => where.locator('[data-card-id] [data-card-focus] > span:first-child');

async function quickAdd(page: Page, where: Locator, title: string, kind: RegExp) {
  const form = where.getByRole('form');
  if (!(await form.isVisible())) await where.getByRole('button', { name: /^Add item to/ }).click();
  await form.locator('label', { has: page.getByRole('radio', { name: kind }) }).click();
  await expect(form.getByRole('radio', { name: kind })).toBeChecked();
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Title').press('Enter');
  await expect(where.getByRole('button', { name: title, exact: true })).toBeVisible();
}

/** What the server holds for a project, bucket by bucket in board order: "bucket: title [done]". */
async function serverBoard(page: Page, projectId: string) {
  const response = await page.request.post(`/v1/teams/active/projects/${projectId}/all/query`, {
    data: {},
    headers: { origin: new URL(page.url()).origin },
  });
  const { data } = (await response.json()) as {
    data: {
      items: {
        description: string;
        completionDate: string | null;
        projectContexts: {
          projectId: string;
          scope: number;
          assignedTimeframe: { span: number; index: number } | null;
        }[];
      }[];
    };
  };
  return data.items.map((item) => {
    const plan = item.projectContexts.find((context) => context.projectId === projectId)!;
    const bucket = plan.assignedTimeframe
      ? `${plan.scope}:${plan.assignedTimeframe.span}:${plan.assignedTimeframe.index}`
      : `${plan.scope}:none`;
    return `${bucket} ${item.description}${item.completionDate ? ' [done]' : ''}`;
  });
}

test('plan a new project: add three kinds, drag across buckets, reorder by keyboard, complete, reload', async ({
  page,
  browser,
}) => {
  const emailAddress = `board-${Date.now()}@example.com`;
  await signIn(page, emailAddress);

  // A new project becomes the active one, with an empty board.
  await page.getByRole('button', { name: /Open the project menu/ }).click();
  await page.getByRole('menuitem', { name: 'New project…' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('Launch plan');
  await page.getByRole('dialog').getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByRole('button', { name: /Project: Launch plan/ })).toBeVisible();
  await expect(page.getByText('This project has no items yet.')).toBeVisible();
  const context = await (await page.request.get('/v1/user/core-application-context')).json();
  const projectId: string = context.data.userContext.activeProjectId;

  // The first column is today; quick-add keeps the order items are typed in.
  const today = column(page, 0);
  const tomorrow = column(page, 1);
  await expect(today.getByRole('heading')).toContainText('Today');
  await quickAdd(page, today, 'E2E launch post', /Go-to-market/);
  await quickAdd(page, today, 'E2E implementation', /Implementation/);
  await quickAdd(page, today, 'E2E demo', /Demo/);
  await today.getByRole('button', { name: 'Close new item' }).click();
  await expect(cardTitles(today)).toHaveText(['E2E launch post', 'E2E implementation', 'E2E demo']);
  await expect(today.getByText('Go-to-market', { exact: true })).toBeVisible();

  // Drag the demo with the pointer to tomorrow (a later bucket: it goes to the end).
  const demo = today.getByRole('button', { name: 'E2E demo', exact: true });
  const from = (await demo.boundingBox())!;
  const to = (await tomorrow.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + 160, { steps: 12 });
  await page.mouse.up();
  await expect(cardTitles(tomorrow)).toHaveText(['E2E demo']);
  await expect(cardTitles(today)).toHaveText(['E2E launch post', 'E2E implementation']);

  // Reorder with the keyboard: Space picks the card up, ArrowDown moves it, Space drops it.
  await today.getByRole('button', { name: 'E2E launch post', exact: true }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(/Picked up .*E2E launch post/)).toBeAttached();
  // dnd-kit measures where cards are in the frame after a pick-up; a key pressed within it finds none.
  await page.waitForTimeout(100);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText(/is over .* position 2 of 2/)).toBeAttached();
  await page.keyboard.press('Space');
  await expect(cardTitles(today)).toHaveText(['E2E implementation', 'E2E launch post']);
  await expect(page.getByText(/was dropped\. It is now in .*position 2 of 2/)).toBeAttached();

  // Complete one (X on the focused card).
  await today.getByRole('button', { name: 'E2E implementation', exact: true }).focus();
  await page.keyboard.press('x');
  await expect(today.getByRole('button', { name: /^Mark incomplete: / })).toHaveAttribute('aria-pressed', 'true');

  // Everything reached the server, in the order shown.
  await expect
    .poll(() => serverBoard(page, projectId))
    .toEqual([
      expect.stringMatching(/^0:0:\d+ E2E implementation \[done\]$/),
      expect.stringMatching(/^0:0:\d+ E2E launch post$/),
      expect.stringMatching(/^0:0:\d+ E2E demo$/),
    ]);
  const board = await serverBoard(page, projectId);
  expect(Number(board[2]!.split(' ')[0]!.split(':')[2])).toBe(Number(board[0]!.split(' ')[0]!.split(':')[2]) + 1);

  // Reload: everything as left. The board is read in two parts, the head then the rest; a head that holds
  // every bucket whole, as this small board's, is the whole board (docs/architecture.md, "How the board loads").
  const parts: string[] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith('/all/query')) return;
    const body = JSON.parse(request.postData() ?? '{}') as { bucketPage?: { part: string } };
    parts.push(body.bucketPage?.part ?? 'whole');
  });
  await page.reload();
  await page.waitForFunction(() => performance.getEntriesByName('baton:board-complete').length > 0);
  const [ready, complete] = await page.evaluate(() =>
    ['baton:board-ready', 'baton:board-complete'].map((name) => performance.getEntriesByName(name)[0]!.startTime),
  );
  expect(ready).toBeLessThanOrEqual(complete!);
  expect(parts).toEqual(['head']);
  await expect(cardTitles(column(page, 0))).toHaveText(['E2E implementation', 'E2E launch post']);
  await expect(cardTitles(column(page, 1))).toHaveText(['E2E demo']);
  await expect(column(page, 0).getByRole('button', { name: /^Mark incomplete: / })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { name: /Project: Launch plan/ })).toBeVisible();

  // Another user, in another browser context, sees none of it.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, `other-${Date.now()}@example.com`);
  await expect(other.getByText('This project has no items yet.')).toBeVisible();
  await expect(other.getByRole('button', { name: /Project: First project/ })).toBeVisible();
  await expect(other.getByText(/E2E/)).toHaveCount(0);
  await other.getByRole('button', { name: /Open the project menu/ }).click();
  await expect(other.getByRole('menuitemradio', { name: /Launch plan/ })).toHaveCount(0);
  await other.keyboard.press('Escape');
  const foreign = await other.request.post(`/v1/teams/active/projects/${projectId}/all/query`, {
    data: {},
    headers: { origin: new URL(other.url()).origin },
  });
  expect(foreign.status()).toBe(404);
  await otherContext.close();
});
