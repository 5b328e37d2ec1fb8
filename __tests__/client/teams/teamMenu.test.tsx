import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { selectActiveTeam, selectAvailableTeams } from '../../../src/client/features/teams/teamSlice';
import { server } from '../helpers/server';
import { heldAnswer } from '../helpers/heldAnswer';
import { mockBackend } from '../helpers/handlers/mockBackend';
import { failed, teamFixture, teamsBackend, withOtherTeams } from '../helpers/handlers/teams';
import { coreContextFixture } from '../helpers/fixtures';
import { renderApp, sessionState } from '../sites/renderApp';

const v1 = (path: string) => `${location.origin}/v1${path}`;

function signedIn(role = 0) {
  const context = coreContextFixture('ada@example.com');
  context.activeTeam.teamMemberships = [{ memberUserId: 'user-1', memberEmailAddress: 'ada@example.com', role }];
  context.availableTeams = [{ id: 'team-1', teamName: 'Analytical Engines', role }];
  mockBackend.signIn(context);
  return sessionState({ context, status: 'signedIn', lastAuthExtensionTimestamp: Date.now() });
}

/** Ada, an Admin of Analytical Engines, also in two other teams (an Editor of one). */
function signedInWithOtherTeams() {
  const context = withOtherTeams(coreContextFixture('ada@example.com'), [
    teamFixture('team-2', 'Difference Engines', 1),
    teamFixture('team-3', 'Babbage & Co', 0),
  ]);
  mockBackend.signIn(context);
  return sessionState({ context, status: 'signedIn', lastAuthExtensionTimestamp: Date.now() });
}

const teamNames = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitemradio')
    .map((item) => item.textContent?.slice(1));

// The app's top bar: the first banner (pages may have headers of their own), found with `hidden`
// because it is hidden from assistive technology while a dialog is open.
const banner = () => screen.getAllByRole('banner', { hidden: true })[0] as HTMLElement;
const menuButton = () => screen.getByRole('button', { name: /team menu/ });
// Pages load on demand: the first render may still be on its way.
const findMenuButton = () => screen.findByRole('button', { name: /team menu/ });

async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await findMenuButton());
  return screen.findByRole('menu');
}

test('the team menu lists the teams, offers members, rename and create; keyboard opens it', async () => {
  const user = userEvent.setup();
  renderApp('/', signedIn());
  expect(within(banner()).getByText('Analytical Engines')).toBeInTheDocument();
  (await findMenuButton()).focus();
  await user.keyboard('{Enter}');
  const menu = await screen.findByRole('menu');
  expect(within(menu).getByRole('menuitemradio', { name: /Analytical Engines/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  expect(within(menu).getByRole('menuitem', { name: 'Members' })).toBeInTheDocument();
  expect(within(menu).getByRole('menuitem', { name: 'Rename team…' })).toBeInTheDocument();
  expect(within(menu).getByRole('menuitem', { name: 'Create team…' })).toBeInTheDocument();
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  expect(menuButton()).toHaveFocus();
});

// The menu's code loads on first use: until then the trigger is a plain button that must behave like Radix's.
test('one click on the plain trigger opens the menu, with focus in it', async () => {
  const user = userEvent.setup();
  renderApp('/', signedIn());
  const trigger = await findMenuButton();
  expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
  expect(trigger).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  await user.click(trigger);
  const menu = await screen.findByRole('menu');
  await waitFor(() => expect(menu).toHaveFocus());
  expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  expect(menuButton()).toHaveFocus();
});

test.each([
  ['Enter', '{Enter}'],
  ['Space', ' '],
  ['ArrowDown', '{ArrowDown}'],
])('%s on the plain trigger opens the menu on its first item', async (_name, key) => {
  const user = userEvent.setup();
  renderApp('/', signedInWithOtherTeams());
  // The skip link, the home link, then the team menu.
  await user.tab();
  expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveFocus();
  await user.tab();
  await user.tab();
  expect(await findMenuButton()).toHaveFocus();
  await user.keyboard(key);
  const menu = await screen.findByRole('menu');
  const first = within(menu).getAllByRole('menuitemradio')[0];
  await waitFor(() => expect(first).toHaveFocus());
  expect(first).toHaveTextContent('Analytical Engines');
  // The keyboard goes on as in any Radix menu.
  await user.keyboard('{ArrowDown}');
  expect(within(menu).getByRole('menuitemradio', { name: /Babbage & Co/ })).toHaveFocus();
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  expect(menuButton()).toHaveFocus();
  // Opened again, now by Radix itself.
  await user.keyboard('{Enter}');
  await waitFor(() => expect(within(screen.getByRole('menu')).getAllByRole('menuitemradio')[0]).toHaveFocus());
});

test('after a fresh load the menu lists every team of the user, not only those seen in this session', async () => {
  const user = userEvent.setup();
  signedInWithOtherTeams();
  // A reload: the browser knows only that it had a session; the context comes from the server.
  renderApp('/', sessionState({ lastAuthExtensionTimestamp: Date.now() }));
  const menu = await openMenu(user);
  expect(teamNames(menu)).toEqual(['Analytical Engines', 'Babbage & Co', 'Difference Engines']);
  expect(within(menu).getByRole('menuitemradio', { name: /Analytical Engines/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
});

test('an Editor is not offered renaming the team', async () => {
  const user = userEvent.setup();
  renderApp('/', signedIn(1));
  const menu = await openMenu(user);
  expect(within(menu).queryByRole('menuitem', { name: 'Rename team…' })).not.toBeInTheDocument();
  expect(within(menu).getByRole('menuitem', { name: 'Create team…' })).toBeInTheDocument();
});

test('creating a team blocks the screen while pending, then shows the new team; both are in the menu', async () => {
  const user = userEvent.setup();
  const answer = heldAnswer();
  server.use(
    http.post(v1('/teams'), async () => {
      await answer.held;
    }),
  );
  const { store, router } = renderApp('/settings/members', signedIn());
  await user.click((await openMenu(user)) && screen.getByRole('menuitem', { name: 'Create team…' }));
  const dialog = screen.getByRole('dialog', { name: 'Create a team' });
  expect(within(dialog).getByRole('button', { name: 'Create team' })).toBeDisabled();
  await user.type(within(dialog).getByLabelText('Team name'), '  Difference Engines ');
  await user.click(within(dialog).getByRole('button', { name: 'Create team' }));

  expect(await screen.findByTestId('blocking-overlay')).toBeInTheDocument();
  answer.release();
  await waitFor(() => expect(screen.queryByTestId('blocking-overlay')).not.toBeInTheDocument());
  expect(within(banner()).getByText('Difference Engines')).toBeInTheDocument();
  expect(selectActiveTeam(store.getState())?.teamName).toBe('Difference Engines');
  await waitFor(() => expect(router.location.pathname).toBe('/'));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  const menu = await openMenu(user);
  expect(teamNames(menu)).toEqual(['Analytical Engines', 'Difference Engines']);
});

test('a refused team creation (not a quota) is said in the dialog', async () => {
  const user = userEvent.setup();
  server.use(http.post(v1('/teams'), () => failed('The team could not be saved.')));
  renderApp('/', signedIn());
  await user.click((await openMenu(user)) && screen.getByRole('menuitem', { name: 'Create team…' }));
  await user.type(screen.getByLabelText('Team name'), 'Second');
  await user.click(screen.getByRole('button', { name: 'Create team' }));
  const dialog = screen.getByRole('dialog', { name: 'Create a team' });
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('The team could not be saved.');
});

test('switching team blocks the screen while pending and loads the other team', async () => {
  const user = userEvent.setup();
  const answer = heldAnswer();
  server.use(
    http.put(v1('/users/active/active-team'), async () => {
      await answer.held;
    }),
  );
  const { store } = renderApp('/', signedInWithOtherTeams());
  const menu = await openMenu(user);
  await user.click(within(menu).getByRole('menuitemradio', { name: /Difference Engines/ }));
  expect(await screen.findByTestId('blocking-overlay')).toBeInTheDocument();
  answer.release();
  await waitFor(() => expect(within(banner()).getByText('Difference Engines')).toBeInTheDocument());
  await waitFor(() => expect(screen.queryByTestId('blocking-overlay')).not.toBeInTheDocument());
  expect(store.getState().coreContext.context?.userContext.activeProjectId).toBe('team-2-project');
  // An Editor there; every team is still offered.
  const again = await openMenu(user);
  expect(teamNames(again)).toEqual(['Analytical Engines', 'Babbage & Co', 'Difference Engines']);
  expect(within(again).getByRole('menuitemradio', { name: /Difference Engines/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  expect(within(again).queryByRole('menuitem', { name: 'Rename team…' })).not.toBeInTheDocument();
});

test('a failed switch clears the blocking flag, keeps the team and says why', async () => {
  const user = userEvent.setup();
  renderApp('/', signedInWithOtherTeams());
  server.use(http.put(v1('/users/active/active-team'), () => failed('Database unavailable')));

  await user.click(within(await openMenu(user)).getByRole('menuitemradio', { name: /Difference Engines/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Something went wrong' });
  expect(dialog).toHaveTextContent('The team could not be opened: Database unavailable');
  expect(screen.queryByTestId('blocking-overlay')).not.toBeInTheDocument();
  expect(within(banner()).getByText('Analytical Engines')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
  expect(teamNames(await openMenu(user))).toEqual(['Analytical Engines', 'Babbage & Co', 'Difference Engines']);
});

test('a team the user was removed from meanwhile is no longer offered once a switch to it fails', async () => {
  const user = userEvent.setup();
  renderApp('/', signedInWithOtherTeams());
  teamsBackend.otherTeams = teamsBackend.otherTeams.filter((team) => team.id !== 'team-2');

  await user.click(within(await openMenu(user)).getByRole('menuitemradio', { name: /Difference Engines/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Something went wrong' });
  expect(dialog).toHaveTextContent('The team could not be opened: Team not found');
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
  expect(teamNames(await openMenu(user))).toEqual(['Analytical Engines', 'Babbage & Co']);
});

test('renaming is optimistic: the new name shows before the server answers', async () => {
  const user = userEvent.setup();
  let answer: () => void = () => {};
  server.use(
    http.put(v1('/teams/active/name'), async () => {
      await new Promise<void>((resolve) => (answer = resolve));
    }),
  );
  const { store } = renderApp('/', signedIn());
  await user.click((await openMenu(user)) && screen.getByRole('menuitem', { name: 'Rename team…' }));
  const field = screen.getByLabelText('Team name');
  expect(field).toHaveValue('Analytical Engines');
  await user.clear(field);
  await user.type(field, 'Engines');
  await user.click(screen.getByRole('button', { name: 'Rename' }));

  expect(within(banner()).getByText('Engines')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.queryByTestId('blocking-overlay')).not.toBeInTheDocument();
  // The team's entry in the menu shows the new name too.
  expect(teamNames(await openMenu(user))).toEqual(['Engines']);
  await user.keyboard('{Escape}');
  answer();
  await waitFor(() => expect(mockBackend.context.activeTeam.teamName).toBe('Engines'));
  expect(selectActiveTeam(store.getState())?.teamName).toBe('Engines');
  await waitFor(() => expect(document.title).toBe('Engines · Baton'));
});

test('a refused rename puts the old name back and reopens the dialog with the reason', async () => {
  const user = userEvent.setup();
  const answer = heldAnswer();
  server.use(
    http.put(v1('/teams/active/name'), async () => {
      await answer.held;
      return HttpResponse.json(
        { result: 'Unauthorized', message: 'Only an Admin of this team can do this.' },
        { status: 403 },
      );
    }),
  );
  const { store } = renderApp('/', signedIn());
  await user.click((await openMenu(user)) && screen.getByRole('menuitem', { name: 'Rename team…' }));
  await user.clear(screen.getByLabelText('Team name'));
  await user.type(screen.getByLabelText('Team name'), 'Engines');
  await user.click(screen.getByRole('button', { name: 'Rename' }));
  expect(within(banner()).getByText('Engines')).toBeInTheDocument();
  answer.release();

  const dialog = await screen.findByRole('dialog', { name: 'Rename team' });
  expect(within(dialog).getByRole('alert')).toHaveTextContent(
    'The team was not renamed: Only an Admin of this team can do this.',
  );
  expect(within(dialog).getByLabelText('Team name')).toHaveValue('Engines');
  expect(within(banner()).getByText('Analytical Engines')).toBeInTheDocument();
  expect(selectActiveTeam(store.getState())?.teamName).toBe('Analytical Engines');
  expect(selectAvailableTeams(store.getState()).map((team) => team.teamName)).toEqual(['Analytical Engines']);
});
