import type { RouteObject } from 'react-router-dom';
import { AppFrame } from '../../features/shell/AppFrame';
import { AppShell } from '../../features/shell/AppShell';
import { BoardPage } from '../../features/shell/BoardPage';
import { OidcCallbackPage } from '../../features/signIn/OidcCallbackPage';
import { RequireSession } from '../../features/signIn/RequireSession';
import { RouteErrorScreen } from '../shared/RouteErrorScreen';
import { AccountSettingsPage } from './AccountSettingsPage';

/** The application's routes; the OIDC callbacks are public, the shell and its pages need a session. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <AppFrame />,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        element: (
          <RequireSession>
            <AppShell />
          </RequireSession>
        ),
        children: [
          { index: true, element: <BoardPage /> },
          { path: 'settings/account', element: <AccountSettingsPage /> },
        ],
      },
      { path: 'auth/msft', element: <OidcCallbackPage provider="Microsoft" /> },
      { path: 'auth/google', element: <OidcCallbackPage provider="Google" /> },
      { path: 'auth/apple', element: <OidcCallbackPage provider="Apple" /> },
    ],
  },
];
