import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { setupStore } from '../../../src/client/app/store';
import { userAndTeamApi } from '../../../src/client/api/userAndTeam';
import { server } from '../helpers/server';
import { heldAnswer } from '../helpers/heldAnswer';
import { mockBackend } from '../helpers/handlers/mockBackend';
import { planBackend } from '../helpers/handlers/planBackend';
import { coreContextFixture } from '../helpers/fixtures';
import { renderApp, signedInState } from '../sites/renderApp';

/** The paths of the requests the app sends from now on. */
function requestsSeen() {
  const paths: string[] = [];
  server.events.on('request:start', ({ request }) => {
    paths.push(new URL(request.url).pathname);
  });
  return paths;
}

afterEach(() => {
  server.events.removeAllListeners();
  window.history.replaceState({}, '', '/');
});

test('the board’s first read starts as soon as the context names the active project, before a board is drawn', async () => {
  const context = coreContextFixture();
  mockBackend.signIn(context);
  const { store } = setupStore();
  await store.dispatch(userAndTeamApi.endpoints.getCoreApplicationContext.initiate());
  await waitFor(() => expect(store.getState().items.status).toBe('ready'));
  expect(store.getState().items.projectId).toBe(context.userContext.activeProjectId);
  expect(planBackend.log[0]).toBe(`query ${context.userContext.activeProjectId} head`);
});

test('another page reads no board', async () => {
  window.history.replaceState({}, '', '/settings/account');
  mockBackend.signIn(coreContextFixture());
  const { store } = setupStore();
  await store.dispatch(userAndTeamApi.endpoints.getCoreApplicationContext.initiate());
  expect(store.getState().items.status).toBe('idle');
  expect(planBackend.log).toEqual([]);
});

test('the mentions count and the plan’s limits are read once the board’s first items are in, not beside them', async () => {
  mockBackend.signIn(coreContextFixture('ada@example.com'));
  const head = heldAnswer();
  server.use(
    http.post(`${location.origin}/v1/teams/active/projects/:projectId/all/query`, async ({ request }) => {
      const body = (await request.clone().json()) as { bucketPage?: { part: string } };
      if (body.bucketPage?.part === 'head') await head.held;
      // Nothing answered: the usual handler answers.
    }),
  );
  const paths = requestsSeen();
  const { store } = renderApp('/', signedInState('ada@example.com'));
  await waitFor(() => expect(paths.some((path) => path.endsWith('/all/query'))).toBe(true));
  expect(paths.filter((path) => /mentions|subscription/.test(path))).toEqual([]);

  head.release();
  await waitFor(() => expect(store.getState().items.complete).toBe(true));
  await waitFor(() =>
    expect(paths.filter((path) => /mentions|subscription/.test(path)).sort()).toEqual([
      '/v1/accounts/active/subscription',
      '/v1/teams/active/mentions',
    ]),
  );
  expect(screen.getByRole('link', { name: 'Mentions' })).toBeInTheDocument();
});

test('on a page with no board the mentions count is read at once', async () => {
  mockBackend.signIn(coreContextFixture('ada@example.com'));
  const paths = requestsSeen();
  renderApp('/settings/account', signedInState('ada@example.com'));
  await waitFor(() => expect(paths).toContain('/v1/teams/active/mentions'));
  expect(paths.some((path) => path.endsWith('/all/query'))).toBe(false);
  expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
});
