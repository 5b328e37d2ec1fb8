import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockBackend } from '../helpers/handlers/mockBackend';
import { mcpBackend } from '../helpers/handlers/mcp';
import { coreContextFixture } from '../helpers/fixtures';
import { renderApp, sessionState } from '../sites/renderApp';

function signedIn() {
  const context = coreContextFixture('ada@example.com');
  context.activeTeam.teamMemberships[0]!.role = 1;
  mockBackend.signIn(context);
  return sessionState({ context, status: 'signedIn', lastAuthExtensionTimestamp: Date.now() });
}

describe('MCP settings (/settings/mcp)', () => {
  test('makes a personal token, shows it once, lists it and revokes it', async () => {
    mcpBackend.tokens = [
      {
        id: 'item-token',
        kind: 'item',
        name: 'Terminal hand-off of AE-12',
        itemExternalId: 'AE-12',
        scopes: ['items:read', 'items:write'],
        createdAt: '2026-11-24T10:00:00.000Z',
        expiresAt: '2026-11-25T10:00:00.000Z',
        lastUsedAt: '2026-11-24T11:00:00.000Z',
      },
    ];
    const user = userEvent.setup();
    renderApp('/settings/mcp', signedIn());
    const itemToken = await screen.findByRole('listitem', { name: 'Terminal hand-off of AE-12' });
    expect(itemToken).toHaveTextContent("Reads the team's items; records progress and the pull request of AE-12 only");
    expect(itemToken).toHaveTextContent('last used');
    expect(document.title).toBe('MCP · Baton');

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Laptop');
    expect(screen.getByRole('checkbox', { name: 'Read items' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Read items' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Change items' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Expires after' }), '90 days');
    await user.click(screen.getByRole('button', { name: 'Make token' }));

    expect(await screen.findByTestId('mcp-new-token')).toHaveTextContent('baton_mcp_secret1');
    const laptop = await screen.findByRole('listitem', { name: 'Laptop' });
    expect(laptop).toHaveTextContent('Read items, Change items');
    expect(laptop).toHaveTextContent('never used');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('mcp-new-token')).not.toBeInTheDocument();

    await user.click(within(itemToken).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Terminal hand-off of AE-12' })).not.toBeInTheDocument(),
    );
    expect(mcpBackend.tokens.map((token) => token.name)).toEqual(['Laptop']);
  });
});
