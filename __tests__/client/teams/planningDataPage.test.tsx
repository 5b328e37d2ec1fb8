import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../helpers/server';
import { mockBackend } from '../helpers/handlers/mockBackend';
import { teamAsSeenBy } from '../helpers/handlers/teams';
import { coreContextFixture } from '../helpers/fixtures';
import { renderApp, sessionState } from '../sites/renderApp';
import type { ActiveTeam } from '../../../src/shared/contract/userAndTeam';

const v1 = (path: string) => `${location.origin}/v1${path}`;

/** Ada, Admin (0) or Editor (1) of a team whose planning data the server holds as given. */
function signedIn(role: 0 | 1, team: Partial<ActiveTeam> = {}) {
  const context = coreContextFixture('ada@example.com');
  context.activeTeam = { ...context.activeTeam, ...team };
  context.activeTeam.teamMemberships = [{ memberUserId: 'user-1', memberEmailAddress: 'ada@example.com', role }];
  context.availableTeams = [{ id: 'team-1', teamName: 'Analytical Engines', role }];
  mockBackend.signIn(structuredClone(context));
  context.activeTeam = teamAsSeenBy(context.activeTeam, 'user-1');
  return sessionState({ context, status: 'signedIn', lastAuthExtensionTimestamp: Date.now() });
}

/** What the server stores: every PUT of a planning field, as sent. */
function recordPuts() {
  const puts: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (request.method === 'PUT' && /go-to-market-plan|global-team-data/.test(request.url)) {
      puts.push(await request.clone().json());
    }
  });
  return puts;
}

const section = (name: string) => screen.getByRole('region', { name });
const serverTeam = () => mockBackend.context.activeTeam;

afterEach(() => server.events.removeAllListeners());

test('an Admin adds, edits and removes entries and saves them as an edit of the version they opened', async () => {
  const user = userEvent.setup();
  const puts = recordPuts();
  renderApp(
    '/settings/planning',
    signedIn(0, { goToMarketPlan: { launch: 'March', channels: ['blog', 'newsletter'] } }),
  );
  expect(await screen.findByRole('heading', { name: 'Planning data', level: 1 })).toBeInTheDocument();
  const plan = section('Go-to-market plan');
  expect(within(plan).getByRole('textbox', { name: 'Value (JSON)' })).toHaveValue('[\n  "blog",\n  "newsletter"\n]');
  expect(within(plan).getByRole('button', { name: 'Save' })).toBeDisabled();

  await user.click(within(plan).getByRole('button', { name: 'Add entry' }));
  const names = within(plan).getAllByRole('textbox', { name: 'Name' });
  expect(names[2]).toHaveFocus();
  await user.type(names[2]!, 'audience');
  await user.type(within(plan).getAllByRole('textbox', { name: 'Value' })[1]!, 'Teams of 5–50');
  await user.click(within(plan).getByRole('button', { name: 'Remove launch' }));
  expect(within(plan).getByRole('button', { name: 'Add entry' })).toHaveFocus();
  await user.click(within(plan).getByRole('button', { name: 'Save' }));

  const saved = { channels: ['blog', 'newsletter'], audience: 'Teams of 5–50' };
  await waitFor(() => expect(serverTeam().goToMarketPlan).toEqual(saved));
  expect(puts).toEqual([{ goToMarketPlan: saved, version: 1 }]);
  expect(serverTeam().planningDataVersion).toBe(2);
  await waitFor(() => expect(within(plan).getByRole('button', { name: 'Save' })).toBeDisabled());
  expect(within(plan).queryByRole('textbox', { name: 'Value' })).toHaveValue('Teams of 5–50');
});

test('refuses entries it cannot save, naming the problem, and sends nothing', async () => {
  const user = userEvent.setup();
  const puts = recordPuts();
  renderApp('/settings/planning', signedIn(0, { globalTeamData: { glossary: { MVP: 'smallest useful' } } }));
  const data = await screen.findByRole('region', { name: 'Global team data' });
  const json = within(data).getByRole('textbox', { name: 'Value (JSON)' });
  await user.type(json, ',');
  await user.click(within(data).getByRole('button', { name: 'Save' }));
  expect(within(data).getByRole('alert')).toHaveTextContent('The value of “glossary” is not valid JSON.');

  await user.click(within(data).getByRole('button', { name: 'Discard changes' }));
  await user.click(within(data).getByRole('button', { name: 'Add entry' }));
  await user.click(within(data).getByRole('button', { name: 'Save' }));
  expect(within(data).getByRole('alert')).toHaveTextContent('Entry 2 needs a name.');

  await user.type(within(data).getAllByRole('textbox', { name: 'Name' })[1]!, 'notes');
  await user.click(within(data).getByRole('textbox', { name: 'Value' }));
  await user.paste('x'.repeat(70_000));
  await user.click(within(data).getByRole('button', { name: 'Save' }));
  expect(within(data).getByRole('alert')).toHaveTextContent(
    /The global team data is 70,0\d\d bytes as JSON; at most 65,536\./,
  );
  expect(puts).toEqual([]);
});

test('someone else changed the same field: theirs is shown, mine kept, and the Admin chooses', async () => {
  const user = userEvent.setup();
  renderApp('/settings/planning', signedIn(0, { goToMarketPlan: { launch: 'March' } }));
  const plan = await screen.findByRole('region', { name: 'Go-to-market plan' });
  // Meanwhile another Admin moved the launch (the server is at version 2).
  mockBackend.context.activeTeam = {
    ...serverTeam(),
    goToMarketPlan: { launch: 'April' },
    planningDataVersion: 2,
  };
  const value = within(plan).getByRole('textbox', { name: 'Value' });
  await user.clear(value);
  await user.type(value, 'May');
  await user.click(within(plan).getByRole('button', { name: 'Save' }));

  expect(await within(plan).findByText(/Someone else changed the go-to-market plan/)).toBeInTheDocument();
  expect(within(within(plan).getByRole('region', { name: 'Your version' })).getByText('May')).toBeInTheDocument();
  expect(within(within(plan).getByRole('region', { name: 'Their version' })).getByText('April')).toBeInTheDocument();
  expect(within(plan).getByRole('textbox', { name: 'Value' })).toHaveValue('April');
  expect(serverTeam().goToMarketPlan).toEqual({ launch: 'April' });

  await user.click(within(plan).getByRole('button', { name: 'Save mine instead' }));
  await waitFor(() => expect(serverTeam().goToMarketPlan).toEqual({ launch: 'May' }));
  expect(serverTeam().planningDataVersion).toBe(3);
  await waitFor(() => expect(within(plan).queryByRole('region', { name: 'Your version' })).toBeNull());
  expect(within(plan).getByRole('textbox', { name: 'Value' })).toHaveValue('May');
  expect(within(plan).getByRole('heading', { name: 'Go-to-market plan' })).toHaveFocus();
});

test('a change to the other field meanwhile is no conflict: the edit is sent again on top of it', async () => {
  const user = userEvent.setup();
  renderApp('/settings/planning', signedIn(0, { goToMarketPlan: { launch: 'March' } }));
  const plan = await screen.findByRole('region', { name: 'Go-to-market plan' });
  mockBackend.context.activeTeam = { ...serverTeam(), globalTeamData: { tone: 'calm' }, planningDataVersion: 2 };
  const value = within(plan).getByRole('textbox', { name: 'Value' });
  await user.clear(value);
  await user.type(value, 'May');
  await user.click(within(plan).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(serverTeam().goToMarketPlan).toEqual({ launch: 'May' }));
  expect(serverTeam()).toMatchObject({ globalTeamData: { tone: 'calm' }, planningDataVersion: 3 });
  expect(within(plan).queryByRole('region', { name: 'Your version' })).toBeNull();
});

test('a failed save puts the value back and keeps what the Admin typed', async () => {
  const user = userEvent.setup();
  server.use(
    http.put(v1('/teams/active/global-team-data'), () =>
      HttpResponse.json({ result: 'Failed', message: 'Database unavailable' }, { status: 500 }),
    ),
  );
  renderApp('/settings/planning', signedIn(0, { globalTeamData: { tone: 'calm' } }));
  const data = await screen.findByRole('region', { name: 'Global team data' });
  await user.type(within(data).getByRole('textbox', { name: 'Value' }), ' and kind');
  await user.click(within(data).getByRole('button', { name: 'Save' }));
  expect(await within(data).findByRole('alert')).toHaveTextContent(
    'Couldn’t save the global team data: Database unavailable',
  );
  expect(within(data).getByRole('textbox', { name: 'Value' })).toHaveValue('calm and kind');
  expect(serverTeam().globalTeamData).toEqual({ tone: 'calm' });
});

test('an Editor reads the planning data and has nothing to edit', async () => {
  renderApp(
    '/settings/planning',
    signedIn(1, { goToMarketPlan: { launch: 'March' }, globalTeamData: { links: { docs: 'https://example.com' } } }),
  );
  expect(await screen.findByText(/Admins change the planning data; you can read it/)).toBeInTheDocument();
  const plan = section('Go-to-market plan');
  expect(within(plan).getByText('launch')).toBeInTheDocument();
  expect(within(plan).getByText('March')).toBeInTheDocument();
  expect(within(section('Global team data')).getByText(/"docs": "https:\/\/example.com"/)).toBeInTheDocument();
  expect(screen.queryByRole('textbox')).toBeNull();
  expect(screen.queryByRole('button', { name: /Save|Add entry/ })).toBeNull();
});

test('is reachable from the settings tabs', async () => {
  const user = userEvent.setup();
  renderApp('/settings/members', signedIn(1));
  await user.click(await screen.findByRole('link', { name: 'Planning' }));
  expect(await screen.findByRole('heading', { name: 'Planning data', level: 1 })).toBeInTheDocument();
});
