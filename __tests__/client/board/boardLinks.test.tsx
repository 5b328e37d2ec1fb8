import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ItemType } from '../../../src/shared/enums';
import { planBackend } from '../helpers/handlers/planBackend';
import { renderApp } from '../sites/renderApp';
import { signedInBoardState } from '../items/boardStore';
import { fakeLayout } from './boardTestUtils';

fakeLayout();

function seed() {
  planBackend.seed([
    { id: 'a', description: 'Alpha demo', itemType: ItemType.Demo },
    { id: 'b', description: 'Beta build', itemType: ItemType.Implementation },
  ]);
}
const board = (path: string) => renderApp(path, signedInBoardState());

describe('links to the board', () => {
  it('opening an item puts its key in the URL; Back closes the panel', async () => {
    const user = userEvent.setup();
    seed();
    const { router } = board('/');
    await user.click(await screen.findByRole('button', { name: 'Beta build' }));
    expect(await screen.findByRole('dialog', { name: 'Beta build' })).toBeInTheDocument();
    await waitFor(() => expect(router.location.pathname).toBe('/items/AE-2'));
    act(() => void router.navigate(-1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.location.pathname).toBe('/');
  });

  it('a shared item link opens its panel; closing returns to the board URL', async () => {
    const user = userEvent.setup();
    seed();
    const { router } = board('/items/AE-1');
    const dialog = await screen.findByRole('dialog', { name: 'Alpha demo' });
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(router.location.pathname).toBe('/'));
  });

  it('a link to an item not on this board says so and shows the board', async () => {
    seed();
    const { router } = board('/items/ZZ-9');
    expect(await screen.findByText("ZZ-9 is not on this project's board.")).toBeInTheDocument();
    await waitFor(() => expect(router.location.pathname).toBe('/'));
  });

  it('filters and search live in the query string, both ways', async () => {
    const user = userEvent.setup();
    seed();
    const { router } = board(`/?kind=${ItemType.Demo}`);
    await screen.findByRole('button', { name: 'Alpha demo' });
    expect(screen.queryByRole('button', { name: 'Beta build' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveDisplayValue('Demo');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Implementation');
    await waitFor(() => expect(router.location.search).toBe(`?kind=${ItemType.Implementation}`));
    await user.type(screen.getByRole('searchbox', { name: 'Search items' }), 'beta');
    await waitFor(() => expect(router.location.search).toBe(`?q=beta&kind=${ItemType.Implementation}`));
  });
});
