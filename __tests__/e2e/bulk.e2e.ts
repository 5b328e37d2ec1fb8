import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations } from './helpers/axe';
import { signIn } from './signIn';
import { activeProjectId, api } from './helpers/appApi';

const NAMES = ['One', 'Two', 'Three', 'Four', 'Five'];

/** Signs in and puts five items into the first project's unscheduled in-scope bucket. */
async function setUp(page: Page, prefix: string) {
  await signIn(page, `${prefix}-${Date.now()}@example.com`);
  const projectId = await activeProjectId(page);
  const ids = new Map<string, string>();
  for (const description of NAMES) {
    const created = await api<{ id: string }>(page, 'POST', '/teams/active/project-items/demos', {
      projectId,
      project: { scope: 0, assignedTimeframe: null },
      item: { description },
    });
    ids.set(description, created.id);
  }
  await page.goto('/');
  /** The in-scope unscheduled order as the server holds it (each item's bucket and sort key). */
  return async () => {
    const places = await Promise.all(
      NAMES.map(async (name) => {
        const path = `/teams/active/projects/${projectId}/all/${ids.get(name)!}/project-context`;
        const { projectPlanContext } = await api<{
          projectPlanContext: { scope: number; assignedTimeframe: unknown; sortKey: number };
        }>(page, 'GET', path);
        return { name, ...projectPlanContext };
      }),
    );
    return places
      .filter((place) => place.scope === 0 && place.assignedTimeframe === null)
      .sort((a, b) => a.sortKey - b.sortKey)
      .map((place) => place.name);
  };
}

const column = (page: Page, key: string) => page.locator(`[data-bucket-key="${key}"]`);
/** The titles of a column's cards, top to bottom. */
const titles = (where: Locator) => where.locator('[data-card-focus] > span:first-child').allTextContents();
const card = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const bar = (page: Page) => page.getByRole('region', { name: 'Selected items' });

test('select three cards, move them, undo: the exact order is back after a reload; axe finds nothing, light and dark', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const serverOrder = await setUp(page, 'bulk-move');
  const inScope = column(page, '0:unscheduled');
  await expect(inScope.locator('[data-card-focus]')).toHaveCount(5);
  const before = await titles(inScope);
  const [first, , third, fourth] = before as [string, string, string, string];

  await card(page, first).click({ modifiers: ['ControlOrMeta'] });
  await expect(bar(page).getByText('1 selected')).toBeVisible();
  // A plain click still opens the item, and the selection stays.
  await card(page, third).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await card(page, third).click({ modifiers: ['ControlOrMeta'] });
  await card(page, fourth).click({ modifiers: ['ControlOrMeta'] });
  await expect(bar(page).getByText('3 selected')).toBeVisible();

  await bar(page).getByRole('button', { name: 'Move to…' }).click();
  await page.getByRole('menuitem', { name: 'Unscheduled, out of scope' }).click();
  const outOfScope = column(page, '1:unscheduled');
  await expect.poll(() => titles(outOfScope)).toEqual([first, third, fourth]);
  const toast = page.getByRole('status').filter({ hasText: 'Moved 3 items' });
  await expect(toast).toContainText('Moved 3 items to Unscheduled, out of scope.');

  // The bar and the toast together, in both themes.
  expect(await axeViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  // Buttons ease their colours: scanned mid-change, a colour is neither theme's.
  await page.waitForTimeout(500);
  expect(await axeViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });

  await page.keyboard.press('ControlOrMeta+z');
  await expect.poll(() => titles(inScope)).toEqual(before);
  await expect(page.getByText('Undone: Moved 3 items to Unscheduled, out of scope.')).toBeVisible();
  // Every undo is answered before the reload (a reload would cut one short).
  await expect.poll(serverOrder).toEqual(before);
  await page.reload();
  await expect(inScope.locator('[data-card-focus]')).toHaveCount(5);
  expect(await titles(inScope)).toEqual(before);
});

test('delete two selected cards, undo: both are back in place after a reload, for another tab too', async ({
  page,
}) => {
  await setUp(page, 'bulk-delete');
  const inScope = column(page, '0:unscheduled');
  await expect(inScope.locator('[data-card-focus]')).toHaveCount(5);
  const before = await titles(inScope);
  const other = await page.context().newPage();
  await other.goto('/');
  await expect(column(other, '0:unscheduled').locator('[data-card-focus]')).toHaveCount(5);

  // From the keyboard: S selects, B goes to the bar.
  await card(page, before[1]!).focus();
  await page.keyboard.press('s');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('s');
  await expect(bar(page).getByText('2 selected')).toBeVisible();
  await page.keyboard.press('b');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(bar(page).getByRole('button', { name: 'Delete…' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(bar(page).getByRole('button', { name: 'Delete 2 items' })).toBeFocused();
  await page.keyboard.press('Enter');
  const left = [before[0], before[2], before[4]];
  await expect.poll(() => titles(inScope)).toEqual(left);
  await expect.poll(() => titles(column(other, '0:unscheduled'))).toEqual(left);
  await expect(page.getByText('Deleted 2 items.')).toBeVisible();

  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect.poll(() => titles(inScope)).toEqual(before);
  await expect.poll(() => titles(column(other, '0:unscheduled'))).toEqual(before);
  await page.reload();
  await expect(inScope.locator('[data-card-focus]')).toHaveCount(5);
  expect(await titles(inScope)).toEqual(before);
  await other.close();
});
