import { screen, within } from '@testing-library/react';
import { mockBackend } from '../helpers/handlers/mockBackend';
import { agentBackend } from '../helpers/handlers/agent';
import { coreContextFixture } from '../helpers/fixtures';
import { renderApp, sessionState } from '../sites/renderApp';

function signedIn(role: 0 | 1 = 0) {
  const context = coreContextFixture('ada@example.com');
  context.activeTeam.teamMemberships[0]!.role = role;
  mockBackend.signIn(context);
  return sessionState({ context, status: 'signedIn', lastAuthExtensionTimestamp: Date.now() });
}

describe('AI settings (/settings/ai)', () => {
  test('shows an Admin the built-in drafter and this month’s agent actions', async () => {
    renderApp('/settings/ai', signedIn());
    expect(await screen.findByTestId('ai-provider')).toHaveTextContent('Built-in drafter (no AI)');
    expect(screen.getByText(/built-in drafter \(no AI\) works from your own words/)).toBeInTheDocument();
    expect(await screen.findByRole('meter', { name: 'Agent actions' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Settings' });
    expect(within(nav).getByRole('link', { name: 'AI' })).toHaveAttribute('aria-current', 'page');
  });

  test('shows the configured provider and model, never a key', async () => {
    agentBackend.provider = {
      provider: 'openai-compatible',
      draftedBy: 'ai',
      model: 'llama3.2',
      baseUrl: 'http://127.0.0.1:11434/v1',
      timeoutSeconds: 60,
    };
    renderApp('/settings/ai', signedIn());
    expect(await screen.findByTestId('ai-provider')).toHaveTextContent('OpenAI-compatible server');
    expect(screen.getByText('llama3.2')).toBeInTheDocument();
    expect(screen.getByText('http://127.0.0.1:11434/v1')).toBeInTheDocument();
    expect(screen.getByText('60 s per generation')).toBeInTheDocument();
  });

  test('an Editor is told it is for Admins, and sees no AI tab', async () => {
    renderApp('/settings/ai', signedIn(1));
    expect(await screen.findByText('Only an Admin of this team can see the AI settings.')).toBeInTheDocument();
    expect(screen.queryByTestId('ai-provider')).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Settings' });
    expect(within(nav).queryByRole('link', { name: 'AI' })).not.toBeInTheDocument();
  });
});
