import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { setupStore, type RootState } from '../../../src/client/app/store';
import { AppRoutes } from '../../../src/client/sites/app/appRoutes';
import { userAndTeamApi } from '../../../src/client/api/userAndTeam';
import { loadBoard } from '../../../src/client/features/items/itemCommands';
import { quotaErrorRaised } from '../../../src/client/features/quota/quotaErrorSlice';
import { itemPanelOpened, searchTextChanged } from '../../../src/client/features/board/boardSlice';
import { CORE_CONTEXT_STORAGE_KEY } from '../../../src/client/app/persist';
import { listenerMiddleware } from '../../../src/client/app/listeners';
import { api } from '../../../src/client/api/apiSlice';
import { sessionEnded } from '../../../src/client/features/session/sessionEnded';
import { server } from '../helpers/server';
import { mockBackend, unauthorizedBody } from '../helpers/handlers/mockBackend';
import { planBackend } from '../helpers/handlers/planBackend';
import { signedInBoardState } from '../items/boardStore';
import { fakeLayout } from '../board/boardTestUtils';

fakeLayout();

/** From now on every /v1 call but sign-in answers 401 until someone signs in again (an expired session). */
function expireSessionOnServer() {
  mockBackend.signedIn = false;
  server.use(
    http.all(`${location.origin}/v1/*`, ({ request }) => {
      if (mockBackend.signedIn || new URL(request.url).pathname.startsWith('/v1/auth/')) return undefined;
      return HttpResponse.json(unauthorizedBody, { status: 401 });
    }),
  );
}

/** The slices of a store nobody has used, to compare a purged one with. */
const pristine = (): RootState => setupStore().store.getState();

const persistedCoreContext = () => JSON.parse(localStorage.getItem(`persist:${CORE_CONTEXT_STORAGE_KEY}`) ?? '{}');

describe('a 401 ends the session like a sign-out', () => {
  it('resets every slice holding user data, drops the API cache and the persisted auth time, keeps the provider', async () => {
    planBackend.seed([{ id: 'secret', description: 'Ada’s secret roadmap' }]);
    const { store, persistor } = setupStore({
      ...signedInBoardState(),
      coreContext: { ...signedInBoardState().coreContext!, lastIdentityProvider: 'Test' },
      invites: { used: [{ inviteCode: 'ada-invite-code' }] },
    });
    await store.dispatch(loadBoard('project-1'));
    await store.dispatch(userAndTeamApi.endpoints.getActiveTeam.initiate());
    store.dispatch(searchTextChanged('roadmap'));
    store.dispatch(itemPanelOpened('secret'));
    store.dispatch(quotaErrorRaised('project-items'));
    await persistor.flush();
    const loaded = store.getState();
    // Each slice holds something of Ada's before the 401.
    expect(loaded.items.ids).toEqual(['secret']);
    expect(loaded.projects.ids).toEqual(['project-1']);
    expect(loaded.board.openItemId).toBe('secret');
    expect(loaded.quotaError.activeError).not.toBeNull();
    expect(loaded.invites.used).toHaveLength(1);
    expect(Object.keys(loaded.api.queries)).not.toHaveLength(0);
    expect(JSON.parse(persistedCoreContext().lastAuthExtensionTimestamp)).toEqual(expect.any(Number));

    expireSessionOnServer();
    const ended = jest.fn();
    const stop = listenerMiddleware.startListening({
      actionCreator: sessionEnded,
      effect: (action) => ended(action.payload),
    });
    // The cached answer's entry is gone by the time the call resolves, so the 401 shows as the end it caused.
    await store.dispatch(
      userAndTeamApi.endpoints.getCoreApplicationContext.initiate(undefined, { forceRefetch: true }),
    );
    stop();
    expect(ended).toHaveBeenCalledWith({ reason: 'unauthorized' });
    await persistor.flush();

    const state = store.getState();
    const fresh = pristine();
    expect(state.items).toEqual(fresh.items);
    expect(state.projects).toEqual(fresh.projects);
    expect(state.board).toEqual(fresh.board);
    expect(state.quotaError).toEqual(fresh.quotaError);
    expect(state.invites).toEqual(fresh.invites);
    expect(state.api.queries).toEqual({});
    expect(state.api.mutations).toEqual({});
    expect(state.coreContext).toMatchObject({
      context: null,
      status: 'signedOut',
      lastAuthExtensionTimestamp: null,
      lastIdentityProvider: 'Test',
    });
    expect(persistedCoreContext()).toMatchObject({
      lastAuthExtensionTimestamp: 'null',
      lastIdentityProvider: '"Test"',
    });
    expect(JSON.stringify(state)).not.toMatch(/ada@example\.com|secret roadmap|ada-invite-code/);
  });

  it('a 401 while signed out (the sign-in screen asking) clears nothing more and loops on nothing', async () => {
    const ended = jest.fn();
    const resets = jest.fn();
    const stopListening = [
      listenerMiddleware.startListening({ actionCreator: sessionEnded, effect: (action) => ended(action.payload) }),
      listenerMiddleware.startListening({ actionCreator: api.util.resetApiState, effect: resets }),
    ];
    try {
      const { store } = setupStore();
      // The first 401 tells a browser of unknown status that it is signed out.
      await store.dispatch(userAndTeamApi.endpoints.getCoreApplicationContext.initiate());
      expect(store.getState().coreContext.status).toBe('signedOut');
      expect(ended).toHaveBeenCalledWith({ reason: 'unauthorized' });
      ended.mockClear();
      resets.mockClear();

      await store.dispatch(userAndTeamApi.endpoints.getActiveTeam.initiate());
      expect(ended).not.toHaveBeenCalled();
      expect(resets).not.toHaveBeenCalled();
    } finally {
      stopListening.forEach((stop) => stop());
    }
  });
});

describe('the app after a 401', () => {
  it('shows the sign-in screen with nothing of the previous user, and the next user sees only their own data', async () => {
    const user = userEvent.setup();
    planBackend.seed([{ id: 'secret', description: 'Ada’s secret roadmap' }]);
    const { store } = setupStore(signedInBoardState());
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/']}>
          <AppRoutes />
        </MemoryRouter>
      </Provider>,
    );
    const card = (await screen.findByRole('button', { name: 'Ada’s secret roadmap' })).closest(
      '[data-card-id]',
    ) as HTMLElement;

    // Ada's session expires on the server; her next write answers 401.
    expireSessionOnServer();
    await user.click(within(card).getByRole('button', { name: /^Mark complete/ }));

    expect(await screen.findByRole('form', { name: 'Sign in with Test' })).toBeInTheDocument();
    expect(screen.queryByText('Ada’s secret roadmap')).not.toBeInTheDocument();
    await waitFor(() => expect(store.getState().items.ids).toEqual([]));
    // Only the sign-in screen's public provider list is cached again.
    expect(Object.keys(store.getState().api.queries)).toEqual(['listIdentityProviders(undefined)']);
    expect(JSON.stringify(store.getState())).not.toMatch(/ada@example\.com|secret roadmap/);

    // Bea signs in in the same tab and gets her own board.
    planBackend.reset();
    planBackend.seed([{ id: 'bea-item', description: 'Bea’s launch checklist' }]);
    await user.type(screen.getByRole('textbox', { name: 'E-mail address' }), 'bea@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign in with Test' }));

    expect(await screen.findByRole('button', { name: 'Bea’s launch checklist' })).toBeInTheDocument();
    await act(async () => {});
    expect(screen.queryByText('Ada’s secret roadmap')).not.toBeInTheDocument();
    expect(store.getState().coreContext.context?.userContext.emailAddress).toBe('bea@example.com');
    expect(store.getState().items.ids).toEqual(['bea-item']);
    expect(JSON.stringify(store.getState())).not.toMatch(/ada@example\.com|secret roadmap/);
  });
});
