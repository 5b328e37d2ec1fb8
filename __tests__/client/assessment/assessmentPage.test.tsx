import { fireEvent, screen, within } from '@testing-library/react';
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
    expect(screen.getByRole('status')).toHaveTextContent(/Saved to/);
  });
});
