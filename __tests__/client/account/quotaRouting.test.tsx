import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { projectsApi } from '../../../src/client/api/projects';
import { quotaErrorRaised, selectActiveQuotaError } from '../../../src/client/features/quota/quotaErrorSlice';
import { quotaMessages } from '../../../src/shared/quota';
import { server } from '../helpers/server';
import { mockBackend } from '../helpers/handlers/mockBackend';
import { quotaLimit, teamsBackend } from '../helpers/handlers/teams';
import { coreContextFixture } from '../helpers/fixtures';
import { renderApp, sessionState } from '../sites/renderApp';

const v1 = (path: string) => `${location.origin}/v1${path}`;

function signedIn() {
  const context = coreContextFixture('ada@example.com');
  mockBackend.signIn(context);
  return sessionState({ context, status: 'signedIn', lastAuthExtensionTimestamp: Date.now() });
}

/**
 * What RTK Query dispatches when agent generation (an endpoint of a later release) answers QuotaLimit;
 * its own type prefix keeps the api middleware, which knows no such endpoint yet, out of it.
 */
const agentGenerationRefused = (quotaKind: string) => ({
  type: 'agent/executeMutation/rejected',
  payload: { status: 500, data: { result: 'QuotaLimit', message: 'x', data: { quotaKind } } },
  meta: {
    arg: { type: 'mutation', endpointName: 'generateAgentContent' },
    rejectedWithValue: true,
    requestStatus: 'rejected',
    requestId: 'agent-1',
  },
  error: { message: 'Rejected' },
});

type Rendered = ReturnType<typeof renderApp>;

async function createTeamThroughTheMenu() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /team menu/ }));
  await user.click(await screen.findByRole('menuitem', { name: 'Create team…' }));
  await user.type(screen.getByLabelText('Team name'), 'Second team');
  await user.click(screen.getByRole('button', { name: 'Create team' }));
}

async function inviteThroughTheMembersPage({ router }: Rendered) {
  const user = userEvent.setup();
  await act(() => router.navigate('/settings/members'));
  await user.type(await screen.findByLabelText('E-mail address'), 'grace@example.com');
  await user.click(screen.getByRole('button', { name: 'Invite' }));
}

async function createProject({ store }: Rendered) {
  await act(() => store.dispatch(projectsApi.endpoints.createProject.initiate({ description: 'Launch' })));
}

async function expectSettingsPage({ router }: Rendered, search: string, message: string, highlighted?: string) {
  await waitFor(() =>
    expect(`${router.location.pathname}${router.location.search}`).toBe(`/settings/account${search}`),
  );
  expect(await screen.findByTestId('quota-error')).toHaveTextContent(message);
  await screen.findByRole('heading', { name: 'Usage' });
  const marked = () => [...document.querySelectorAll('[data-highlighted]')].map((element) => element.id);
  await waitFor(() => expect(marked()).toEqual(highlighted ? [`feature-${highlighted}`] : []));
}

describe('a quota error takes the user to the account settings page (spec §2 table, §8 messages)', () => {
  test('owned-team → teams, from creating a team in the team menu', async () => {
    teamsBackend.ownedTeamsLeft = 0;
    const view = renderApp('/', signedIn());
    await createTeamThroughTheMenu();
    await expectSettingsPage(view, '?feature=teams', quotaMessages['owned-team'], 'teams');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('total-teams → teams, from creating a team', async () => {
    server.use(http.post(v1('/teams'), () => quotaLimit('total-teams')));
    const view = renderApp('/', signedIn());
    await createTeamThroughTheMenu();
    await expectSettingsPage(view, '?feature=teams', quotaMessages['total-teams'], 'teams');
  });

  test('team-members → users, from inviting on the members page', async () => {
    teamsBackend.seatsLeft = 0;
    const view = renderApp('/', signedIn());
    await inviteThroughTheMembersPage(view);
    await expectSettingsPage(view, '?feature=users', quotaMessages['team-members'], 'users');
  });

  test('projects → projects, from project creation', async () => {
    server.use(http.post(v1('/teams/active/projects'), () => quotaLimit('projects')));
    const view = renderApp('/', signedIn());
    await createProject(view);
    await expectSettingsPage(view, '?feature=projects', quotaMessages.projects, 'projects');
  });

  test('number-of-projects (the spec table’s name) → projects', async () => {
    server.use(http.post(v1('/teams/active/projects'), () => quotaLimit('number-of-projects')));
    const view = renderApp('/', signedIn());
    await createProject(view);
    await waitFor(() => expect(view.router.location.search).toBe('?feature=projects'));
    expect(await screen.findByTestId('quota-error')).toBeInTheDocument();
  });

  test('project-items → project-items, raised by the client before creating an item', async () => {
    const view = renderApp('/', signedIn());
    act(() => {
      view.store.dispatch(quotaErrorRaised('project-items'));
    });
    await expectSettingsPage(view, '?feature=project-items', quotaMessages['project-items'], 'project-items');
  });

  test('agent-actions → agent, from agent generation', async () => {
    const view = renderApp('/', signedIn());
    act(() => {
      view.store.dispatch(agentGenerationRefused('agent-actions'));
    });
    await expectSettingsPage(view, '?feature=agent', quotaMessages['agent-actions'], 'agent');
  });

  test('an unknown kind → the plain settings page, with the unknown message', async () => {
    server.use(http.post(v1('/teams'), () => quotaLimit('spaceships')));
    const view = renderApp('/', signedIn());
    await createTeamThroughTheMenu();
    await expectSettingsPage(view, '', quotaMessages.unknown);
  });
});

describe('only one quota error is active at a time', () => {
  test('a second limit hit while one is active changes nothing; after dismissing, the next one routes', async () => {
    const user = userEvent.setup();
    teamsBackend.ownedTeamsLeft = 0;
    server.use(http.post(v1('/teams/active/projects'), () => quotaLimit('projects')));
    const view = renderApp('/', signedIn());
    await createTeamThroughTheMenu();
    await expectSettingsPage(view, '?feature=teams', quotaMessages['owned-team'], 'teams');

    await createProject(view);
    expect(selectActiveQuotaError(view.store.getState())?.quotaKind).toBe('owned-team');
    expect(view.router.location.search).toBe('?feature=teams');
    expect(screen.getByTestId('quota-error')).toHaveTextContent(quotaMessages['owned-team']);

    await user.click(within(screen.getByTestId('quota-error')).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('quota-error')).not.toBeInTheDocument();
    expect(selectActiveQuotaError(view.store.getState())).toBeNull();

    await createProject(view);
    await expectSettingsPage(view, '?feature=projects', quotaMessages.projects, 'projects');
  });

  test('leaving the settings page dismisses the error, so the next limit is routed again', async () => {
    const user = userEvent.setup();
    teamsBackend.ownedTeamsLeft = 0;
    const view = renderApp('/', signedIn());
    await createTeamThroughTheMenu();
    await expectSettingsPage(view, '?feature=teams', quotaMessages['owned-team'], 'teams');

    await user.click(screen.getByRole('link', { name: 'Baton home' }));
    await waitFor(() => expect(selectActiveQuotaError(view.store.getState())).toBeNull());
    expect(view.router.location.pathname).toBe('/');

    await createTeamThroughTheMenu();
    await expectSettingsPage(view, '?feature=teams', quotaMessages['owned-team'], 'teams');
  });
});
