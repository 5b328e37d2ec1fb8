import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import MainContentSite from '../../../src/client/sites/main-content/MainContentSite';
import { defaultSiteConfig } from '../../../src/shared/siteKind';
import { mockBackend } from '../helpers/handlers/mockBackend';
import { server } from '../helpers/server';
import { coreContextFixture } from '../helpers/fixtures';
import { renderApp, sessionState } from '../sites/renderApp';
import type { SavedAssessment } from '../../../src/shared/contract/benchmark';
import { firstOptions, savedHandlers, scoringHandler } from './assessmentFixtures';
import { answerEveryQuestion } from './answerEveryQuestion';

function signedIn() {
  const context = coreContextFixture('ada@example.com');
  mockBackend.signIn(context);
  return {
    teamName: context.activeTeam.teamName,
    state: sessionState({ context, status: 'signedIn', lastAuthExtensionTimestamp: Date.now() }),
  };
}

// Whole pages of 21 questions, loaded on demand: slow on a busy machine.
jest.setTimeout(20_000);

describe('the assessment in the app (/assessment)', () => {
  test('scores the answers, saves the result to the team and lists it', async () => {
    const scored: unknown[] = [];
    const savedBodies: unknown[] = [];
    const saved: SavedAssessment[] = [];
    server.use(scoringHandler(scored), ...savedHandlers(saved, savedBodies));
    const { teamName, state } = signedIn();
    renderApp('/assessment', state);

    // The page is a lazily loaded chunk: give it time on a busy machine.
    expect(await screen.findByText(/None yet/, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Assessment' })).toHaveAttribute('href', '/assessment');
    answerEveryQuestion();
    fireEvent.click(screen.getByRole('button', { name: 'See my scores' }));
    expect(await screen.findByRole('heading', { name: 'Your team is Starting' })).toBeInTheDocument();
    expect(scored).toEqual([{ answers: firstOptions }]);
    expect(savedBodies).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: `Save to ${teamName}` }));
    expect(await screen.findByText(`Saved to ${teamName}.`)).toBeInTheDocument();
    // The note that replaced the Save button holds the focus, not <body>.
    await waitFor(() => expect(screen.getByText(`Saved to ${teamName}.`)).toHaveFocus());
    expect(savedBodies).toEqual([{ answers: firstOptions }]);
    const history = screen.getByRole('region', { name: 'Saved results of this team' });
    expect(await within(history).findByText('53 / 100')).toBeInTheDocument();
    expect(within(history).getByText('Starting')).toBeInTheDocument();
  });

  test("opens one of the team's saved results", async () => {
    const saved: SavedAssessment[] = [];
    server.use(...savedHandlers(saved, []));
    saved.push({
      id: 'earlier',
      dateCreated: '2026-11-20T09:00:00.000Z',
      answers: firstOptions,
      result: (await import('./assessmentFixtures')).resultFixture,
    });
    renderApp('/assessment', signedIn().state);
    fireEvent.click(await screen.findByRole('button', { name: /Open the result of/ }, { timeout: 5000 }));
    expect(await screen.findByRole('heading', { name: 'Your team is Starting' })).toBeInTheDocument();
    expect(screen.getByText(/Saved to/).closest('[role="status"]')).toHaveTextContent(/Saved to/);
  });
});

describe('answers brought from the public assessment through sign-in', () => {
  test('are scored on arrival, ready to save to the team, and kept no longer', async () => {
    const scored: unknown[] = [];
    const savedBodies: unknown[] = [];
    server.use(scoringHandler(scored), ...savedHandlers([], savedBodies));
    // The visitor answered every question on the content site, then chose "Sign in to save results".
    const content = render(<MainContentSite config={defaultSiteConfig} pathname="/about/assessment" />);
    await screen.findAllByRole('radiogroup');
    answerEveryQuestion();
    fireEvent.click(screen.getByRole('button', { name: 'See my scores' }));
    const signInLink = await screen.findByRole('link', { name: 'Sign in to Baton to save results to your team' });
    expect(signInLink).toHaveAttribute('href', '/assessment');
    // jsdom cannot load the app's page: the test renders it next.
    signInLink.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(signInLink);
    content.unmount();

    const { teamName, state } = signedIn();
    renderApp('/assessment', state);
    expect(
      await screen.findByRole('heading', { name: 'Your team is Starting' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(scored.at(-1)).toEqual({ answers: firstOptions });
    fireEvent.click(screen.getByRole('button', { name: `Save to ${teamName}` }));
    expect(await screen.findByText(`Saved to ${teamName}.`)).toBeInTheDocument();
    expect(savedBodies).toEqual([{ answers: firstOptions }]);
    expect(sessionStorage.getItem('baton-assessment-answers')).toBeNull();
  });
});
