import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockBackend } from '../helpers/handlers/mockBackend';
import { mcpBackend } from '../helpers/handlers/mcp';
import { coreContextFixture } from '../helpers/fixtures';
import { renderApp, sessionState } from '../sites/renderApp';
import { leavePage } from '../../../src/client/app/leavePage';

jest.mock('../../../src/client/app/leavePage', () => ({
  leavePage: jest.fn(),
}));

function signedIn() {
  const context = coreContextFixture('ada@example.com');
  mockBackend.signIn(context);
  return sessionState({ context, status: 'signedIn', lastAuthExtensionTimestamp: Date.now() });
}

const consentPath = '/oauth2/consent/interaction-1?client_id=client-1';

describe('the OAuth consent screen (/oauth2/consent/:interactionId)', () => {
  beforeEach(() => {
    mcpBackend.client = {
      clientId: 'client-1',
      name: 'Claude Code',
      host: 'localhost:33418',
      logoUri: null,
      requestedScopes: ['items:read', 'items:write'],
      approvedBefore: false,
      teamName: 'Acme',
    };
  });

  test('says who asks for what, and approves only the ticked scopes', async () => {
    const user = userEvent.setup();
    renderApp(consentPath, signedIn());
    const heading = await screen.findByRole('heading', { name: 'Claude Code wants to use Baton as you' });
    const card = heading.closest('section')!;
    expect(card).toHaveTextContent('It asks to reach the team Acme');
    expect(card).toHaveTextContent('Baton will send the approval to localhost:33418');
    expect(document.title).toBe('Connect an MCP client · Baton');

    await user.click(within(card).getByRole('checkbox', { name: /Change items/ }));
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(leavePage).toHaveBeenCalledWith('/oauth/authorize/interaction-1'));
    expect(mcpBackend.consents).toEqual([{ interactionId: 'interaction-1', approve: true, scopes: ['items:read'] }]);
  });

  test('declines; approving needs at least one scope', async () => {
    const user = userEvent.setup();
    renderApp(consentPath, signedIn());
    await screen.findByRole('heading', { name: /wants to use Baton as you/ });
    await user.click(screen.getByRole('checkbox', { name: /Read items/ }));
    await user.click(screen.getByRole('checkbox', { name: /Change items/ }));
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(mcpBackend.consents).toEqual([{ interactionId: 'interaction-1', approve: false, scopes: [] }]),
    );
  });

  test('an expired or unknown request says so and offers nothing to approve', async () => {
    mcpBackend.client = null;
    renderApp(consentPath, signedIn());
    expect(await screen.findByRole('heading', { name: 'This request cannot be answered' })).toBeInTheDocument();
    expect(screen.getByText(/unknown or has expired/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  test('a link opened in another browser says so, offers nothing to approve, and keeps the member signed in', async () => {
    mcpBackend.otherBrowser = true;
    renderApp(consentPath, signedIn());
    expect(await screen.findByRole('heading', { name: 'This request cannot be answered' })).toBeInTheDocument();
    expect(screen.getByText(/not started in this browser/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /sign in with/i })).not.toBeInTheDocument();
  });
});

describe('connected clients in Settings → MCP', () => {
  test('lists them with their last use and disconnects one', async () => {
    mcpBackend.connections = [
      {
        id: 'grant-1',
        clientId: 'client-1',
        clientName: 'Cursor',
        host: 'localhost:33418',
        scopes: ['items:read'],
        connectedAt: '2026-11-24T10:00:00.000Z',
        lastUsedAt: null,
      },
    ];
    const user = userEvent.setup();
    renderApp('/settings/mcp', signedIn());
    const row = await screen.findByRole('listitem', { name: 'Cursor' });
    expect(row).toHaveTextContent('localhost:33418 · Read items · connected');
    expect(row).toHaveTextContent('never used');
    await user.click(within(row).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Cursor' })).not.toBeInTheDocument());
    expect(screen.getByText(/None yet/)).toBeInTheDocument();
  });
});
