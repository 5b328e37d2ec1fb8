import { useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import {
  MemoryRouter,
  Outlet,
  UNSAFE_LocationContext,
  UNSAFE_RouteContext,
  useRoutes,
  type Location,
} from 'react-router-dom';
import { useDocumentTheme } from '../../ui';
import { TopBar } from '../shell/TopBar';
import { BoardPage } from '../shell/BoardPage';
import { ReadOnlyContext, ReadOnlyFieldset } from './readOnly';
import { setupReplayStore } from './replayStore';
import type { SupportSnapshot } from './snapshot';
import shellStyles from '../shell/AppShell.module.css';
import styles from './ReplayView.module.css';

/**
 * The viewer keeps its own router at the snapshot's page, inside the app's. React Router refuses a
 * router inside another, so the outer one's location is hidden from it first (the exported
 * UNSAFE_LocationContext is what its check reads), and so is the outer route's match, which the
 * replay's routes would otherwise take as their parent; nothing of the outer router reaches the replay.
 */
const noRouteMatch = { outlet: null, matches: [], isDataRoute: false };
function IsolatedRouter({ route, children }: { route: string; children: ReactNode }) {
  return (
    <UNSAFE_LocationContext.Provider value={null as unknown as { location: Location; navigationType: never }}>
      <UNSAFE_RouteContext.Provider value={noRouteMatch}>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </UNSAFE_RouteContext.Provider>
    </UNSAFE_LocationContext.Provider>
  );
}

function NotReplayed() {
  return (
    <p className={styles.notReplayed} role="status">
      The viewer shows the board and its item panel; this page of the snapshot is not replayed.
    </p>
  );
}

/** The signed-in frame as the user had it, minus what talks to the server (live updates, redirects, palette). */
function ReplayShell() {
  return (
    <div className={shellStyles.shell}>
      <TopBar />
      <main id="main-content" className={shellStyles.main} tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

function ReplayRoutes() {
  return useRoutes([
    {
      path: '/',
      element: <ReplayShell />,
      children: [
        { index: true, element: <BoardPage /> },
        { path: 'projects/:projectId', element: <BoardPage /> },
        { path: 'items/:itemKey', element: <BoardPage /> },
        { path: '*', element: <NotReplayed /> },
      ],
    },
  ]);
}

function ReplayTheme({ snapshot }: { snapshot: SupportSnapshot }) {
  useDocumentTheme(snapshot.state.coreContext.context?.appSettings.theme);
  return null;
}

/**
 * What the user saw, rebuilt from the snapshot alone: a store of its own (no listeners, no network),
 * its own router at the snapshot's page, and every control disabled.
 */
export function ReplayView({ snapshot, banner }: { snapshot: SupportSnapshot; banner: ReactNode }) {
  const [store] = useState(() => setupReplayStore(snapshot));
  return (
    <ReadOnlyContext.Provider value={true}>
      <ReplayTheme snapshot={snapshot} />
      {banner}
      <Provider store={store}>
        <IsolatedRouter route={snapshot.route}>
          <ReadOnlyFieldset>
            <ReplayRoutes />
          </ReadOnlyFieldset>
        </IsolatedRouter>
      </Provider>
    </ReadOnlyContext.Provider>
  );
}
