import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ItemType } from '../../../src/shared/enums';
import { planBackend } from '../helpers/handlers/planBackend';
import { fakeLayout, renderBoard } from './boardTestUtils';

fakeLayout();

function seed() {
  planBackend.seed([
    { id: 'a', description: 'Alpha demo', itemType: ItemType.Demo },
    { id: 'b', description: 'Beta build', itemType: ItemType.Implementation },
    { id: 'c', description: 'Gamma demo', itemType: ItemType.Demo },
  ]);
}

describe('the toolbar count and an empty result', () => {
  it('counts what the filters leave, as "N of M items"', async () => {
    const user = userEvent.setup();
    seed();
    renderBoard();
    await screen.findByRole('button', { name: 'Alpha demo' });
    expect(screen.getByText('3 items')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Demo');
    expect(await screen.findByText('2 of 3 items')).toBeInTheDocument();
  });

  it('a search with no matches says so once, with a way to clear the filters', async () => {
    const user = userEvent.setup();
    seed();
    renderBoard();
    await screen.findByRole('button', { name: 'Alpha demo' });
    await user.type(screen.getByRole('searchbox', { name: 'Search items' }), 'nothing like this');
    const status = await screen.findByText(/No matches/);
    expect(screen.getByText('0 of 3 items')).toBeInTheDocument();
    for (const empty of screen.queryAllByText('No items')) expect(empty).not.toBeVisible();
    await user.click(screen.getByRole('button', { name: 'clear filters' }));
    await waitFor(() => expect(status).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Alpha demo' })).toBeVisible();
    expect(screen.getByText('3 items')).toBeInTheDocument();
  });
});
