import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UnknownAction } from '@reduxjs/toolkit';
import { server } from '../helpers/server';
import { planBackend, unscheduled } from '../helpers/handlers/planBackend';
import { handoffBackend } from '../helpers/handlers/handoff';
import { mockBackend } from '../helpers/handlers/mockBackend';
import { boardStore } from '../items/boardStore';
import { fakeLayout, renderBoard } from '../board/boardTestUtils';
import { Scope, ItemType } from '../../../src/shared/enums';
import { bucketKey } from '../../../src/shared/timeframes';
import type { RootState } from '../../../src/client/app/store';
import {
  completionToggled,
  itemDeleteRequested,
  itemHandedOff,
  itemOf,
  itemUpdateRequested,
} from '../../../src/client/features/items/itemsSlice';
import { assignItem, createItem, moveItemBy, moveItemToBucket } from '../../../src/client/features/items/itemCommands';
import { handoffApi } from '../../../src/client/api/handoff';
import { saveProjectSettings } from '../../../src/client/features/projects/saveProjectSettings';
import { selectOpenItemId } from '../../../src/client/features/board/boardSlice';
import { recentActionTypes } from '../../../src/client/features/support/recentActions';

fakeLayout();

interface Recorded {
  method: string;
  path: string;
  body: unknown;
}

/** Every request msw sees, with its JSON body (the idempotency key and other headers left aside). */
function recordRequests() {
  const requests: Promise<Recorded>[] = [];
  const listener = ({ request }: { request: Request }) => {
    const copy = request.clone();
    requests.push(
      copy.text().then((text) => ({
        method: copy.method,
        path: new URL(copy.url).pathname,
        body: text ? (JSON.parse(text) as unknown) : null,
      })),
    );
  };
  server.events.on('request:start', listener);
  return {
    all: async () => {
      server.events.removeListener('request:start', listener);
      return Promise.all(requests);
    },
  };
}

function seed() {
  planBackend.seed([
    { id: 'a', description: 'Alpha' },
    { id: 'b', description: 'Beta' },
    { id: 'c', description: 'Gamma', itemType: ItemType.Implementation },
  ]);
}

/** What the board shows of each bucket: keys, titles, completion, assignee and hand-off, in order. */
function boardOf(state: RootState) {
  const { bucketIds } = state.items;
  return Object.fromEntries(
    Object.entries(bucketIds).map(([key, ids]) => [
      key,
      ids.map((id) => {
        const item = itemOf(state.items, id)!;
        return [
          item.externalId,
          item.description,
          Boolean(item.completionDate),
          item.plan.assignedToUserId,
          item.workflowStatus,
        ];
      }),
    ]),
  );
}

type Store = Awaited<ReturnType<typeof boardStore>>['store'];

/** Runs one way of doing something on a fresh board: the requests it made and the board it left. */
async function outcome(run: (store: Store) => unknown) {
  planBackend.reset();
  handoffBackend.reset();
  // Each way starts from the same project (a rename raises its version).
  Object.assign(mockBackend.context.availableProjects[0]!, { description: 'First project', version: 1 });
  seed();
  const { store, idle } = await boardStore();
  const recorder = recordRequests();
  await run(store);
  await idle();
  // The hand-off and rename are mutations outside the item queues: let them settle.
  await new Promise((resolve) => setTimeout(resolve, 50));
  await idle();
  return {
    requests: await recorder.all(),
    board: boardOf(store.getState()),
    projects: store.getState().projects.entities,
  };
}

/** The same requests and the same board, whether the UI's code or the intent did it. */
async function expectSame(ui: (store: Store) => unknown, intent: UnknownAction) {
  const byUi = await outcome(ui);
  const byIntent = await outcome((store) => store.dispatch(intent));
  expect(byIntent.requests).toEqual(byUi.requests);
  expect(byIntent.board).toEqual(byUi.board);
  expect(byIntent.projects).toEqual(byUi.projects);
  expect(byUi.requests.length).toBeGreaterThan(0);
  return byIntent;
}

describe('QA intents do what the UI does (same requests, same state)', () => {
  it('intent/createItem = the column’s quick add', async () => {
    const done = await expectSame(
      (store) =>
        store.dispatch(
          createItem({
            itemType: ItemType.Demo,
            item: { description: 'Scripted' },
            bucket: { scope: Scope.InScope, assignedTimeframe: null },
            index: 0,
          }),
        ),
      { type: 'intent/createItem', payload: { itemType: ItemType.Demo, description: 'Scripted' } },
    );
    expect(done.board[bucketKey(unscheduled())]![0]).toEqual(['AE-4', 'Scripted', false, null, 0]);
  });

  it('intent/moveItem with `by` = Alt+↓; with `to` = “Move to…”', async () => {
    await expectSame((store) => store.dispatch(moveItemBy('a', 1)), {
      type: 'intent/moveItem',
      payload: { item: 'AE-1', by: 1 },
    });
    const out = unscheduled(Scope.OutOfScope);
    const done = await expectSame((store) => store.dispatch(moveItemToBucket('b', out)), {
      type: 'intent/moveItem',
      payload: { item: 'ae-2', to: out },
    });
    expect(done.board[bucketKey(out)]!.map((row) => row[0])).toEqual(['AE-2']);
  });

  it('intent/completeItem, intent/assignItem, intent/updateItem, intent/deleteItem', async () => {
    await expectSame((store) => store.dispatch(completionToggled('a', true)), {
      type: 'intent/completeItem',
      payload: { item: 'AE-1' },
    });
    await expectSame((store) => store.dispatch(assignItem('b', 'user-1')), {
      type: 'intent/assignItem',
      payload: { item: 'AE-2', assignedToUserId: 'user-1' },
    });
    await expectSame(
      (store) => store.dispatch(itemUpdateRequested('c', { description: 'Gamma, renamed' }, 'project-1')),
      {
        type: 'intent/updateItem',
        payload: { item: 'AE-3', fields: { description: 'Gamma, renamed' } },
      },
    );
    const deleted = await expectSame((store) => store.dispatch(itemDeleteRequested('a', 'project-1')), {
      type: 'intent/deleteItem',
      payload: { item: 'AE-1' },
    });
    expect(JSON.stringify(deleted.board)).not.toContain('AE-1');
  });

  it('intent/handOff = the panel’s send, then the item’s hand-off status', async () => {
    const done = await expectSame(
      async (store) => {
        const handoff = await store
          .dispatch(handoffApi.endpoints.sendToAgent.initiate({ itemId: 'a', automationKind: 0, agent: 'copilot' }))
          .unwrap();
        store.dispatch(itemHandedOff('a', { codingAgentUrl: handoff.issueUrl ?? undefined, workflowStatus: 1 }));
      },
      { type: 'intent/handOff', payload: { item: 'AE-1', agent: 'copilot' } },
    );
    expect(handoffBackend.sent).toEqual([
      expect.objectContaining({ itemId: 'a', agent: 'copilot', automationKind: 0 }),
    ]);
    expect(done.board[bucketKey(unscheduled())]![0]![4]).toBe(1);
  });

  it('intent/renameProject = project settings saved with a new name', async () => {
    const done = await expectSame(
      async (store) => {
        const project = store.getState().projects.entities['project-1']!;
        // What Project settings does on Save with only the name changed.
        await store.dispatch(saveProjectSettings(project, { description: 'Renamed' }));
      },
      { type: 'intent/renameProject', payload: { name: ' Renamed ' } },
    );
    expect(done.projects['project-1']?.description).toBe('Renamed');
  });

  it('an intent that cannot be done is refused with the reason, and nothing is sent', async () => {
    seed();
    const { store, idle } = await boardStore();
    const recorder = recordRequests();
    store.dispatch({ type: 'intent/completeItem', payload: { item: 'ZZ-9' } });
    store.dispatch({ type: 'intent/createItem', payload: { itemType: 7, description: 'x' } });
    store.dispatch({ type: 'intent/moveItem', payload: { item: 'AE-1' } });
    await idle();
    expect(recentActionTypes(store.getState).filter((type) => type === 'intent/refused')).toHaveLength(3);
    expect(await recorder.all()).toEqual([]);
  });
});

describe('intents in the running app', () => {
  /** The requests one way of doing something makes on the rendered board, once it has loaded. */
  async function requestsOnBoard(run: (store: Store, user: ReturnType<typeof userEvent.setup>) => Promise<void>) {
    const user = userEvent.setup();
    planBackend.reset();
    seed();
    const { store, idle, unmount } = renderBoard();
    await screen.findByRole('button', { name: 'Alpha' });
    await act(idle);
    const recorder = recordRequests();
    await run(store, user);
    await act(idle);
    const requests = await recorder.all();
    const board = boardOf(store.getState());
    unmount();
    return { requests, board };
  }

  it('intent/completeItem makes the requests pressing X on the card makes', async () => {
    const byKey = await requestsOnBoard(async (_store, user) => {
      screen.getByRole('button', { name: 'Alpha' }).focus();
      await user.keyboard('x');
    });
    const byIntent = await requestsOnBoard(async (store) => {
      act(() => void store.dispatch({ type: 'intent/completeItem', payload: { item: 'AE-1' } }));
    });
    expect(byKey.requests.map((request) => request.path)).toContain('/v1/teams/active/project-items/all/a/complete');
    expect(byIntent).toEqual(byKey);
  });

  it('a dispatched intent shows on the board as the UI’s own change does', async () => {
    const user = userEvent.setup();
    seed();
    const { store, idle } = renderBoard();
    await screen.findByRole('button', { name: 'Alpha' });
    act(
      () =>
        void store.dispatch({
          type: 'intent/createItem',
          payload: { itemType: ItemType.Demo, description: 'From QA' },
        }),
    );
    const column = screen.getByRole('region', { name: 'Unscheduled, in scope' });
    await waitFor(() => expect(within(column).getByRole('button', { name: 'From QA' })).toBeInTheDocument());
    act(() => void store.dispatch({ type: 'intent/openItem', payload: { item: 'AE-2' } }));
    expect(await screen.findByRole('dialog', { name: 'Beta' })).toBeInTheDocument();
    expect(selectOpenItemId(store.getState())).toBe('b');
    await user.keyboard('{Escape}');
    await act(idle);
    expect(planBackend.items.map((item) => item.description)).toContain('From QA');
  });
});
