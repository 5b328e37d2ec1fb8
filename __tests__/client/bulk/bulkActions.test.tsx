import { http, HttpResponse } from 'msw';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { server } from '../helpers/server';
import { Scope } from '../../../src/shared/enums';
import { planBackend, unscheduled } from '../helpers/handlers/planBackend';
import { fakeLayout, renderBoard } from '../board/boardTestUtils';
import { remoteItemsChanged } from '../../../src/client/features/items/itemsSlice';

fakeLayout();

const NAMES = /^(Alpha|Beta|Gamma|Delta|Outside)$/;
const card = (name: string) => screen.getByRole('button', { name });
const bar = () => screen.getByRole('region', { name: 'Selected items' });
const queryBar = () => screen.queryByRole('region', { name: 'Selected items' });
const toast = () => screen.getAllByRole('status').find((region) => region.textContent?.includes('Undo'));
const announcer = () => screen.getByTestId('board-announcer');
const serverOrder = (bucket = unscheduled()) =>
  planBackend.bucketItems('project-1', bucket).map((item) => item.description);
const keys = () =>
  Object.fromEntries(planBackend.items.map((item) => [item.id, item.projectContexts[0]!.sortKey] as const));
const shownIn = (group: string) =>
  within(screen.getByRole('group', { name: group }))
    .queryAllByRole('button', { name: NAMES })
    .map((button) => NAMES.exec(button.textContent?.match(/^(Alpha|Beta|Gamma|Delta|Outside)/)?.[1] ?? '')?.[1]);

function seed() {
  planBackend.seed([
    { id: 'a', description: 'Alpha' },
    { id: 'b', description: 'Beta' },
    { id: 'c', description: 'Gamma' },
    { id: 'd', description: 'Delta' },
  ]);
  planBackend.seed([{ id: 'o', description: 'Outside', bucket: unscheduled(Scope.OutOfScope) }]);
}

async function moveSelectedTo(user: ReturnType<typeof userEvent.setup>, target: string) {
  await user.click(within(bar()).getByRole('button', { name: 'Move to…' }));
  await user.click(await screen.findByRole('menuitem', { name: target }));
}

describe('selecting cards', () => {
  it('Ctrl-click, Shift-click and S select; the cards say so; Escape clears', async () => {
    const user = userEvent.setup();
    seed();
    renderBoard();
    await user.keyboard('{Control>}');
    await user.click(await screen.findByRole('button', { name: 'Alpha' }));
    await user.keyboard('{/Control}');
    // Nothing opened: a Ctrl-click selects.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.keyboard('{Shift>}');
    await user.click(card('Gamma'));
    await user.keyboard('{/Shift}');
    expect(
      await within(await screen.findByRole('region', { name: 'Selected items' })).findByText('3 selected'),
    ).toBeVisible();
    expect(card('Beta')).toHaveAccessibleDescription(/^Selected, AE-2/);
    expect(card('Delta')).toHaveAccessibleDescription(/^AE-4/);

    card('Delta').focus();
    await user.keyboard('s');
    expect(within(bar()).getByText('4 selected')).toBeVisible();
    await waitFor(() => expect(announcer()).toHaveTextContent('AE-4 selected. 4 selected.'));
    await user.keyboard('s');
    expect(within(bar()).getByText('3 selected')).toBeVisible();

    await user.keyboard('{Escape}');
    expect(queryBar()).not.toBeInTheDocument();
    expect(card('Beta')).toHaveAccessibleDescription(/^AE-2/);
    await waitFor(() => expect(announcer()).toHaveTextContent('Selection cleared.'));
  });

  it('S on each card from the keyboard, B goes to the bar, and Clear gives focus back', async () => {
    const user = userEvent.setup();
    seed();
    renderBoard();
    (await screen.findByRole('button', { name: 'Alpha' })).focus();
    await user.keyboard('s{ArrowDown}s{ArrowDown}s');
    await waitFor(() => expect(within(bar()).getByText('3 selected')).toBeVisible());
    await user.keyboard('b');
    await waitFor(() => expect(within(bar()).getByRole('button', { name: 'Move to…' })).toHaveFocus());
    await user.click(within(bar()).getByRole('button', { name: 'Clear' }));
    expect(queryBar()).not.toBeInTheDocument();
    await waitFor(() => expect(card('Gamma')).toHaveFocus());
  });

  it('a selected card someone else deletes leaves the selection', async () => {
    const user = userEvent.setup();
    seed();
    const { store } = renderBoard();
    (await screen.findByRole('button', { name: 'Alpha' })).focus();
    await user.keyboard('s{ArrowDown}s');
    expect(within(bar()).getByText('2 selected')).toBeVisible();
    act(() => {
      store.dispatch(remoteItemsChanged({ projectId: 'project-1', itemIds: ['b'], items: [] }));
    });
    expect(store.getState().selection.ids).toEqual(['a']);
    expect(within(bar()).getByText('1 selected')).toBeVisible();
  });
});

describe('bulk actions', () => {
  it('moves the selection in board order to a later bucket; one Ctrl-Z puts every card back with its own key', async () => {
    const user = userEvent.setup();
    seed();
    const before = keys();
    const { idle } = renderBoard();
    (await screen.findByRole('button', { name: 'Alpha' })).focus();
    await user.keyboard('s{ArrowDown}{ArrowDown}s');
    await user.keyboard('{ArrowDown}s');
    await moveSelectedTo(user, 'Unscheduled, out of scope');
    await act(idle);
    expect(serverOrder(unscheduled(Scope.OutOfScope))).toEqual(['Outside', 'Alpha', 'Gamma', 'Delta']);
    expect(serverOrder()).toEqual(['Beta']);
    // The toast speaks only once the server has answered every move.
    await waitFor(() => expect(toast()).toHaveTextContent('Moved 3 items to Unscheduled, out of scope.'));

    card('Beta').focus();
    await user.keyboard('{Control>}z{/Control}');
    await act(idle);
    expect(serverOrder()).toEqual(['Alpha', 'Beta', 'Gamma', 'Delta']);
    expect(keys()).toEqual(before);
    expect(shownIn('In scope')).toEqual(['Alpha', 'Beta', 'Gamma', 'Delta']);
    expect(await screen.findByText('Undone: Moved 3 items to Unscheduled, out of scope.')).toBeInTheDocument();
  });

  it('moves to an earlier bucket at its start, keeping the selection’s order', async () => {
    const user = userEvent.setup();
    planBackend.seed([{ id: 'a', description: 'Alpha' }]);
    planBackend.seed(
      ['Beta', 'Gamma', 'Delta'].map((description) => ({ description, bucket: unscheduled(Scope.OutOfScope) })),
    );
    const { idle } = renderBoard();
    await user.keyboard('{Control>}');
    await user.click(await screen.findByRole('button', { name: 'Delta' }));
    await user.click(screen.getByRole('button', { name: 'Beta' }));
    await user.keyboard('{/Control}');
    await moveSelectedTo(user, 'Unscheduled, in scope');
    await act(idle);
    expect(serverOrder()).toEqual(['Beta', 'Delta', 'Alpha']);
  });

  it('completes the selection and undoes it from the toast', async () => {
    const user = userEvent.setup();
    seed();
    const { idle } = renderBoard();
    (await screen.findByRole('button', { name: 'Beta' })).focus();
    await user.keyboard('s{ArrowDown}s');
    await user.click(within(bar()).getByRole('button', { name: 'Complete' }));
    await act(idle);
    const completed = () => planBackend.items.filter((item) => item.completionDate).map((item) => item.id);
    expect(completed()).toEqual(['b', 'c']);
    // All selected are complete now: the bar offers the opposite.
    expect(within(bar()).getByRole('button', { name: 'Reopen' })).toBeVisible();
    await waitFor(() => expect(toast()).toHaveTextContent('Completed 2 items.'));
    await user.click(within(toast()!).getByRole('button', { name: 'Undo' }));
    await act(idle);
    expect(completed()).toEqual([]);
  });

  it('deletes after a confirmation naming the count; undo brings both back in place', async () => {
    const user = userEvent.setup();
    seed();
    const before = keys();
    const { idle } = renderBoard();
    (await screen.findByRole('button', { name: 'Alpha' })).focus();
    await user.keyboard('s{ArrowDown}{ArrowDown}s');
    await user.click(within(bar()).getByRole('button', { name: 'Delete…' }));
    expect(card('Alpha')).toBeInTheDocument();
    await user.click(within(bar()).getByRole('button', { name: 'Delete 2 items' }));
    await act(idle);
    expect(serverOrder()).toEqual(['Beta', 'Delta']);
    expect(queryBar()).not.toBeInTheDocument();
    await waitFor(() => expect(card('Beta')).toHaveFocus());
    await waitFor(() => expect(toast()).toHaveTextContent('Deleted 2 items.'));

    await user.keyboard('{Control>}z{/Control}');
    await act(idle);
    expect(serverOrder()).toEqual(['Alpha', 'Beta', 'Gamma', 'Delta']);
    expect(keys()).toEqual(before);
    expect(shownIn('In scope')).toEqual(['Alpha', 'Beta', 'Gamma', 'Delta']);
  });

  it('a part the server refuses rolls back; one notice says how many and why; undo covers only the rest', async () => {
    const user = userEvent.setup();
    seed();
    const { idle } = renderBoard();
    server.use(
      http.put(`${location.origin}/v1/teams/active/projects/project-1/all/b/project-context`, () =>
        HttpResponse.json({ result: 'Failed', message: 'Database unavailable' }, { status: 500 }),
      ),
    );
    (await screen.findByRole('button', { name: 'Alpha' })).focus();
    await user.keyboard('s{ArrowDown}s{ArrowDown}s');
    await moveSelectedTo(user, 'Unscheduled, out of scope');
    await act(idle);
    expect(await screen.findByRole('alert')).toHaveTextContent('Couldn’t move 1 of 3 items: Database unavailable.');
    expect(serverOrder()).toEqual(['Beta', 'Delta']);
    expect(shownIn('In scope')).toEqual(['Beta', 'Delta']);
    await waitFor(() => expect(toast()).toHaveTextContent('Moved 2 items to Unscheduled, out of scope.'));

    const logged = planBackend.log.length;
    await user.keyboard('{Control>}z{/Control}');
    await act(idle);
    expect(serverOrder()).toEqual(['Alpha', 'Beta', 'Gamma', 'Delta']);
    expect(planBackend.log.slice(logged).filter((entry) => entry.startsWith('move'))).toEqual(['move a', 'move c']);
  });
});
