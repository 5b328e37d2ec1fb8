import { fireEvent, screen, within } from '@testing-library/react';
import { render } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { server } from '../helpers/server';
import MainContentSite from '../../../src/client/sites/main-content/MainContentSite';
import { defaultSiteConfig } from '../../../src/shared/siteKind';
import { assessmentQuestions } from '../../../src/shared/assessment/questionnaire';
import { firstOptions, scoringHandler } from './assessmentFixtures';
import { answerEveryQuestion } from './answerEveryQuestion';

const renderAt = (pathname: string) => render(<MainContentSite config={defaultSiteConfig} pathname={pathname} />);

// Whole pages of 21 questions, loaded on demand: slow on a busy machine.
jest.setTimeout(20_000);

describe('the assessment on the content site (/about/assessment, no sign-in)', () => {
  test('asks every question of the shared questionnaire, then shows the scores the server answered', async () => {
    const bodies: unknown[] = [];
    server.use(scoringHandler(bodies));
    renderAt('/about/assessment');

    expect(await screen.findAllByRole('radiogroup')).toHaveLength(assessmentQuestions.length);
    expect(screen.getByRole('group', { name: 'Continuous integration' })).toBeInTheDocument();
    // Submitting early asks for the rest and calls nothing.
    fireEvent.click(screen.getByRole('button', { name: 'See my scores' }));
    expect(screen.getByRole('alert')).toHaveTextContent(`${assessmentQuestions.length} are left`);
    expect(bodies).toEqual([]);

    answerEveryQuestion();
    expect(screen.getByText(`21 of 21 answered`)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'See my scores' }));

    expect(await screen.findByRole('heading', { name: 'Your team is Starting' })).toBeInTheDocument();
    expect(bodies).toEqual([{ answers: firstOptions }]);
    expect(screen.getByText('53')).toBeInTheDocument();
    const scores = screen.getByRole('list', { name: 'Scores by dimension' });
    expect(
      within(scores)
        .getAllByRole('meter')
        .map((meter) => meter.getAttribute('aria-valuenow')),
    ).toEqual(['58', '92', '75', '27', '33', '33', '50']);
    expect(screen.getByRole('list', { name: 'Next steps for Documentation' })).toHaveTextContent(
      'Write a README that takes a newcomer to green.',
    );
    expect(screen.queryByRole('list', { name: 'Next steps for Code review' })).not.toBeInTheDocument();
    expect(screen.getByText(/To reach Practising/)).toHaveTextContent(
      'Documentation +13, Issue quality +7, Agent use +7',
    );
    expect(screen.getByRole('link', { name: 'How this is scored' })).toHaveAttribute('href', '/about/docs/assessment');

    // Changing answers keeps the ones given.
    fireEvent.click(screen.getByRole('button', { name: 'Change answers' }));
    expect(screen.getByText('21 of 21 answered')).toBeInTheDocument();
  });

  test("shows the server's message when scoring is refused", async () => {
    server.use(
      scoringHandler([], () =>
        HttpResponse.json(
          { result: 'Failed', message: 'Too many requests; try again in 40 seconds.' },
          { status: 429 },
        ),
      ),
    );
    renderAt('/about/assessment');
    await screen.findAllByRole('radiogroup');
    answerEveryQuestion();
    fireEvent.click(screen.getByRole('button', { name: 'See my scores' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests; try again in 40 seconds.');
    expect(screen.getByRole('button', { name: 'See my scores' })).toBeEnabled();
  });
});
