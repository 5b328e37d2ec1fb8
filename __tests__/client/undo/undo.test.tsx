import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { planBackend } from '../helpers/handlers/planBackend';
import { fakeLayout, renderBoard } from '../board/boardTestUtils';
import { itemOf } from '../../../src/client/features/items/itemsSlice';

fakeLayout();

function seed() {
  planBackend.seed([
    { id: 'a', description: 'Alpha' },
    { id: 'b', description: 'Beta' },
    { id: 'c', description: 'Gamma' },
  ]);
}

const keyOf = (id: string) => planBackend.items.find((item) => item.id === id)!.projectContexts[0]!.sortKey;
const toast = () => screen.getAllByRole('status').find((region) => region.textContent?.includes('Undo'));
const cardNames = () =>
  within(screen.getAllByRole('list')[0]!)
    .getAllByRole('button', { name: /^(Alpha|Beta|Gamma)$/ })
    .map((card) => /^(Alpha|Beta|Gamma)/.exec(card.textContent ?? '')?.[1]);

describe('undo', () => {
  it('a move is undone with Ctrl-Z: the card goes back with the very sort key it had, on the server too', async () => {
    const user = userEvent.setup();
    seed();
    const { store, idle } = renderBoard();
    const before = keyOf('b');
    (await screen.findByRole('button', { name: 'Beta' })).focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await act(idle);
    expect(keyOf('b')).not.toBe(before);
    await waitFor(() => expect(toast()).toHaveTextContent('Moved AE-2.'));

    await user.keyboard('{Control>}z{/Control}');
    await act(idle);
    expect(itemOf(store.getState().items, 'b')?.plan.sortKey).toBe(before);
    expect(keyOf('b')).toBe(before);
    expect(cardNames()).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(await screen.findByText('Undone: Moved AE-2.')).toBeInTheDocument();
  });

  it('a completion is undone from the toast’s Undo button', async () => {
    const user = userEvent.setup();
    seed();
    const { store, idle } = renderBoard();
    (await screen.findByRole('button', { name: 'Alpha' })).focus();
    await user.keyboard('x');
    await act(idle);
    expect(itemOf(store.getState().items, 'a')?.completionDate).toEqual(expect.any(String));
    await waitFor(() => expect(toast()).toHaveTextContent('Completed AE-1.'));
    await user.click(within(toast()!).getByRole('button', { name: 'Undo' }));
    await act(idle);
    expect(itemOf(store.getState().items, 'a')?.completionDate).toBeNull();
    expect(planBackend.log.filter((entry) => entry.startsWith('complete'))).toEqual([
      'complete a true',
      'complete a false',
    ]);
  });

  it('a delete is undone: the item comes back where it was, through the restore call', async () => {
    const user = userEvent.setup();
    seed();
    const { idle } = renderBoard();
    (await screen.findByRole('button', { name: 'Beta' })).focus();
    await user.keyboard('{Delete}{Delete}');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Beta' })).not.toBeInTheDocument());
    await act(idle);
    await waitFor(() => expect(toast()).toHaveTextContent('Deleted AE-2.'));
    await user.click(within(toast()!).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('button', { name: 'Beta' })).toBeInTheDocument();
    await act(idle);
    expect(planBackend.log).toContain('restore b');
    expect(cardNames()).toEqual(['Alpha', 'Beta', 'Gamma']);
  });

  it('a failed restore takes the card away again and says why; Ctrl-Z while typing is the field’s own', async () => {
    const user = userEvent.setup();
    seed();
    const { idle } = renderBoard();
    (await screen.findByRole('button', { name: 'Gamma' })).focus();
    await user.keyboard('{Delete}{Delete}');
    await act(idle);
    planBackend.deleted = [];
    await user.click(screen.getByRole('searchbox', { name: 'Search items' }));
    await user.keyboard('{Control>}z{/Control}');
    expect(planBackend.log).not.toContain('restore c');
    await user.click(within(toast()!).getByRole('button', { name: 'Undo' }));
    await act(idle);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Gamma' })).not.toBeInTheDocument());
    expect(await screen.findByText(/Couldn’t restore AE-3/)).toBeInTheDocument();
  });
});
