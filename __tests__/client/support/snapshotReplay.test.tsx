import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../helpers/server';
import { ItemType, Scope } from '../../../src/shared/enums';
import { planBackend, unscheduled } from '../helpers/handlers/planBackend';
import { renderApp } from '../sites/renderApp';
import { signedInBoardState } from '../items/boardStore';
import { fakeLayout } from '../board/boardTestUtils';
import { snapshotOfStore } from '../../../src/client/features/support/exportSnapshot';
import { CONTENT_REMOVED } from '../../../src/client/features/support/redaction';
import type { SupportSnapshot } from '../../../src/client/features/support/snapshot';
import { setupReplayStore } from '../../../src/client/features/support/replayStore';
import { notInSnapshotMessage } from '../../../src/client/api/replayAnswer';
import { completionToggled, itemDeleteRequested } from '../../../src/client/features/items/itemsSlice';
import { itemsApi } from '../../../src/client/api/items';

fakeLayout();

function seed() {
  planBackend.seed([
    { id: 'a', description: 'Alpha demo', itemType: ItemType.Demo },
    { id: 'b', description: 'Beta demo', itemType: ItemType.Demo },
    { id: 'c', description: 'Gamma build', itemType: ItemType.Implementation },
    { id: 'd', description: 'Delta later', itemType: ItemType.Demo, bucket: unscheduled(Scope.OutOfScope) },
  ]);
}

/** Every column's name and its cards' titles, in order: what a board shows. */
function boardShown() {
  return screen.getAllByRole('region').flatMap((region) => {
    const name = region.getAttribute('aria-label');
    if (!name) return [];
    const cards = within(region)
      .queryAllByRole('listitem')
      .map((item) => item.querySelector('[data-card-focus] > span')?.textContent);
    return [{ name, cards }];
  });
}

/** Takes a snapshot of the user's app at `path`, once the board and the open item have loaded. */
async function exportAt(path: string, includeContent = true) {
  seed();
  const { store, router } = renderApp(path, signedInBoardState());
  const dialog = await screen.findByRole('dialog', { name: 'Alpha demo' });
  await within(dialog).findByRole('textbox', { name: /description/i });
  const shown = boardShown();
  const snapshot = snapshotOfStore(store, {
    includeContent,
    route: `${router.location.pathname}${router.location.search}`,
  });
  cleanup();
  return { snapshot, shown };
}

/** From here on, any request fails the test: msw answers none and records each. */
function forbidNetwork() {
  const requests: string[] = [];
  // Put first, it answers every request before the usual handlers can.
  server.use(
    http.all('*', ({ request }) => {
      requests.push(`${request.method} ${request.url}`);
      return HttpResponse.error();
    }),
  );
  return requests;
}

/** The viewer's banner (found by its words: behind an open panel's modal it is hidden from the accessibility tree). */
const banner = async () => (await screen.findByText('Read-only snapshot', { selector: 'strong' })).closest('section');

async function openInViewer(snapshot: SupportSnapshot | string, name = 'snapshot.json') {
  const user = userEvent.setup();
  const text = typeof snapshot === 'string' ? snapshot : JSON.stringify(snapshot);
  const view = renderApp('/support/snapshot');
  const input = await screen.findByLabelText('Choose a snapshot file');
  await user.upload(input, new File([text], name, { type: 'application/json' }));
  return { ...view, user };
}

describe('support snapshot: export → viewer', () => {
  it('renders the same board, open item and filters from the file alone, read-only, with no request', async () => {
    const { snapshot, shown } = await exportAt(`/items/AE-1?kind=${ItemType.Demo}`);
    expect(snapshot.route).toBe(`/items/AE-1?kind=${ItemType.Demo}`);
    const requests = forbidNetwork();

    await openInViewer(snapshot);
    // (Behind the open panel's modal, so hidden from the accessibility tree, but on screen.)
    expect(await banner()).toHaveTextContent(`/items/AE-1?kind=${ItemType.Demo}`);
    const dialog = await screen.findByRole('dialog', { name: 'Alpha demo' });
    // The whole item the panel had read, answered from the snapshot.
    const description = await within(dialog).findByRole('textbox', { name: /description/i });
    expect(description).toHaveValue('Alpha demo');
    expect(description).toBeDisabled();
    expect(within(dialog).getByText('Read-only snapshot: nothing here can be changed.')).toBeInTheDocument();
    expect(boardShown()).toEqual(shown);
    expect(boardShown().flatMap((column) => column.cards)).not.toContain('Gamma build');
    // The page behind the open panel is hidden from the accessibility tree by its modal.
    const kind = screen.getByLabelText('Kind');
    expect(kind).toHaveDisplayValue('Demo');
    expect(kind).toBeDisabled();
    expect(screen.getByText('Sign out').closest('button')).toBeDisabled();
    // Give any late effect a chance to call out.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(requests).toEqual([]);
  });

  it('every control of the board is disabled once the panel is closed', async () => {
    const { snapshot } = await exportAt('/items/AE-1');
    const requests = forbidNetwork();
    await openInViewer(snapshot);
    const dialog = await screen.findByRole('dialog', { name: 'Alpha demo' });
    await within(dialog).findByRole('textbox', { name: /description/i });
    await userEvent.setup().keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const board = screen.getByRole('region', { name: 'Board' });
    const enabled = within(board)
      .queryAllByRole('button')
      .concat(within(board).queryAllByRole('combobox'), within(board).queryAllByRole('searchbox'))
      .filter((control) => !(control as HTMLButtonElement).matches(':disabled'));
    expect(enabled).toEqual([]);
    expect(requests).toEqual([]);
  });

  it('a snapshot without content shows the board with the texts removed', async () => {
    const { snapshot } = await exportAt('/items/AE-1', false);
    expect(JSON.stringify(snapshot)).not.toContain('Alpha demo');
    const requests = forbidNetwork();
    await openInViewer(snapshot);
    expect(await banner()).toHaveTextContent('left out by the user');
    expect((await screen.findAllByRole('button', { name: CONTENT_REMOVED, hidden: true })).length).toBeGreaterThan(0);
    expect(requests).toEqual([]);
  });

  it('the viewer’s store drops write requests and answers calls from the snapshot without a request', async () => {
    const { snapshot } = await exportAt('/items/AE-1');
    const requests = forbidNetwork();
    const store = setupReplayStore(snapshot);
    const before = store.getState();
    const id = before.items.ids[0]!;
    store.dispatch(completionToggled(id, true));
    store.dispatch(itemDeleteRequested(id, 'project-1'));
    store.dispatch({ type: 'intent/deleteItem', payload: { item: 'AE-1' } });
    expect(store.getState()).toBe(before);
    const write = await store.dispatch(
      itemsApi.endpoints.completeProjectItem.initiate({ id, body: { markComplete: true } }),
    );
    expect(write.error).toEqual({ status: 'CUSTOM_ERROR', error: notInSnapshotMessage });
    // A read the snapshot holds, even forced, answers what the user's browser had.
    const read = await store.dispatch(itemsApi.endpoints.getProjectItem.initiate('a', { forceRefetch: true }));
    expect(read.data?.description).toBe('Alpha demo');
    expect(requests).toEqual([]);
  });

  it('a wrong file while a snapshot is shown is refused, and the snapshot stays', async () => {
    const { snapshot } = await exportAt('/items/AE-1');
    forbidNetwork();
    const { user } = await openInViewer(snapshot);
    await screen.findByRole('dialog', { name: 'Alpha demo' });
    await user.keyboard('{Escape}');
    await screen.findByRole('button', { name: 'Alpha demo' });
    await user.upload(
      screen.getByLabelText('Open another snapshot'),
      new File(['nope'], 'notes.json', { type: 'application/json' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'notes.json: This file is not a Baton support snapshot.',
    );
    expect(screen.getByRole('button', { name: 'Alpha demo' })).toBeInTheDocument();
  });

  it('a file that is not a snapshot is refused with the reason, and what was shown stays', async () => {
    const requests = forbidNetwork();
    const { user } = await openInViewer('{"name":"baton","version":"1.0.0"}', 'package.json');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'package.json: This file is not a Baton support snapshot.',
    );
    expect(screen.getByRole('heading', { name: 'Snapshot viewer' })).toBeInTheDocument();
    expect(requests).toEqual([]);
    void user;
  });
});
