import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { Scope } from '../../../src/shared/enums';
import { BUCKET_LOADING_MESSAGE, HEAD_PER_BUCKET } from '../../../src/client/features/items/itemCommands';
import type { ProjectItemsQuery } from '../../../src/shared/contract/projects';
import { server } from '../helpers/server';
import { planBackend, unscheduled } from '../helpers/handlers/planBackend';
import { fakeLayout, renderBoard } from './boardTestUtils';

fakeLayout();

/**
 * dnd-kit finds where a keyboard drag can go from the cards' rectangles, and jsdom lays nothing out:
 * columns stand side by side (300 px apart, in DOM order), a card sits on its virtual row, and the
 * drag overlay where dnd-kit placed it.
 */
function fakeRects() {
  const original = Element.prototype.getBoundingClientRect;
  const rect = (x: number, y: number, width: number, height: number) =>
    ({ x, y, left: x, top: y, width, height, right: x + width, bottom: y + height, toJSON: () => ({}) }) as DOMRect;
  beforeAll(() => {
    Element.prototype.getBoundingClientRect = function (this: Element) {
      const column = this.closest('[data-bucket-key]');
      const x = column ? [...document.querySelectorAll('[data-bucket-key]')].indexOf(column) * 300 : 0;
      if (this === column) return rect(x, 0, 280, 800);
      const row = this.closest<HTMLElement>('li[data-index]');
      if (row && this.closest('[data-card-id]')) return rect(x + 8, 48 + Number(row.dataset.index) * 82, 264, 76);
      // The overlay: dnd-kit measures the card inside the box it positions.
      const box = [this, this.parentElement].find(
        (element): element is HTMLElement => element instanceof HTMLElement && element.style.position === 'fixed',
      );
      if (box) {
        const { left, top, width, height } = box.style;
        return rect(parseFloat(left), parseFloat(top), parseFloat(width), parseFloat(height));
      }
      return rect(0, 0, 0, 0);
    };
    Element.prototype.scrollIntoView ??= () => undefined;
  });
  afterAll(() => {
    Element.prototype.getBoundingClientRect = original;
  });
}

fakeRects();

const column = (name: string) => screen.getByRole('region', { name });
const card = (title: string) => screen.getByRole('button', { name: title }).closest<HTMLElement>('[data-card-id]')!;
const titles = (region: HTMLElement) =>
  within(region)
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('[data-card-focus] > span')?.textContent);
/** What dnd-kit's live region says. */
const dndSays = (pattern: RegExp) =>
  waitFor(() => expect(document.querySelector('[id^="DndLiveRegion"]')?.textContent).toMatch(pattern));

/** Finds the card titled Alpha once drag and drop is wired, and picks it up with Space. */
async function pickUpAlpha(user: ReturnType<typeof userEvent.setup>) {
  const alpha = await screen.findByRole('button', { name: 'Alpha' });
  await waitFor(() => expect(alpha).toHaveAttribute('aria-roledescription', 'draggable item'));
  alpha.focus();
  await user.keyboard(' ');
  await dndSays(/Picked up AE-1/);
  // The sensor listens from the next tick, once dnd-kit has measured where the cards are.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  return alpha;
}

describe('keyboard drag and drop', () => {
  it('Space, ↓, Space moves a card; focus stays on it throughout; columns the drag does not touch are left alone', async () => {
    const user = userEvent.setup();
    planBackend.seed([
      { id: 'a', description: 'Alpha' },
      { id: 'b', description: 'Beta' },
      { id: 'c', description: 'Gamma' },
      { id: 'o', description: 'Outside', bucket: unscheduled(Scope.OutOfScope) },
    ]);
    const { idle } = renderBoard();
    const alpha = await screen.findByRole('button', { name: 'Alpha' });
    // Drag and drop arrives in its own chunk, after the cards.
    await waitFor(() => expect(alpha).toHaveAttribute('aria-roledescription', 'draggable item'));
    const bucket = column('Unscheduled, in scope');
    const outside = column('Unscheduled, out of scope');
    const untouched: MutationRecord[] = [];
    const observer = new MutationObserver((records) => untouched.push(...records));
    observer.observe(outside, { subtree: true, attributes: true, childList: true, characterData: true });

    alpha.focus();
    await user.keyboard(' ');
    await dndSays(/Picked up AE-1, Alpha\. It is in Unscheduled, in scope, position 1 of 3\./);
    // The sensor listens from the next tick, once dnd-kit has measured where the cards are.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    await user.keyboard('{ArrowDown}');
    await dndSays(/AE-1 is over AE-2 in Unscheduled, in scope, position 2 of 3\./);
    // The arrow moved the card, not the focus.
    expect(alpha).toHaveFocus();
    // Beta made room, sliding up; Gamma, which stays put, got no transform or transition at all.
    expect(card('Beta').style.transform).toBe('translate3d(0px, -82px, 0)');
    expect(card('Beta').style.transition).toMatch(/^transform \d+ms/);
    expect(card('Gamma').style.cssText).toBe('');
    await user.keyboard(' ');

    expect(titles(bucket)).toEqual(['Beta', 'Alpha', 'Gamma']);
    await dndSays(/AE-1 was dropped\. It is now in Unscheduled, in scope, position 2 of 3\./);
    expect(screen.getByRole('button', { name: 'Alpha' })).toBe(alpha);
    expect(alpha).toHaveFocus();
    // No item panel: the Space that dropped the card did not also press it.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    observer.disconnect();
    expect(untouched).toEqual([]);

    await act(idle);
    expect(planBackend.bucketItems('project-1', unscheduled()).map((item) => item.description)).toEqual([
      'Beta',
      'Alpha',
      'Gamma',
    ]);
  });

  it('Space, →, Space moves a card into an empty column', async () => {
    const user = userEvent.setup();
    planBackend.seed([
      { id: 'a', description: 'Alpha' },
      { id: 'b', description: 'Beta' },
    ]);
    const { idle } = renderBoard();
    await pickUpAlpha(user);
    expect(titles(column('Unscheduled, out of scope'))).toEqual([]);
    await user.keyboard('{ArrowRight}');
    await dndSays(/AE-1 is over Unscheduled, out of scope\./);
    await user.keyboard(' ');

    await dndSays(/AE-1 was dropped\. It is now in Unscheduled, out of scope, position 1 of 1\./);
    expect(titles(column('Unscheduled, out of scope'))).toEqual(['Alpha']);
    expect(titles(column('Unscheduled, in scope'))).toEqual(['Beta']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Alpha' })).toHaveFocus());
    await act(idle);
    expect(planBackend.bucketItems('project-1', unscheduled(Scope.OutOfScope)).map((item) => item.description)).toEqual(
      ['Alpha'],
    );
  });

  it('Escape puts the card back where it was', async () => {
    const user = userEvent.setup();
    planBackend.seed([
      { id: 'a', description: 'Alpha' },
      { id: 'b', description: 'Beta' },
    ]);
    renderBoard();
    const alpha = await pickUpAlpha(user);
    await user.keyboard('{ArrowDown}');
    await dndSays(/AE-1 is over AE-2/);
    expect(card('Beta').style.transform).toBe('translate3d(0px, -82px, 0)');
    await user.keyboard('{Escape}');
    await dndSays(/Moving AE-1 was cancelled\. It stays in Unscheduled, in scope, position 1 of 2\./);
    expect(titles(column('Unscheduled, in scope'))).toEqual(['Alpha', 'Beta']);
    // Beta slides back to its place.
    expect(card('Beta').style.transform).toBe('');
    expect(card('Beta').style.transition).toMatch(/^transform \d+ms/);
    expect(alpha).toHaveFocus();
  });

  it('a drop into a column still loading is refused, and says so', async () => {
    const user = userEvent.setup();
    planBackend.seed([{ id: 'a', description: 'Alpha' }]);
    planBackend.seed(
      Array.from({ length: HEAD_PER_BUCKET + 5 }, (_, i) => ({
        id: `o${i}`,
        description: `Outside ${i}`,
        bucket: unscheduled(Scope.OutOfScope),
      })),
    );
    // The board's rest never comes: the out-of-scope column shows its head only.
    server.use(
      http.post(`${location.origin}/v1/teams/active/projects/:projectId/all/query`, async ({ request }) => {
        const { bucketPage } = (await request.clone().json()) as ProjectItemsQuery;
        if (bucketPage?.part === 'rest') await new Promise(() => undefined);
      }),
    );
    const { store } = renderBoard();
    await pickUpAlpha(user);
    await user.keyboard('{ArrowRight}');
    await dndSays(/AE-1 is over .*Unscheduled, out of scope/);
    await user.keyboard(' ');

    await dndSays(
      new RegExp(
        `AE-1 was not moved\\. ${BUCKET_LOADING_MESSAGE.replace(/\./g, '\\.')} It stays in Unscheduled, in scope, position 1 of 1\\.`,
      ),
    );
    expect(store.getState().board.notice).toMatchObject({ message: BUCKET_LOADING_MESSAGE });
    expect(titles(column('Unscheduled, in scope'))).toEqual(['Alpha']);
  });
});
