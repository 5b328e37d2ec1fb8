import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router-dom';
import { setupStore, type RootState } from '../../../src/client/app/store';
import { AppRoutes } from '../../../src/client/sites/app/appRoutes';
import type { CoreContextState } from '../../../src/client/features/session/coreContextSlice';
import { coreContextFixture } from '../helpers/fixtures';

/** The router as a test sees it: where it is now, and a way to go elsewhere. */
export interface TestRouter {
  location: Location;
  navigate: NavigateFunction;
}

function RouterProbe({ router }: { router: TestRouter }) {
  router.location = useLocation();
  router.navigate = useNavigate();
  return null;
}

/** The whole app route set at `path`, with a fresh store, as AppSite renders it (without its PersistGate). */
export function renderApp(path: string, preloadedState?: Partial<RootState>) {
  const { store } = setupStore(preloadedState);
  const router = {} as TestRouter;
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <RouterProbe router={router} />
      </MemoryRouter>
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
