import { http, HttpResponse } from 'msw';
import { server } from '../helpers/server';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Scope } from '../../../src/shared/enums';
import { planBackend, unscheduled, weekBucket } from '../helpers/handlers/planBackend';
import { mockBackend } from '../helpers/handlers/mockBackend';
import { timeframeLabel, weekIndexOfDay } from '../../../src/shared/timeframes';
import { todayIndex } from '../../../src/client/features/board/boardColumns';
import { fakeLayout, renderBoard } from './boardTestUtils';

fakeLayout();

const column = (name: RegExp | string) => screen.getByRole('region', { name });
const inScopeUnscheduled = () => column('Unscheduled, in scope');
const titles = (region: HTMLElement) =>
  within(region)
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('[data-card-focus] > span')?.textContent);
const announcer = () => screen.getByTestId('board-announcer');
const serverOrder = (bucket = unscheduled()) =>
  planBackend.bucketItems('project-1', bucket).map((item) => item.description);

function seedThree() {
  planBackend.seed([
    { id: 'a', description: 'Alpha' },
    { id: 'b', description: 'Beta' },
    { id: 'c', description: 'Gamma' },
  ]);
}

describe('keyboard', () => {
  it('Alt+↓ and Alt+↑ move a card within its bucket, say so, and keep focus on it', async () => {
    const user = userEvent.setup();
    seedThree();
    const { idle } = renderBoard();
    const alpha = await screen.findByRole('button', { name: 'Alpha' });
    alpha.focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    const bucket = inScopeUnscheduled();
    expect(titles(bucket)).toEqual(['Beta', 'Alpha', 'Gamma']);
    await waitFor(() =>
      expect(announcer()).toHaveTextContent('Moved AE-1 to position 2 of 3 in Unscheduled, in scope.'),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Alpha' })).toHaveFocus());
    await act(idle);
    expect(serverOrder()).toEqual(['Beta', 'Alpha', 'Gamma']);
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(() => expect(announcer()).toHaveTextContent('AE-1 is already first in Unscheduled, in scope.'));
    await act(idle);
    expect(serverOrder()).toEqual(['Alpha', 'Beta', 'Gamma']);
  });

  it('Alt+← moves a card to the previous bucket (earlier in the plan: its start)', async () => {
    const user = userEvent.setup();
    const week = weekIndexOfDay(todayIndex());
    planBackend.seed([
      { id: 'w', description: 'Weekly', bucket: weekBucket(week + 2) },
      { id: 'u', description: 'Someday' },
    ]);
    const { idle } = renderBoard();
    (await screen.findByRole('button', { name: 'Someday' })).focus();
    await user.keyboard('{Alt>}{ArrowLeft}{/Alt}');
    // The column before Unscheduled (no milestones) is the week two weeks out.
    const weekColumn = column(new RegExp(`^${timeframeLabel({ span: 1, index: week + 2 })}, in scope$`));
    expect(titles(weekColumn)).toEqual(['Someday', 'Weekly']);
    await act(idle);
    expect(serverOrder(weekBucket(week + 2))).toEqual(['Someday', 'Weekly']);
  });

  it('arrows move focus between cards and columns; X completes; Enter opens the item', async () => {
    const user = userEvent.setup();
    seedThree();
    planBackend.seed([{ id: 'o', description: 'Outside', bucket: unscheduled(Scope.OutOfScope) }]);
    const { idle } = renderBoard();
    (await screen.findByRole('button', { name: 'Alpha' })).focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Beta' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Gamma' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Outside' })).toHaveFocus());
    await user.keyboard('x');
    expect(screen.getByRole('button', { name: 'Mark incomplete: AE-4' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(announcer()).toHaveTextContent('AE-4 marked complete.'));
    await act(idle);
    expect(planBackend.items.find((item) => item.id === 'o')?.completionDate).toEqual(expect.any(String));
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Outside' })).toBeInTheDocument();
  });
});

describe('quick-add', () => {
  it('adds an item of the chosen kind at the top of the bucket; the server’s id replaces the temporary one', async () => {
    const user = userEvent.setup();
    seedThree();
    const { idle } = renderBoard();
    await screen.findByRole('button', { name: 'Alpha' });
    const bucket = inScopeUnscheduled();
    await user.click(within(bucket).getByRole('button', { name: 'Add item to Unscheduled' }));
    const form = within(bucket).getByRole('form', { name: 'New item in Unscheduled' });
    await user.click(within(form).getByRole('radio', { name: /Implementation/ }));
    await user.type(within(form).getByLabelText('Title'), 'Webhook retries{Enter}');
    expect(titles(bucket)).toEqual(['Webhook retries', 'Alpha', 'Beta', 'Gamma']);
    await act(idle);
    const created = planBackend.items.find((item) => item.description === 'Webhook retries')!;
    expect(created.itemType).toBe(2);
    expect(serverOrder()).toEqual(['Webhook retries', 'Alpha', 'Beta', 'Gamma']);
    expect(within(bucket).getByRole('button', { name: 'Webhook retries' })).toHaveAccessibleDescription(
      new RegExp(`^${created.externalId}, Implementation`),
    );
    // Escape closes the form and returns to the board.
    await user.keyboard('{Escape}');
    expect(within(bucket).queryByRole('form')).not.toBeInTheDocument();
  });

  it('a typed list keeps its order: each new item goes below the one added before it', async () => {
    const user = userEvent.setup();
    seedThree();
    const { idle } = renderBoard();
    await screen.findByRole('button', { name: 'Alpha' });
    const bucket = inScopeUnscheduled();
    await user.click(within(bucket).getByRole('button', { name: 'Add item to Unscheduled' }));
    const field = within(bucket).getByLabelText('Title');
    await user.type(field, 'One{Enter}');
    await user.type(field, 'Two{Enter}');
    await user.type(field, 'Three{Enter}');
    expect(titles(bucket)).toEqual(['One', 'Two', 'Three', 'Alpha', 'Beta', 'Gamma']);
    await act(idle);
    expect(serverOrder()).toEqual(['One', 'Two', 'Three', 'Alpha', 'Beta', 'Gamma']);
    await waitFor(() => expect(announcer()).toHaveTextContent('Added Demo “Three” to Unscheduled.'));
  });

  it('Escape clears a typed title first and says so; the next Escape closes', async () => {
    const user = userEvent.setup();
    seedThree();
    renderBoard();
    await screen.findByRole('button', { name: 'Alpha' });
    const bucket = inScopeUnscheduled();
    await user.click(within(bucket).getByRole('button', { name: 'Add item to Unscheduled' }));
    const field = within(bucket).getByLabelText('Title');
    await user.type(field, 'Half a thought');
    await user.keyboard('{Escape}');
    expect(field).toHaveValue('');
    await waitFor(() => expect(announcer()).toHaveTextContent('Cleared the title. Escape again closes the form.'));
    await user.keyboard('{Escape}');
    expect(within(bucket).queryByRole('form')).not.toBeInTheDocument();
  });

  it('a create the server refuses puts the typed title back', async () => {
    const user = userEvent.setup();
    seedThree();
    const { idle } = renderBoard();
    await screen.findByRole('button', { name: 'Alpha' });
    server.use(
      http.post(`${location.origin}/v1/teams/active/project-items/demos`, () =>
        HttpResponse.json({ result: 'Failed', message: 'Database unavailable' }, { status: 500 }),
      ),
    );
    const bucket = inScopeUnscheduled();
    await user.click(within(bucket).getByRole('button', { name: 'Add item to Unscheduled' }));
    await user.type(within(bucket).getByLabelText('Title'), 'Keep me{Enter}');
    await act(idle);
    await waitFor(() => expect(within(bucket).getByLabelText('Title')).toHaveValue('Keep me'));
    expect(titles(bucket)).toEqual(['Alpha', 'Beta', 'Gamma']);
    // The live region never claimed it was added.
    await waitFor(() =>
      expect(announcer()).toHaveTextContent('Could not add “Keep me”. Its title is back in the field.'),
    );
    expect(announcer()).not.toHaveTextContent(/Added/);
  });
});

describe('"Move to…" menu', () => {
  it('moves a card to the bucket chosen, at the end of a later one', async () => {
    const user = userEvent.setup();
    seedThree();
    planBackend.seed([{ id: 'o', description: 'Outside', bucket: unscheduled(Scope.OutOfScope) }]);
    const { idle } = renderBoard();
    await user.click(await screen.findByRole('button', { name: 'Actions for AE-1' }));
    const menu = await screen.findByRole('menu');
    act(() =>
      within(menu)
        .getByRole('menuitem', { name: /Move to/ })
        .focus(),
    );
    await user.keyboard('{ArrowRight}');
    const targets = await screen.findByRole('menu', { name: /Move to/ });
    act(() => within(targets).getByRole('menuitem', { name: 'Unscheduled, out of scope' }).focus());
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(titles(screen.getByRole('group', { name: 'Out of scope' }))).toEqual(['Outside', 'Alpha']),
    );
    await act(idle);
    expect(serverOrder(unscheduled(Scope.OutOfScope))).toEqual(['Outside', 'Alpha']);
  });

  it('deletes only when asked twice', async () => {
    const user = userEvent.setup();
    seedThree();
    const { idle } = renderBoard();
    await user.click(await screen.findByRole('button', { name: 'Actions for AE-2' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
    expect(screen.getByRole('button', { name: 'Beta' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: /Delete AE-2\? Choose again/ }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Beta' })).not.toBeInTheDocument());
    // Focus goes to the card after it, not to the page; the deletion is announced.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Gamma' })).toHaveFocus());
    await waitFor(() => expect(announcer()).toHaveTextContent('Deleted AE-2.'));
    await act(idle);
    expect(serverOrder()).toEqual(['Alpha', 'Gamma']);
  });

  it('deleting from the item panel says so and focuses the card before it when none follows', async () => {
    const user = userEvent.setup();
    seedThree();
    const { idle } = renderBoard();
    await user.click(await screen.findByRole('button', { name: 'Gamma' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gamma' });
    await within(dialog).findByRole('textbox', { name: 'Description (markdown)' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete…' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Beta' })).toHaveFocus());
    await waitFor(() => expect(announcer()).toHaveTextContent('Deleted AE-3.'));
    await act(idle);
    expect(serverOrder()).toEqual(['Alpha', 'Beta']);
  });
});

describe('search and filters', () => {
  it('search narrows the board to the server’s matches; Escape clears it', async () => {
    const user = userEvent.setup();
    seedThree();
    renderBoard();
    await screen.findByRole('button', { name: 'Alpha' });
    await user.type(screen.getByRole('searchbox', { name: 'Search items' }), 'gam');
    await waitFor(() => expect(titles(inScopeUnscheduled())).toEqual(['Gamma']));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(titles(inScopeUnscheduled())).toEqual(['Alpha', 'Beta', 'Gamma']));
  });

  it('"/" focuses the search box', async () => {
    const user = userEvent.setup();
    seedThree();
    renderBoard();
    (await screen.findByRole('button', { name: 'Alpha' })).focus();
    await user.keyboard('/');
    expect(screen.getByRole('searchbox', { name: 'Search items' })).toHaveFocus();
  });

  it('filters by kind, scope and timeframe', async () => {
    const user = userEvent.setup();
    const week = weekIndexOfDay(todayIndex());
    planBackend.seed([
      { description: 'A demo', itemType: 1 },
      { description: 'An implementation', itemType: 2 },
      { description: 'Weekly demo', itemType: 1, bucket: weekBucket(week + 1) },
      { description: 'Outside', itemType: 3, bucket: unscheduled(Scope.OutOfScope) },
    ]);
    renderBoard();
    await screen.findByRole('button', { name: 'A demo' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Demo');
    expect(titles(inScopeUnscheduled())).toEqual(['A demo']);
    expect(screen.queryByRole('button', { name: 'Outside' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Scope' }), 'Out of scope');
    expect(screen.queryByRole('group', { name: 'In scope' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Timeframe' }), `${1}:${week + 1}`);
    // A week shows itself and the days it contains.
    const columns = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(columns).toContain(`${timeframeLabel({ span: 1, index: week + 1 })}Next week`);
    expect(columns.every((label) => /^(Week of|Mon|Tue|Wed|Thu|Fri|Sat|Sun)/.test(label ?? ''))).toBe(true);
    expect(screen.getByRole('button', { name: 'Weekly demo' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'A demo' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Timeframe' }), 'Unscheduled');
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Unscheduled',
      'Unscheduled',
    ]);
  });

  it('filters by hand-off status', async () => {
    const user = userEvent.setup();
    planBackend.seed([
      { description: 'Untouched', itemType: 2 },
      { description: 'With Copilot', itemType: 2, workflowStatus: 1 },
      { description: 'In review', itemType: 2, workflowStatus: 2 },
    ]);
    renderBoard();
    await screen.findByRole('button', { name: 'Untouched' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Hand-off' }), 'Pull request open');
    expect(titles(inScopeUnscheduled())).toEqual(['In review']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Hand-off' }), 'Not handed off');
    expect(titles(inScopeUnscheduled())).toEqual(['Untouched']);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(titles(inScopeUnscheduled())).toEqual(['Untouched', 'With Copilot', 'In review']);
  });
});

describe('projects', () => {
  it('the project menu switches the board to another project, blocking the screen meanwhile', async () => {
    const user = userEvent.setup();
    mockBackend.context.availableProjects.push({
      id: 'project-2',
      description: 'Launch',
      projectDescription: '',
      status: 0,
      milestones: [],
      version: 1,
    });
    seedThree();
    planBackend.seed([{ description: 'Press kit' }], 'project-2');
    renderBoard();
    await screen.findByRole('button', { name: 'Alpha' });
    await user.click(screen.getByRole('button', { name: /Open the project menu/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Launch' }));
    expect(await screen.findByRole('button', { name: 'Press kit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Alpha' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Project: Launch/ })).toBeInTheDocument();
    expect(within(screen.getAllByRole('banner', { hidden: true })[0]!).getByText('Launch')).toBeInTheDocument();
  });

  it('project settings add a milestone, which becomes a bucket', async () => {
    const user = userEvent.setup();
    seedThree();
    renderBoard();
    await screen.findByRole('button', { name: 'Alpha' });
    await user.click(screen.getByRole('button', { name: 'Project settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Project settings' });
    await user.click(within(dialog).getByRole('button', { name: 'Add milestone' }));
    expect(within(dialog).getByLabelText('Milestone 1 name')).toHaveFocus();
    await user.type(within(dialog).getByLabelText('Milestone 1 name'), 'Beta');
    await user.type(within(dialog).getByLabelText('Milestone 1 target date'), '2099-03-01');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: /^Beta/ })).toBeInTheDocument();
    await waitFor(() =>
      expect(mockBackend.context.availableProjects[0]!.milestones).toEqual([
        { index: 0, name: 'Beta', targetDate: '2099-03-01' },
      ]),
    );
  });

  it('removing a milestone that holds items warns first, then shows them in Unscheduled at once', async () => {
    const user = userEvent.setup();
    mockBackend.context.availableProjects[0]!.milestones = [{ index: 0, name: 'Beta', targetDate: '2099-03-01' }];
    planBackend.seed([
      { id: 'a', description: 'Alpha' },
      {
        id: 'm',
        description: 'In the milestone',
        bucket: { scope: Scope.InScope, assignedTimeframe: { span: 4, index: 0 } },
      },
    ]);
    renderBoard();
    expect(await screen.findByRole('heading', { name: /^Beta/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Project settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Project settings' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove milestone Beta' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Saving moves 1 item of Beta to Unscheduled.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(titles(inScopeUnscheduled())).toEqual(['Alpha', 'In the milestone']));
    expect(screen.queryByRole('heading', { name: /^Beta|removed milestone/i })).not.toBeInTheDocument();
  });

  it('project settings refuse milestones out of date order', async () => {
    const user = userEvent.setup();
    renderBoard();
    await user.click(await screen.findByRole('button', { name: 'Project settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Project settings' });
    await user.click(within(dialog).getByRole('button', { name: 'Add milestone' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add milestone' }));
    await user.type(within(dialog).getByLabelText('Milestone 1 name'), 'Late');
    await user.type(within(dialog).getByLabelText('Milestone 1 target date'), '2099-05-01');
    await user.type(within(dialog).getByLabelText('Milestone 2 name'), 'Early');
    await user.type(within(dialog).getByLabelText('Milestone 2 target date'), '2099-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/order milestones by date/);
  });

  it('deleting a project moves its items to the project chosen', async () => {
    const user = userEvent.setup();
    mockBackend.context.availableProjects.push({
      id: 'project-2',
      description: 'Launch',
      projectDescription: '',
      status: 0,
      milestones: [],
      version: 1,
    });
    seedThree();
    renderBoard();
    await screen.findByRole('button', { name: 'Alpha' });
    await user.click(screen.getByRole('button', { name: 'Project settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Project settings' });
    expect(within(dialog).getByRole('combobox', { name: 'Its items' })).toHaveValue('project-2');
    await user.click(within(dialog).getByRole('button', { name: 'Delete project…' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete First project' }));
    // The server made the other project active; its board now holds the moved items, out of scope.
    expect(await screen.findByRole('button', { name: /Project: Launch/ }, { timeout: 3000 })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: 'Out of scope' })).getByRole('button', { name: 'Alpha' }),
      ).toBeInTheDocument(),
    );
  });
});
