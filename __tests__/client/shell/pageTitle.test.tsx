import { act, screen, waitFor } from '@testing-library/react';
import { mockBackend } from '../helpers/handlers/mockBackend';
import { coreContextFixture } from '../helpers/fixtures';
import { renderApp, sessionState } from '../sites/renderApp';

test('leaving a page for the board names the team again, not the page left', async () => {
  const context = coreContextFixture('ada@example.com');
  context.activeTeam.teamMemberships[0]!.role = 1;
  mockBackend.signIn(context);
  const { router } = renderApp(
    '/settings/members',
    sessionState({ context, status: 'signedIn', lastAuthExtensionTimestamp: Date.now() }),
  );
  await screen.findByRole('heading', { name: 'Members', level: 1 });
  await waitFor(() => expect(document.title).toBe('Members · Baton'));
  act(() => void router.navigate('/'));
  await waitFor(() => expect(document.title).toBe(`${context.activeTeam.teamName} · Baton`));
});
