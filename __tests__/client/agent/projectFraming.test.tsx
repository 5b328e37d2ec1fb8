import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockBackend } from '../helpers/handlers/mockBackend';
import { agentBackend } from '../helpers/handlers/agent';
import { coreContextFixture } from '../helpers/fixtures';
import { renderApp, sessionState } from '../sites/renderApp';
import { quotaMessages } from '../../../src/shared/quota';

function signedIn() {
  const context = coreContextFixture('ada@example.com');
  mockBackend.signIn(context);
  return sessionState({ context, status: 'signedIn', lastAuthExtensionTimestamp: Date.now() });
}

const questionsDraft = {
  step: 'MotivatingQuestions',
  inputModel: { description: 'Meal planning for busy parents' },
  content: {
    motivatingQuestions: {
      questions: [
        { id: 'audience', question: 'Who is it for?' },
        { id: 'problem', question: 'What problem do they have?' },
      ],
    },
  },
};

describe('project framing (/flows/frame-project)', () => {
  test('runs from the description to a saved plan, then shows it on the project overview', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/flows/frame-project', signedIn());
    expect(await screen.findByRole('heading', { name: 'What is this project?' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Project description'), 'Meal planning for busy parents');
    await user.click(screen.getByRole('button', { name: 'Next: questions' }));

    // The drafter's questions, answered.
    const first = await screen.findByLabelText(/Who is this for/);
    expect(screen.getByText(/Drafted by Baton's built-in drafter \(no AI\)/)).toBeInTheDocument();
    await user.type(first, 'Parents of young children');
    await user.click(screen.getByRole('button', { name: 'Next: draft the story' }));

    const story = await screen.findByLabelText('Story (markdown)');
    // The story places the answer mid-sentence: "For parents of young children."
    expect((story as HTMLTextAreaElement).value).toContain('parents of young children');
    await user.type(story, '\n\nEdited by hand.');
    await user.click(screen.getByRole('button', { name: 'Next: draft the plan' }));

    const plan = await screen.findByLabelText('Plan (markdown)');
    expect((plan as HTMLTextAreaElement).value.length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Save the plan' }));

    await waitFor(() => expect(router.location.pathname).toBe('/project'));
    expect(await screen.findByText(/Edited by hand\./)).toBeInTheDocument();
    expect(agentBackend.draft('product-story').content).toMatchObject({
      story: { story: expect.stringContaining('Edited by hand.') },
    });
    expect(agentBackend.draft('project-plan').content.plan).toEqual(
      expect.objectContaining({ plan: expect.any(String) }),
    );
    expect(agentBackend.generations.map((g) => `${g.contextId}/${g.body.contentId}`)).toEqual([
      'product-story/motivatingQuestions',
      'product-story/story',
      'project-plan/plan',
    ]);
  });

  test('resumes at the stored step with the stored answers, and Back goes to the step before', async () => {
    agentBackend.store('product-story', {
      ...questionsDraft,
      inputModel: {
        ...questionsDraft.inputModel,
        answers: [{ questionId: 'audience', question: 'Who is it for?', answer: 'Parents' }],
      },
    });
    const user = userEvent.setup();
    renderApp('/flows/frame-project', signedIn());
    expect(await screen.findByLabelText('Who is it for?')).toHaveValue('Parents');
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Questions');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText('Project description')).toHaveValue('Meal planning for busy parents');
    expect(agentBackend.draft('product-story').step).toBe('ProjectDescription');
  });

  test('answers typed but not submitted are saved to the draft on leaving the page, and are there on return', async () => {
    agentBackend.store('product-story', questionsDraft);
    const user = userEvent.setup();
    const { router, unmount } = renderApp('/flows/frame-project', signedIn());
    await user.type(await screen.findByLabelText('Who is it for?'), 'Parents of toddlers');
    // Closing or reloading the tab asks first.
    const closing = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(closing);
    expect(closing.defaultPrevented).toBe(true);

    await act(() => router.navigate('/'));
    await waitFor(() =>
      expect(agentBackend.draft('product-story').inputModel).toMatchObject({
        answers: expect.arrayContaining([expect.objectContaining({ answer: 'Parents of toddlers' })]),
      }),
    );
    expect(agentBackend.draft('product-story').step).toBe('MotivatingQuestions');
    unmount();
    renderApp('/flows/frame-project', signedIn());
    expect(await screen.findByLabelText('Who is it for?')).toHaveValue('Parents of toddlers');
  });

  test('a failed save is shown, and the draft stays where it was', async () => {
    agentBackend.store('product-story', questionsDraft);
    agentBackend.failNextPut = true;
    const user = userEvent.setup();
    renderApp('/flows/frame-project', signedIn());
    await screen.findByLabelText('Who is it for?');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    // Rolled back: still on the questions, as stored.
    expect(screen.getByLabelText('Who is it for?')).toBeInTheDocument();
    expect(agentBackend.draft('product-story').step).toBe('MotivatingQuestions');
  });

  test('a failed generation is shown, counts nothing and loses no answer', async () => {
    agentBackend.store('product-story', questionsDraft);
    agentBackend.failNextGenerate = true;
    const user = userEvent.setup();
    renderApp('/flows/frame-project', signedIn());
    await user.type(await screen.findByLabelText('Who is it for?'), 'Parents');
    await user.click(screen.getByRole('button', { name: 'Next: draft the story' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nothing was counted');
    expect(screen.getByLabelText('Who is it for?')).toHaveValue('Parents');
    expect(agentBackend.draft('product-story').inputModel).toMatchObject({
      answers: expect.arrayContaining([expect.objectContaining({ answer: 'Parents' })]),
    });
  });

  test('a plan that names no work shows no milestones yet, and one can be added, removed and saved', async () => {
    // A story of who and why, no board: the drafter finds no demo or piece of work to make a milestone of.
    agentBackend.store('product-story', {
      ...questionsDraft,
      step: 'Refine',
      content: { ...questionsDraft.content, story: { story: 'Meal planning for busy parents.' } },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/flows/frame-project', signedIn());
    await user.click(await screen.findByRole('button', { name: 'Next: draft the plan' }));
    await screen.findByLabelText('Plan (markdown)');
    const milestones = screen.getByRole('group', { name: 'Milestones' });
    expect(within(milestones).getByText(/No milestones yet: add one/)).toBeInTheDocument();
    expect(within(milestones).queryByRole('list')).not.toBeInTheDocument();

    await user.click(within(milestones).getByRole('button', { name: 'Add a milestone' }));
    const title = within(milestones).getByLabelText('Milestone 1');
    expect(title).toHaveFocus();
    expect(within(milestones).queryByText(/No milestones yet/)).not.toBeInTheDocument();
    await user.click(within(milestones).getByRole('button', { name: 'Remove milestone 1' }));
    expect(within(milestones).getByText(/No milestones yet: add one/)).toBeInTheDocument();

    await user.click(within(milestones).getByRole('button', { name: 'Add a milestone' }));
    await user.clear(within(milestones).getByLabelText('Milestone 1'));
    await user.type(within(milestones).getByLabelText('Milestone 1'), 'First family plans a week');
    await user.click(screen.getByRole('button', { name: 'Save the plan' }));
    await waitFor(() => expect(router.location.pathname).toBe('/project'));
    expect(agentBackend.draft('project-plan').content.plan).toMatchObject({
      milestones: [{ title: 'First family plans a week', description: '' }],
    });
    expect(await screen.findByRole('list', { name: 'Milestones' })).toHaveTextContent('First family plans a week');
  });

  test("past the monthly quota, a provider's generation sends the user to the agent settings", async () => {
    agentBackend.store('product-story', questionsDraft);
    agentBackend.actionsLeft = 0;
    agentBackend.provider = { ...agentBackend.provider, provider: 'openai-compatible', draftedBy: 'ai' };
    const user = userEvent.setup();
    const { router } = renderApp('/flows/frame-project', signedIn());
    await user.click(await screen.findByRole('button', { name: 'Next: draft the story' }));
    await waitFor(() =>
      expect(`${router.location.pathname}${router.location.search}`).toBe('/settings/account?feature=agent'),
    );
    expect(await screen.findByTestId('quota-error')).toHaveTextContent(quotaMessages['agent-actions']);
  });
});

describe('progress while a part is drafted', () => {
  test('shows the draft growing as the server streams it, then the finished part', async () => {
    let release: () => void = () => undefined;
    agentBackend.streamGate = new Promise<void>((resolve) => (release = resolve));
    agentBackend.store('product-story', {
      ...questionsDraft,
      inputModel: { description: 'Meal planning for busy parents, every week of the year' },
    });
    const user = userEvent.setup();
    renderApp('/flows/frame-project', signedIn());
    await user.click(await screen.findByRole('button', { name: 'Next: draft the story' }));
    const preview = await screen.findByTestId('generation-preview');
    // The first half of the story, as the fake server streams it.
    expect(preview.textContent).toBe('Meal planning for busy pare');
    expect(screen.getByRole('button', { name: 'Next: draft the story' })).toBeDisabled();
    release();
    // The field fills from the stored draft in an effect after the step shows: wait for the value itself.
    await waitFor(() =>
      expect(screen.getByLabelText('Story (markdown)')).toHaveValue(
        'Meal planning for busy parents, every week of the year',
      ),
    );
    expect(screen.queryByTestId('generation-preview')).not.toBeInTheDocument();
  });
});
