import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ItemType } from '../../../src/shared/enums';
import { planBackend } from '../helpers/handlers/planBackend';
import { mockBackend } from '../helpers/handlers/mockBackend';
import { renderApp } from '../sites/renderApp';
import { signedInBoardState } from '../items/boardStore';
import { fakeLayout } from './boardTestUtils';

fakeLayout();
// Switching projects reads two boards: slow on a busy machine.
jest.setTimeout(30_000);

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
    await waitFor(() => expect(router.location.pathname).toBe('/projects/project-1'));
  });

  it('a link to an item deeper than the first page of its bucket opens it once the rest is in', async () => {
    planBackend.seed(Array.from({ length: 45 }, (_, index) => ({ description: `Task ${index + 1}` })));
    board('/items/AE-45');
    expect(await screen.findByRole('dialog', { name: 'Task 45' })).toBeInTheDocument();
    expect(planBackend.log).toContain('locate AE-45');
  });

  it('a link to an item of another project switches the board to it; Back and Forward move between projects', async () => {
    mockBackend.context.availableProjects.push({
      id: 'project-2',
      description: 'Launch',
      projectDescription: '',
      status: 0,
      milestones: [],
      version: 1,
    });
    seed();
    planBackend.seed(
      [{ id: 'c', description: 'Launch party', completionDate: '2026-01-01T00:00:00.000Z' }],
      'project-2',
    );
    const user = userEvent.setup();
    const { router } = board('/items/AE-3');
    expect(await screen.findByRole('dialog', { name: 'Launch party' })).toBeInTheDocument();
    expect(planBackend.log).toContain('setActive project-2');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(router.location.pathname).toBe('/projects/project-2'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Project: Launch. Open the project menu' })).toBeInTheDocument();

    act(() => void router.navigate('/projects/project-1'));
    expect(await screen.findByRole('button', { name: 'Alpha demo' })).toBeInTheDocument();
    act(() => void router.navigate(-1));
    expect(await screen.findByRole('button', { name: 'Launch party' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Project: Launch. Open the project menu' })).toBeInTheDocument();
    act(() => void router.navigate(1));
    expect(await screen.findByRole('button', { name: 'Alpha demo' })).toBeInTheDocument();
  });

  it('a link to a deleted item says it was deleted, and one to an unknown key says it is not in this team', async () => {
    const user = userEvent.setup();
    seed();
    planBackend.deleted.push({ ...planBackend.items[0]!, id: 'gone', externalId: 'AE-7' });
    const { router } = board('/items/AE-7');
    expect(await screen.findByRole('alert')).toHaveTextContent('AE-7 was deleted: its link no longer opens an item.');
    expect(router.location.pathname).toBe('/items/AE-7');
    await user.click(screen.getByRole('button', { name: 'Back to the board' }));
    await waitFor(() => expect(router.location.pathname).toBe('/projects/project-1'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    act(() => void router.navigate('/items/ZZ-9'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is no item ZZ-9 in Analytical Engines. It may belong to a team you are not a member of.',
    );
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
