import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockBackend } from '../helpers/handlers/mockBackend';
import { agentBackend } from '../helpers/handlers/agent';
import { planBackend } from '../helpers/handlers/planBackend';
import { coreContextFixture } from '../helpers/fixtures';
import { renderApp, sessionState } from '../sites/renderApp';

function signedIn(completedSteps: string[] = [], dismissed = false) {
  const context = coreContextFixture('ada@example.com');
  context.activeTeam.firstRunExperienceState = { dismissed, completedSteps };
  mockBackend.signIn(context);
  // The store freezes what it is given: the backend keeps its own copy.
  return sessionState({
    context: structuredClone(context),
    status: 'signedIn',
    lastAuthExtensionTimestamp: Date.now(),
  });
}

const firstRun = () => mockBackend.context.activeTeam.firstRunExperienceState;

describe('the guided project (/welcome), a new team’s first run', () => {
  test('walks from naming the project to items on the board, recording each step', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/welcome', signedIn());

    const name = await screen.findByLabelText('Project name');
    await user.clear(name);
    await user.type(name, 'Meal planner');
    await user.type(screen.getByLabelText('What is it?'), 'Weekly meal plans for busy parents');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await user.click(await screen.findByRole('button', { name: 'Draft a story' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Story (markdown)')).toHaveValue('Weekly meal plans for busy parents'),
    );
    expect(screen.getByText(/Drafted by Baton's built-in drafter \(no AI\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    await user.click(await screen.findByRole('button', { name: 'Next: demos' }));
    await user.type(await screen.findByLabelText('Your demos'), 'Plan a week\nShare the list');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByLabelText('Item 2')).toHaveValue('Share the list');
    await user.click(screen.getByRole('button', { name: 'Add 2 to the board' }));

    // Nothing to add: the step is skipped.
    await user.click(await screen.findByRole('button', { name: 'Skip' }));
    await screen.findByLabelText('Your go-to-market items');
    await user.click(screen.getByRole('button', { name: 'Skip' }));

    expect(await screen.findByText(/2 items are on the board/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to the board' }));
    await waitFor(() => expect(router.location.pathname).toBe('/'));

    expect(firstRun()).toEqual({
      dismissed: true,
      completedSteps: [
        'ConfigureProject',
        'FrameProject',
        'AboutProjectItems',
        'AddDemos',
        'AddImplementations',
        'AddGoToMarketItems',
        'WrapUp',
      ],
    });
    expect(planBackend.log).toContain('bulk-create 2');
    expect(planBackend.items.map((item) => [item.itemType, item.description])).toEqual([
      [1, 'Plan a week'],
      [1, 'Share the list'],
    ]);
    expect(mockBackend.context.availableProjects[0]).toMatchObject({ description: 'Meal planner' });
    expect(agentBackend.draft('product-story').content).toEqual({
      story: { story: 'Weekly meal plans for busy parents' },
    });
  });

  test('resumes at the first step not yet done', async () => {
    renderApp('/welcome', signedIn(['ConfigureProject', 'FrameProject', 'AboutProjectItems']));
    expect(await screen.findByLabelText('Your demos')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Demos');
  });

  test('the board offers the tour to a new team, and Skip dismisses it for good', async () => {
    const user = userEvent.setup();
    renderApp('/', signedIn());
    const banner = await screen.findByRole('complementary', { name: 'Getting started' });
    expect(banner).toHaveTextContent('New here?');
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await waitFor(() =>
      expect(screen.queryByRole('complementary', { name: 'Getting started' })).not.toBeInTheDocument(),
    );
    expect(firstRun()).toEqual({ dismissed: true, completedSteps: [] });
  });

  test('a dismissed or finished tour is not offered', async () => {
    renderApp('/', signedIn([], true));
    await screen.findByRole('main');
    expect(screen.queryByRole('complementary', { name: 'Getting started' })).not.toBeInTheDocument();
  });
});
