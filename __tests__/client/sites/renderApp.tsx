import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router-dom';
import { setupStore, type RootState } from '../../../src/client/app/store';
import { AppRoutes } from '../../../src/client/sites/app/appRoutes';
import { sessionContextOf, type CoreContextState } from '../../../src/client/features/session/coreContextSlice';
import { teamStateOf } from '../../../src/client/features/teams/teamSlice';
import { projectsAdapter } from '../../../src/client/features/projects/projectsSlice';
import type { CoreApplicationContext } from '../../../src/shared/contract/userAndTeam';
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

/**
 * A signed-in (or not) store's starting state: the session slice as redux-persist holds it, and the
 * context's team and projects in their own slices, as the reducers put an answered context.
 */
export function sessionState(
  state: Omit<Partial<CoreContextState>, 'context'> & { context?: CoreApplicationContext | null },
): Pick<RootState, 'coreContext' | 'team' | 'projects'> {
  const { context = null, ...rest } = state;
  return {
    coreContext: {
      context: context ? sessionContextOf(context) : null,
      status: 'unknown',
      lastIdentityProvider: null,
      lastAuthExtensionTimestamp: null,
      ...rest,
      _persist: { version: -1, rehydrated: true },
    },
    team: teamStateOf(context),
    projects: projectsAdapter.setAll(
      projectsAdapter.getInitialState({ pendingEdits: {}, conflicts: {} }),
      context?.availableProjects ?? [],
    ),
  };
}

export const signedInState = (emailAddress = 'ada@example.com') =>
  sessionState({
    context: coreContextFixture(emailAddress),
    status: 'signedIn',
    lastAuthExtensionTimestamp: Date.now(),
  });
