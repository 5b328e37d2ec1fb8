import { http, HttpResponse } from 'msw';
import { setupStore } from '../../../src/client/app/store';
import { userAndTeamApi } from '../../../src/client/api/userAndTeam';
import { editTeamField } from '../../../src/client/features/teams/editTeamField';
import { authApi } from '../../../src/client/api/auth';
import { selectActiveTeam, selectAvailableTeams } from '../../../src/client/features/teams/teamSlice';
import { server } from '../helpers/server';
import { mockBackend } from '../helpers/handlers/mockBackend';
import { coreContextFixture } from '../helpers/fixtures';
import { signedInState } from '../sites/renderApp';

const v1 = (path: string) => `${location.origin}/v1${path}`;

/** A handler for one PUT that answers only when the test says so, with Ok (echoing the body) or a failure. */
function heldAnswers(path: string) {
  const waiting: ((outcome: 'ok' | 'fail') => void)[] = [];
  server.use(
    http.put(v1(path), async ({ request }) => {
      const body = await request.json();
      const outcome = await new Promise<'ok' | 'fail'>((resolve) => waiting.push(resolve));
      return outcome === 'ok'
        ? HttpResponse.json({ result: 'Ok', data: body })
        : HttpResponse.json({ result: 'Failed', message: 'Database unavailable' }, { status: 500 });
    }),
  );
  return {
    async answer(index: number, outcome: 'ok' | 'fail') {
      while (waiting.length <= index) await new Promise((resolve) => setTimeout(resolve, 1));
      waiting[index]?.(outcome);
    },
  };
}

async function signedInStore() {
  mockBackend.signIn(coreContextFixture());
  const { store } = setupStore(signedInState());
  // A cached copy of the active team, as the members page keeps one.
  await store.dispatch(userAndTeamApi.endpoints.getActiveTeam.initiate());
  return store;
}
type Store = Awaited<ReturnType<typeof signedInStore>>;
/** The team's optimistic path, as the UI takes it; a refusal is the test's to observe, not to throw. */
const edit = (store: Store, field: Parameters<typeof editTeamField>[0], value: unknown) =>
  store.dispatch(editTeamField(field, value as never)).catch(() => undefined);
const listedTeams = (store: Store) =>
  selectAvailableTeams(store.getState()).map(({ teamName, role }) => ({ teamName, role }));

const cases = [
  {
    name: 'team name',
    path: '/teams/active/name',
    field: 'teamName' as const,
    send: (store: Store, value: string) => edit(store, 'teamName', value),
    values: ['Engines', 'Difference Engines'],
    before: 'Analytical Engines',
  },
  {
    name: 'first-run experience state',
    path: '/teams/active/first-run-experience',
    field: 'firstRunExperienceState' as const,
    send: (store: Store, value: { dismissed: boolean; completedSteps: string[] }) =>
      edit(store, 'firstRunExperienceState', value),
    values: [
      { dismissed: false, completedSteps: ['create-project'] },
      { dismissed: true, completedSteps: ['create-project', 'invite'] },
    ],
    before: { dismissed: false, completedSteps: [] },
  },
  {
    name: 'go-to-market plan',
    path: '/teams/active/go-to-market-plan',
    field: 'goToMarketPlan' as const,
    send: (store: Store, value: Record<string, unknown>) => edit(store, 'goToMarketPlan', value),
    values: [{ channel: 'newsletter' }, { channel: 'conference', launch: '2026-12-01' }],
    before: {},
  },
  {
    name: 'global team data',
    path: '/teams/active/global-team-data',
    field: 'globalTeamData' as const,
    send: (store: Store, value: Record<string, unknown>) => edit(store, 'globalTeamData', value),
    values: [{ timeZone: 'Europe/London' }, { timeZone: 'America/New_York' }],
    before: {},
  },
  {
    name: 'test command',
    path: '/teams/active/test-command',
    field: 'testCommand' as const,
    send: (store: Store, value: string) => edit(store, 'testCommand', value),
    values: ['npm run test:ci', 'make check'],
    before: null,
  },
];

describe.each(cases)('updating the $name (spec §4: optimistic, rolled back on failure)', (testCase) => {
  const { path, field, values, before } = testCase;
  const send = testCase.send as (store: Store, value: unknown) => Promise<unknown>;

  test('shows at once in the team slice, and stays when the server agrees', async () => {
    const store = await signedInStore();
    const held = heldAnswers(path);
    const call = send(store, values[0]);
    expect(selectActiveTeam(store.getState())?.[field]).toEqual(values[0]);
    await held.answer(0, 'ok');
    await call;
    expect(selectActiveTeam(store.getState())?.[field]).toEqual(values[0]);
  });

  test('is put back everywhere when the server refuses', async () => {
    const store = await signedInStore();
    const held = heldAnswers(path);
    const call = send(store, values[0]);
    await held.answer(0, 'fail');
    await call;
    expect(selectActiveTeam(store.getState())?.[field]).toEqual(before);
  });

  test('a failure does not undo a later edit that is still on its way', async () => {
    const store = await signedInStore();
    const held = heldAnswers(path);
    const first = send(store, values[0]);
    const second = send(store, values[1]);
    await held.answer(0, 'fail');
    await first;
    expect(selectActiveTeam(store.getState())?.[field]).toEqual(values[1]);
    await held.answer(1, 'ok');
    await second;
    expect(selectActiveTeam(store.getState())?.[field]).toEqual(values[1]);
  });

  test('edits go in turn, and when all fail the value the server holds comes back', async () => {
    const store = await signedInStore();
    const held = heldAnswers(path);
    const first = send(store, values[0]);
    const second = send(store, values[1]);
    await held.answer(0, 'fail');
    await first;
    expect(selectActiveTeam(store.getState())?.[field]).toEqual(values[1]);
    await held.answer(1, 'fail');
    await second;
    expect(selectActiveTeam(store.getState())?.[field]).toEqual(before);
  });
});

test('a read of the team that races an accepted edit does not bring the old value back', async () => {
  const store = await signedInStore();
  const held = heldAnswers('/teams/active/name');
  const rename = edit(store, 'teamName', 'Engines');
  // The members page reads the team while the rename is on its way; the server still has the old name.
  await store.dispatch(userAndTeamApi.endpoints.getActiveTeam.initiate(undefined, { forceRefetch: true }));
  expect(selectActiveTeam(store.getState())?.teamName).toBe('Analytical Engines');
  await held.answer(0, 'ok');
  await rename;
  expect(selectActiveTeam(store.getState())?.teamName).toBe('Engines');
});

test('the team is kept once, normalised: the session context holds none of it', async () => {
  const store = await signedInStore();
  const state = store.getState();
  expect(state.coreContext.context).not.toHaveProperty('activeTeam');
  expect(state.coreContext.context).not.toHaveProperty('availableTeams');
  expect(state.coreContext.context).not.toHaveProperty('availableProjects');
  expect(state.team.active).toMatchObject({ id: 'team-1', teamName: 'Analytical Engines' });
  expect(state.team.memberships.ids).toEqual(['user-1']);
  expect(selectActiveTeam(state)?.teamMemberships).toEqual([
    { memberUserId: 'user-1', memberEmailAddress: 'ada@example.com', role: 0 },
  ]);
});

test('a rollback that arrives after a team switch leaves the new team alone', async () => {
  const store = await signedInStore();
  const held = heldAnswers('/teams/active/name');
  const rename = edit(store, 'teamName', 'Engines');
  await store.dispatch(userAndTeamApi.endpoints.createTeam.initiate({ teamName: 'Second team' }));
  await held.answer(0, 'fail');
  await rename;
  expect(selectActiveTeam(store.getState())?.teamName).toBe('Second team');
  expect(listedTeams(store).map((team) => team.teamName)).toEqual(['Analytical Engines', 'Second team']);
});

test('the team list shows a rename at once, and the old name again when it is refused', async () => {
  const store = await signedInStore();
  const held = heldAnswers('/teams/active/name');
  const rename = edit(store, 'teamName', 'Engines');
  expect(listedTeams(store)).toEqual([{ teamName: 'Engines', role: 0 }]);
  await held.answer(0, 'fail');
  await rename;
  expect(listedTeams(store)).toEqual([{ teamName: 'Analytical Engines', role: 0 }]);
});

test('a rename accepted after a team switch still names the team in the list', async () => {
  const store = await signedInStore();
  const held = heldAnswers('/teams/active/name');
  const rename = edit(store, 'teamName', 'Engines');
  // The switch's context was read before the rename was stored: it lists the old name.
  await store.dispatch(userAndTeamApi.endpoints.createTeam.initiate({ teamName: 'Second team' }));
  expect(listedTeams(store).map((team) => team.teamName)).toEqual(['Analytical Engines', 'Second team']);
  await held.answer(0, 'ok');
  await rename;
  expect(selectActiveTeam(store.getState())?.teamName).toBe('Second team');
  expect(listedTeams(store).map((team) => team.teamName)).toEqual(['Engines', 'Second team']);
});

test('a fresh read of the active team brings its name and the user’s role into the team list', async () => {
  const store = await signedInStore();
  // Another Admin renamed the team and made this user an Editor.
  mockBackend.context.activeTeam = {
    ...mockBackend.context.activeTeam,
    teamName: 'Engines',
    teamMemberships: [{ memberUserId: 'user-1', memberEmailAddress: 'ada@example.com', role: 1 }],
  };
  await store.dispatch(userAndTeamApi.endpoints.getActiveTeam.initiate(undefined, { forceRefetch: true }));
  expect(listedTeams(store)).toEqual([{ teamName: 'Engines', role: 1 }]);
});

test('the team list is the server’s, with each new context, and goes at sign-out', async () => {
  const store = await signedInStore();
  await store.dispatch(userAndTeamApi.endpoints.createTeam.initiate({ teamName: 'Second team' }));
  expect(listedTeams(store)).toEqual([
    { teamName: 'Analytical Engines', role: 0 },
    { teamName: 'Second team', role: 0 },
  ]);
  await store.dispatch(authApi.endpoints.signOut.initiate());
  expect(selectAvailableTeams(store.getState())).toEqual([]);
  await store.dispatch(authApi.endpoints.testAuthenticate.initiate({ emailAddress: 'grace@example.com' }));
  expect(listedTeams(store).map((team) => team.teamName)).toEqual(['Analytical Engines']);
});

test('the rollback state is in the store while an edit is on its way, and gone once it is answered', async () => {
  const store = await signedInStore();
  const held = heldAnswers('/teams/active/name');
  const request = edit(store, 'teamName', 'Engines');
  const teamId = selectActiveTeam(store.getState())!.id;
  expect(store.getState().teamEdits[`${teamId} teamName`]).toEqual({
    accepted: 'Analytical Engines',
    inFlight: [{ requestId: expect.any(String), value: 'Engines' }],
  });
  await held.answer(0, 'ok');
  await request;
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(store.getState().teamEdits).toEqual({});
});
