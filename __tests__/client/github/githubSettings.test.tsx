import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockBackend } from '../helpers/handlers/mockBackend';
import { githubBackend } from '../helpers/handlers/github';
import { coreContextFixture } from '../helpers/fixtures';
import { renderApp, sessionState } from '../sites/renderApp';
import { leavePage } from '../../../src/client/app/leavePage';

jest.mock('../../../src/client/app/leavePage', () => ({ leavePage: jest.fn() }));

function signedIn(role: 0 | 1 = 0, testCommand: string | null = null) {
  const context = coreContextFixture('ada@example.com');
  context.activeTeam.teamMemberships[0]!.role = role;
  context.activeTeam.testCommand = testCommand;
  mockBackend.signIn(context);
  return sessionState({ context, status: 'signedIn', lastAuthExtensionTimestamp: Date.now() });
}

describe('GitHub settings (/settings/github)', () => {
  test('a team not connected yet is offered the install; nothing is ready', async () => {
    const user = userEvent.setup();
    renderApp('/settings/github', signedIn());
    const connect = await screen.findByRole('button', { name: 'Connect GitHub' });
    expect(screen.getByText(/Install Baton.s GitHub app \(baton-test\)/)).toBeInTheDocument();
    const claude = screen.getByRole('listitem', { name: 'Claude Code' });
    expect(within(claude).getByText('Not ready')).toBeInTheDocument();
    expect(within(claude).getByText(/Connect GitHub\./)).toBeInTheDocument();
    await user.click(connect);
    await waitFor(() => expect(githubBackend.calls).toContain('start'));
    expect(leavePage).toHaveBeenCalledWith(
      `https://github.example/apps/baton-test/installations/new?state=${githubBackend.state}`,
    );
    const nav = screen.getByRole('navigation', { name: 'Settings' });
    expect(within(nav).getByRole('link', { name: 'GitHub' })).toHaveAttribute('aria-current', 'page');
  });

  test('back from GitHub, the callback is finished once and the code leaves the address bar', async () => {
    const { router } = renderApp(
      '/settings/github?installation_id=777&setup_action=install&state=signed-state&code=oauth-code',
      signedIn(),
    );
    expect(await screen.findByTestId('github-account')).toHaveTextContent('acme (organisation)');
    expect(githubBackend.calls.filter((call) => call.startsWith('install'))).toEqual([
      'install 777 signed-state oauth-code',
    ]);
    expect(router.location.search).toBe('');
  });

  test('a refused callback says why and connects nothing', async () => {
    renderApp('/settings/github?installation_id=777&state=stale&code=c', signedIn());
    expect(await screen.findByRole('alert')).toHaveTextContent(/expired or was started by someone else/);
    expect(screen.getByRole('button', { name: 'Connect GitHub' })).toBeInTheDocument();
    expect(githubBackend.connected).toBe(false);
  });

  test('a callback without a code explains the app setting it needs', async () => {
    renderApp('/settings/github?installation_id=777&setup_action=install&state=signed-state', signedIn());
    expect(await screen.findByRole('alert')).toHaveTextContent(/request user authorization during installation/);
    expect(githubBackend.calls.some((call) => call.startsWith('install'))).toBe(false);
  });

  test('chooses the repository and base branch; Claude Code becomes ready', async () => {
    githubBackend.connected = true;
    const user = userEvent.setup();
    renderApp('/settings/github', signedIn());
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Repository' }), 'acme/docs');
    expect(screen.getByLabelText('Base branch')).toHaveAttribute('placeholder', 'trunk');
    await user.type(screen.getByLabelText('Base branch'), 'release');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(githubBackend.calls).toContain('repository acme/docs release'));
    expect(await within(screen.getByRole('listitem', { name: 'Claude Code' })).findByText('Ready')).toBeInTheDocument();
    // Saved: nothing left to save.
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(within(screen.getByRole('listitem', { name: 'Copilot' })).getByText('Not ready')).toBeInTheDocument();
    // What Baton cannot check for Cursor is said, not promised.
    expect(
      within(screen.getByRole('listitem', { name: 'Cursor' })).getByText(/Baton cannot see Cursor's side/),
    ).toBeInTheDocument();
  });

  test("an Admin sets the team's test command; shell syntax is refused before it is sent", async () => {
    const user = userEvent.setup();
    const { store } = renderApp('/settings/github', signedIn());
    const card = within(await screen.findByRole('region', { name: 'Test command' }));
    const field = card.getByLabelText('Command');
    const save = card.getByRole('button', { name: 'Save command' });
    expect(save).toBeDisabled();
    await user.type(field, 'npm test; curl evil.example');
    expect(card.getByText(/No shell syntax/)).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(field);
    await user.type(field, 'npm run test:ci');
    await user.click(save);
    await waitFor(() => expect(mockBackend.context?.activeTeam.testCommand).toBe('npm run test:ci'));
    expect(store.getState().team.active?.testCommand).toBe('npm run test:ci');
    expect(save).toBeDisabled();
    // Emptied: back to the usual runners.
    await user.clear(field);
    await user.click(save);
    await waitFor(() => expect(mockBackend.context?.activeTeam.testCommand).toBeNull());
  });

  test("an Editor reads the team's test command and cannot change it", async () => {
    renderApp('/settings/github', signedIn(1, 'make check'));
    expect(await screen.findByTestId('test-command')).toHaveTextContent('make check Only an Admin');
    expect(screen.queryByLabelText('Command')).not.toBeInTheDocument();
  });

  test('says how to turn it on when this Baton has no GitHub App', async () => {
    githubBackend.configured = false;
    renderApp('/settings/github', signedIn());
    expect(await screen.findByRole('heading', { name: 'Not set up on this Baton' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect GitHub' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'how to set up GitHub' })).toHaveAttribute('href', '/about/docs/handoff');
  });

  test('an Editor is told the connection is for Admins, and may connect their own GitHub account', async () => {
    const user = userEvent.setup();
    renderApp('/settings/github', signedIn(1));
    expect(await screen.findByText('Only an Admin of this team can connect GitHub.')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Settings' });
    expect(within(nav).getByRole('link', { name: 'GitHub' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).queryByRole('link', { name: 'AI' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect GitHub' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Connect your GitHub account' }));
    await waitFor(() => expect(githubBackend.calls).toEqual(['user status', 'authorize']));
    expect(leavePage).toHaveBeenCalledWith(`https://github.example/login/oauth/authorize?state=${githubBackend.state}`);
  });

  test('back from authorizing the app, the member is connected as their GitHub user and can disconnect', async () => {
    githubBackend.connected = true;
    githubBackend.repository = 'acme/shop';
    const user = userEvent.setup();
    const { router } = renderApp('/settings/github?code=user-code&state=signed-state', signedIn(1));
    expect(await screen.findByTestId('github-user')).toHaveTextContent('octocat');
    expect(githubBackend.calls.filter((call) => call.startsWith('authorized'))).toEqual([
      'authorized signed-state user-code',
    ]);
    expect(router.location.search).toBe('');
    const copilot = screen.getByRole('listitem', { name: 'Copilot' });
    expect(within(copilot).getByText('Ready')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByRole('button', { name: 'Connect your GitHub account' })).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Copilot' })).getByText('Not ready')).toBeInTheDocument();
  });

  test('a refused authorization says why', async () => {
    renderApp('/settings/github?code=user-code&state=stale', signedIn());
    expect(await screen.findByRole('alert')).toHaveTextContent(/authorization link has expired/);
    expect(githubBackend.userLogin).toBeNull();
  });
});
