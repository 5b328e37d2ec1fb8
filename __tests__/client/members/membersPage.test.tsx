import type { CoreApplicationContext } from '../../../src/shared/contract/userAndTeam';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../helpers/server';
import { mockBackend } from '../helpers/handlers/mockBackend';
import { userAndTeamApi } from '../../../src/client/api/userAndTeam';
import { failed, teamAsSeenBy } from '../helpers/handlers/teams';
import { coreContextFixture, openInviteFixture } from '../helpers/fixtures';
import { renderApp, sessionState } from '../sites/renderApp';

const v1 = (path: string) => `${location.origin}/v1${path}`;

/** The app's top bar (the first banner: pages may have headers of their own). */
const topBar = () => screen.getAllByRole('banner', { hidden: true })[0] as HTMLElement;

/**
 * Ada (user-1) with Grace and Linus in her team, and an open invite for Margaret (made before this
 * session); Ada's role is the one given. The session holds the context as the server shows it to her.
 */
function signedIn(role: 0 | 1 = 0, adjust?: (context: CoreApplicationContext) => void) {
  const context = coreContextFixture('ada@example.com');
  context.activeTeam.teamMemberships = [
    { memberUserId: 'user-1', memberEmailAddress: 'ada@example.com', role },
    { memberUserId: 'user-2', memberEmailAddress: 'grace@example.com', role: 0 },
    { memberUserId: 'user-3', memberEmailAddress: 'linus@example.com', role: 1 },
  ];
  context.availableTeams = [{ id: 'team-1', teamName: 'Analytical Engines', role }];
  context.activeTeam.invitedTeamMembers = [openInviteFixture('margaret@example.com', 'margaret-code', 1)];
  adjust?.(context);
  mockBackend.signIn(structuredClone(context));
  context.activeTeam = teamAsSeenBy(context.activeTeam, 'user-1');
  return sessionState({ context, status: 'signedIn', lastAuthExtensionTimestamp: Date.now() });
}

/** As `signedIn`, after a reload: the browser knows only that it had a session, the rest comes from the server. */
function reloaded(role: 0 | 1 = 0) {
  signedIn(role);
  return sessionState({ lastAuthExtensionTimestamp: Date.now() });
}

function stubClipboard() {
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

const memberList = () => screen.getByRole('list', { name: /^Members/ });
const inviteList = () => screen.getByRole('list', { name: /^Open invites/ });
const row = (list: HTMLElement, emailAddress: string) => within(list).getByRole('listitem', { name: emailAddress });

test('lists the members with their roles and the open invites', async () => {
  renderApp('/settings/members', signedIn());
  expect(await screen.findByRole('heading', { name: 'Members', level: 1 })).toBeInTheDocument();
  expect(
    within(memberList())
      .getAllByRole('listitem')
      .map((item) => item.getAttribute('aria-label')),
  ).toEqual(['ada@example.com', 'grace@example.com', 'linus@example.com']);
  expect(within(row(memberList(), 'ada@example.com')).getByText('You')).toBeInTheDocument();
  expect(
    within(row(memberList(), 'linus@example.com')).getByRole('combobox', { name: 'Role of linus@example.com' }),
  ).toHaveValue('1');
  expect(within(inviteList()).getByRole('listitem', { name: 'margaret@example.com' })).toHaveTextContent(
    'Editor · expires Dec 6, 2026',
  );
  expect(await screen.findByText(/1 of 3 seats in use/)).toBeInTheDocument();
});

test('after a reload an Admin copies the link of, and revokes, an invite made before', async () => {
  const user = userEvent.setup();
  const writeText = stubClipboard();
  const revocations: unknown[] = [];
  server.use(
    http.delete(v1('/teams/active/members/invites'), async ({ request }) => {
      revocations.push(await request.clone().json());
    }),
  );
  renderApp('/settings/members', reloaded());
  const invite = await screen.findByRole('listitem', { name: 'margaret@example.com' });
  expect(invite).toHaveTextContent('Editor · expires Dec 6, 2026');
  await user.click(within(invite).getByRole('button', { name: 'Copy link' }));
  expect(writeText).toHaveBeenCalledWith(`${location.origin}/join?invite=margaret-code`);
  expect(await within(invite).findByRole('button', { name: 'Copied' })).toBeInTheDocument();

  await user.click(within(invite).getByRole('button', { name: 'Revoke the invite of margaret@example.com' }));
  expect(await screen.findByText(/^No open invites\./)).toBeInTheDocument();
  expect(screen.queryByRole('listitem', { name: 'margaret@example.com' })).not.toBeInTheDocument();
  expect(revocations).toEqual([
    { inviteReference: { inviteCode: 'margaret-code', emailAddress: 'margaret@example.com' } },
  ]);
  expect(mockBackend.context.activeTeam.invitedTeamMembers).toEqual([]);
});

test('an Editor sees the open invites, but no codes: nothing to copy or revoke', async () => {
  const { store } = renderApp('/settings/members', reloaded(1));
  const invite = await screen.findByRole('listitem', { name: 'margaret@example.com' });
  // Wait for the page's own read of the team, so both the context and the fresh team are checked.
  await waitFor(() => expect(userAndTeamApi.endpoints.getActiveTeam.select()(store.getState()).isSuccess).toBe(true));
  expect(invite).toHaveTextContent('Invited');
  expect(within(invite).queryAllByRole('button')).toEqual([]);
  expect(screen.queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();
  expect(document.body.innerHTML).not.toContain('margaret-code');
  expect(JSON.stringify(store.getState())).not.toContain('margaret-code');
});

test('an Admin changes a role; the list shows the server’s answer', async () => {
  const user = userEvent.setup();
  renderApp('/settings/members', signedIn());
  const select = await screen.findByRole('combobox', { name: 'Role of linus@example.com' });
  await user.selectOptions(select, 'Admin');
  await waitFor(() => expect(mockBackend.context.activeTeam.teamMemberships[2]?.role).toBe(0));
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role of linus@example.com' })).toHaveValue('0'));
});

test('a refused role change is said and the role stays', async () => {
  const user = userEvent.setup();
  server.use(
    http.put(v1('/teams/active/members/:userId/role'), () =>
      HttpResponse.json(
        { result: 'InvalidRequest', message: 'A team needs at least one Admin. Make another member Admin first.' },
        { status: 409 },
      ),
    ),
  );
  renderApp('/settings/members', signedIn());
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Role of grace@example.com' }), 'Editor');
  expect(await screen.findByRole('alert')).toHaveTextContent('A team needs at least one Admin');
  expect(screen.getByRole('combobox', { name: 'Role of grace@example.com' })).toHaveValue('0');
});

test('an Admin removes a member after confirming', async () => {
  const user = userEvent.setup();
  renderApp('/settings/members', signedIn());
  await user.click(await screen.findByRole('button', { name: 'Remove linus@example.com' }));
  const dialog = screen.getByRole('dialog', { name: 'Remove this member?' });
  expect(dialog).toHaveTextContent('linus@example.com loses access to Analytical Engines');
  await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
  await waitFor(() =>
    expect(within(memberList()).queryByRole('listitem', { name: 'linus@example.com' })).not.toBeInTheDocument(),
  );
});

test('inviting by e-mail gives a link to copy, and the invite can be revoked', async () => {
  const user = userEvent.setup();
  const writeText = stubClipboard();
  const revocations: unknown[] = [];
  server.use(
    http.delete(v1('/teams/active/members/invites'), async ({ request }) => {
      revocations.push(await request.clone().json());
    }),
  );
  renderApp('/settings/members', signedIn());
  await user.type(await screen.findByLabelText('E-mail address'), 'barbara@example.com');
  await user.selectOptions(screen.getByLabelText('Role'), 'Admin');
  await user.click(screen.getByRole('button', { name: 'Invite' }));

  const link = await screen.findByLabelText(/Invite link for barbara@example.com as Admin/);
  expect(link).toHaveValue(`${location.origin}/join?invite=invite-code-1`);
  expect(screen.getByLabelText('E-mail address')).toHaveValue('');
  await user.click(screen.getAllByRole('button', { name: 'Copy link' })[0] as HTMLElement);
  expect(writeText).toHaveBeenCalledWith(`${location.origin}/join?invite=invite-code-1`);
  expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();

  const invite = await within(inviteList()).findByRole('listitem', { name: 'barbara@example.com' });
  expect(invite).toHaveTextContent('Admin · expires Dec 6, 2026');
  await user.click(within(invite).getByRole('button', { name: 'Revoke the invite of barbara@example.com' }));
  await waitFor(() =>
    expect(within(inviteList()).queryByRole('listitem', { name: 'barbara@example.com' })).not.toBeInTheDocument(),
  );
  expect(revocations).toEqual([
    { inviteReference: { inviteCode: 'invite-code-1', emailAddress: 'barbara@example.com' } },
  ]);
  expect(screen.queryByLabelText(/Invite link for barbara/)).not.toBeInTheDocument();
});

test('a refused invite is said', async () => {
  const user = userEvent.setup();
  server.use(
    http.post(v1('/teams/active/members'), () =>
      HttpResponse.json(
        { result: 'InvalidRequest', message: 'grace@example.com is already a member of this team.' },
        { status: 400 },
      ),
    ),
  );
  renderApp('/settings/members', signedIn());
  await user.type(await screen.findByLabelText('E-mail address'), 'grace@example.com');
  await user.click(screen.getByRole('button', { name: 'Invite' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('grace@example.com is already a member of this team.');
  expect(screen.getByLabelText('E-mail address')).toHaveValue('grace@example.com');
});

test('an Editor is not offered what only an Admin may do', async () => {
  renderApp('/settings/members', signedIn(1));
  expect(await screen.findByText(/You are an Editor of Analytical Engines/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Invite' })).not.toBeInTheDocument();
  expect(screen.queryByLabelText('E-mail address')).not.toBeInTheDocument();
  expect(screen.queryAllByRole('combobox')).toEqual([]);
  expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Revoke/ })).not.toBeInTheDocument();
  expect(within(row(memberList(), 'grace@example.com')).getByText('Admin')).toBeInTheDocument();
  expect(within(row(memberList(), 'linus@example.com')).getByText('Editor')).toBeInTheDocument();
  // Leaving is anyone's.
  expect(within(row(memberList(), 'ada@example.com')).getByRole('button', { name: 'Leave team' })).toBeInTheDocument();
});

test('an Admin who demotes themself stops being offered Admin actions', async () => {
  const user = userEvent.setup();
  renderApp('/settings/members', signedIn());
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Role of ada@example.com' }), 'Editor');
  expect(await screen.findByText(/You are an Editor of Analytical Engines/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Invite' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Revoke/ })).not.toBeInTheDocument();
});

test('the last Admin can neither be demoted nor leave', async () => {
  const context = signedIn(0, ({ activeTeam }) => {
    activeTeam.teamMemberships = activeTeam.teamMemberships.filter((member) => member.memberUserId !== 'user-2');
  });
  renderApp('/settings/members', context);
  expect(await screen.findByRole('combobox', { name: 'Role of ada@example.com' })).toBeDisabled();
  expect(screen.queryByRole('button', { name: 'Leave team' })).not.toBeInTheDocument();
});

test('leaving the team asks first, then lands in another team', async () => {
  const user = userEvent.setup();
  const { router } = renderApp('/settings/members', signedIn(1));
  await user.click(await screen.findByRole('button', { name: 'Leave team' }));
  await user.click(
    within(screen.getByRole('dialog', { name: 'Leave Analytical Engines?' })).getByRole('button', {
      name: 'Leave team',
    }),
  );
  await waitFor(() => expect(router.location.pathname).toBe('/'));
  await waitFor(() => expect(within(topBar()).getByText('Personal')).toBeInTheDocument());
  // The team left is no longer offered in the team menu.
  await user.click(screen.getByRole('button', { name: /team menu/ }));
  expect(
    within(await screen.findByRole('menu'))
      .getAllByRole('menuitemradio')
      .map((item) => item.textContent),
  ).toEqual(['PPersonal']);
});

test('a page that cannot reach the server still shows the team it knows', async () => {
  server.use(http.get(v1('/teams/active'), () => failed()));
  renderApp('/settings/members', signedIn());
  expect(await screen.findByRole('listitem', { name: 'grace@example.com' })).toBeInTheDocument();
});
