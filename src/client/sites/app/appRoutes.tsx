import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { CentredSpinner } from '../../ui';
import { AppFrame } from '../../features/shell/AppFrame';
import { AppShell } from '../../features/shell/AppShell';
import { BoardPage } from '../../features/shell/BoardPage';
import { OidcCallbackPage } from '../../features/signIn/OidcCallbackPage';
import { RequireSession } from '../../features/signIn/RequireSession';
import { NotFoundScreen } from '../shared/NotFoundScreen';
import { RenderErrorBoundary } from '../shared/RenderErrorBoundary';
import { ExportStateButton } from '../../features/support/ExportStateButton';

// Pages other than the board load on demand, so the board's first load carries none of their code.
const AccountSettingsPage = lazy(() =>
  import(/* webpackChunkName: "settings" */ '../../features/account/AccountSettingsPage').then((module) => ({
    default: module.AccountSettingsPage,
  })),
);
const MembersPage = lazy(() =>
  import(/* webpackChunkName: "settings" */ '../../features/members/MembersPage').then((module) => ({
    default: module.MembersPage,
  })),
);
const PlanningDataPage = lazy(() =>
  import(/* webpackChunkName: "settings" */ '../../features/planningData/PlanningDataPage').then((module) => ({
    default: module.PlanningDataPage,
  })),
);
const JoinTeamPage = lazy(() =>
  import(/* webpackChunkName: "join" */ '../../features/teams/JoinTeamPage').then((module) => ({
    default: module.JoinTeamPage,
  })),
);
// The project overview and the guided flows (agents.md §1) share one chunk.
const ProjectOverviewPage = lazy(() =>
  import(/* webpackChunkName: "flows" */ '../../features/agent/ProjectOverviewPage').then((module) => ({
    default: module.ProjectOverviewPage,
  })),
);
const ProjectFramingPage = lazy(() =>
  import(/* webpackChunkName: "flows" */ '../../features/agent/ProjectFramingPage').then((module) => ({
    default: module.ProjectFramingPage,
  })),
);
const PatternsPage = lazy(() =>
  import(/* webpackChunkName: "flows" */ '../../features/agent/PatternsPage').then((module) => ({
    default: module.PatternsPage,
  })),
);
const AiSettingsPage = lazy(() =>
  import(/* webpackChunkName: "settings" */ '../../features/agent/AiSettingsPage').then((module) => ({
    default: module.AiSettingsPage,
  })),
);
const GuidedProjectPage = lazy(() =>
  import(/* webpackChunkName: "flows" */ '../../features/agent/GuidedProjectPage').then((module) => ({
    default: module.GuidedProjectPage,
  })),
);
const ItemCreationPage = lazy(() =>
  import(/* webpackChunkName: "flows" */ '../../features/agent/ItemCreationPage').then((module) => ({
    default: module.ItemCreationPage,
  })),
);
const SplitItemPage = lazy(() =>
  import(/* webpackChunkName: "flows" */ '../../features/agent/SplitItemPage').then((module) => ({
    default: module.SplitItemPage,
  })),
);
const AddNextItemPage = lazy(() =>
  import(/* webpackChunkName: "flows" */ '../../features/agent/AddNextItemPage').then((module) => ({
    default: module.AddNextItemPage,
  })),
);
const GithubSettingsPage = lazy(() =>
  import(/* webpackChunkName: "settings" */ '../../features/github/GithubSettingsPage').then((module) => ({
    default: module.GithubSettingsPage,
  })),
);
const ContextItemsPage = lazy(() =>
  import(/* webpackChunkName: "flows" */ '../../features/context/ContextItemsPage').then((module) => ({
    default: module.ContextItemsPage,
  })),
);
const McpSettingsPage = lazy(() =>
  import(/* webpackChunkName: "settings" */ '../../features/mcp/McpSettingsPage').then((module) => ({
    default: module.McpSettingsPage,
  })),
);
const AssessmentPage = lazy(() =>
  import(/* webpackChunkName: "assessment" */ '../../features/assessment/AssessmentPage').then((module) => ({
    default: module.AssessmentPage,
  })),
);
const MentionsPage = lazy(() =>
  import(/* webpackChunkName: "mentions" */ '../../features/comments/MentionsPage').then((module) => ({
    default: module.MentionsPage,
  })),
);
// The OAuth consent screen (an MCP client asks for access): its own small chunk, outside the app shell.
const ConsentPage = lazy(() =>
  import(/* webpackChunkName: "consent" */ '../../features/mcp/ConsentPage').then((module) => ({
    default: module.ConsentPage,
  })),
);
// Support staff's snapshot viewer: its own chunk, outside the app shell (it needs no session).
const SnapshotViewerPage = lazy(() =>
  import(/* webpackChunkName: "support" */ '../../features/support/SnapshotViewerPage').then((module) => ({
    default: module.SnapshotViewerPage,
  })),
);
const onDemand = (page: ReactNode) => <Suspense fallback={<CentredSpinner label="Loading…" />}>{page}</Suspense>;

/** The application's routes; the OIDC callbacks are public, the shell and its pages need a session. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <AppFrame />,
    children: [
      {
        element: (
          <RequireSession>
            <AppShell />
          </RequireSession>
        ),
        children: [
          { index: true, element: <BoardPage /> },
          { path: 'items/:itemKey', element: <BoardPage /> },
          { path: 'projects/:projectId', element: <BoardPage /> },
          { path: 'settings/account', element: onDemand(<AccountSettingsPage />) },
          { path: 'settings/members', element: onDemand(<MembersPage />) },
          { path: 'settings/planning', element: onDemand(<PlanningDataPage />) },
          { path: 'settings/ai', element: onDemand(<AiSettingsPage />) },
          { path: 'settings/github', element: onDemand(<GithubSettingsPage />) },
          { path: 'settings/mcp', element: onDemand(<McpSettingsPage />) },
          { path: 'assessment', element: onDemand(<AssessmentPage />) },
          { path: 'join', element: onDemand(<JoinTeamPage />) },
          { path: 'project', element: onDemand(<ProjectOverviewPage />) },
          { path: 'context', element: onDemand(<ContextItemsPage />) },
          { path: 'mentions', element: onDemand(<MentionsPage />) },
          { path: 'welcome', element: onDemand(<GuidedProjectPage />) },
          { path: 'flows/frame-project', element: onDemand(<ProjectFramingPage />) },
          { path: 'flows/patterns/:flavour', element: onDemand(<PatternsPage />) },
          { path: 'flows/add-items', element: onDemand(<ItemCreationPage />) },
          { path: 'flows/split/:itemId', element: onDemand(<SplitItemPage />) },
          { path: 'flows/add-item/:itemId', element: onDemand(<AddNextItemPage />) },
        ],
      },
      {
        path: 'oauth2/consent/:interactionId',
        element: <RequireSession>{onDemand(<ConsentPage />)}</RequireSession>,
      },
      { path: 'auth/msft', element: <OidcCallbackPage provider="Microsoft" /> },
      { path: 'auth/google', element: <OidcCallbackPage provider="Google" /> },
      { path: 'auth/apple', element: <OidcCallbackPage provider="Apple" /> },
    ],
  },
  { path: '/support/snapshot', element: onDemand(<SnapshotViewerPage />) },
  {
    path: '*',
    element: <AppNotFound />,
  },
];

function AppNotFound() {
  const { pathname } = useLocation();
  return (
    <NotFoundScreen
      path={pathname}
      homeLabel="Go to the board"
      extraAction={<ExportStateButton variant="secondary" />}
    />
  );
}

/**
 * The routes in React Router's declarative mode: the app uses no loaders, actions or fetchers, and the
 * data router that runs them would add ≈16 kB (gzip) to the first load. A boundary does what the root
 * route's errorElement would: a page that throws shows the error screen until the next navigation.
 */
export function AppRoutes() {
  const location = useLocation();
  const page = useRoutes(appRoutes);
  return (
    <RenderErrorBoundary resetKey={location} extraAction={<ExportStateButton variant="secondary" />}>
      {page}
    </RenderErrorBoundary>
  );
}
