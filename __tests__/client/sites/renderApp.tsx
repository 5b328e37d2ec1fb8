import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { setupStore, type RootState } from '../../../src/client/app/store';
import { appRoutes } from '../../../src/client/sites/app/appRoutes';
import type { CoreContextState } from '../../../src/client/features/session/coreContextSlice';
import { coreContextFixture } from '../helpers/fixtures';

/** The whole app route set at `path`, with a fresh store (a data router, unlike renderWithProviders' MemoryRouter). */
export function renderApp(path: string, preloadedState?: Partial<RootState>) {
  const { store } = setupStore(preloadedState);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router, ...view };
}

/** The session slice as redux-persist holds it. */
export function sessionState(state: Partial<CoreContextState>): Pick<RootState, 'coreContext'> {
  return {
    coreContext: {
      context: null,
      status: 'unknown',
      lastIdentityProvider: null,
      lastAuthExtensionTimestamp: null,
      ...state,
      _persist: { version: -1, rehydrated: true },
    },
  };
}

export const signedInState = (emailAddress = 'ada@example.com') =>
  sessionState({
    context: coreContextFixture(emailAddress),
    status: 'signedIn',
    lastAuthExtensionTimestamp: Date.now(),
  });
