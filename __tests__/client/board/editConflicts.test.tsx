import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { planBackend } from '../helpers/handlers/planBackend';
import { fakeLayout, renderBoard } from './boardTestUtils';
import { itemsApi } from '../../../src/client/api/items';

fakeLayout();

async function openItem(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(await screen.findByRole('button', { name: title }));
  const dialog = await screen.findByRole('dialog');
  const description = await within(dialog).findByRole('textbox', { name: 'Description (markdown)' });
  return { dialog, description };
}

/** Another member saves the item while this user edits it. */
function savedElsewhere(id: string, fields: Record<string, unknown>) {
  const item = planBackend.items.find((candidate) => candidate.id === id)!;
  Object.assign(item, fields);
  item.version += 1;
}

const saveShortcut = '{Control>}{Enter}{/Control}';

describe('editing an item someone else changed (versions)', () => {
  it('keeps the user’s text when the other person changed the same field, and saves it on request', async () => {
    planBackend.seed([{ id: 's', description: 'Shared plan' }]);
    const user = userEvent.setup();
    const { idle } = renderBoard();
    const { dialog, description } = await openItem(user, 'Shared plan');
    savedElsewhere('s', { description: 'Their plan' });
    await user.clear(description);
    await user.type(description, 'My plan');
    await user.keyboard(saveShortcut);
    await act(idle);

    const alert = await within(dialog).findByText(/Someone else changed the description of AE-1/);
    expect(alert).toHaveTextContent('Your text is kept below, not saved yet.');
    expect(within(dialog).getByRole('textbox', { name: 'Description (markdown)' })).toHaveValue('My plan');
    expect(within(dialog).getByText('Their plan', { selector: 'pre' })).toBeInTheDocument();
    expect(planBackend.items[0]).toMatchObject({ description: 'Their plan', version: 2 });

    await user.click(within(dialog).getByRole('button', { name: 'Save mine instead' }));
    await act(idle);
    expect(planBackend.items[0]).toMatchObject({ description: 'My plan', version: 3 });
    await waitFor(() => expect(within(dialog).queryByText(/Someone else changed/)).not.toBeInTheDocument());
  });

  it('Control+Enter during a conflict asks (focus on the choice) instead of saving “mine”', async () => {
    planBackend.seed([{ id: 'k', description: 'Shared plan' }]);
    const user = userEvent.setup();
    const { idle } = renderBoard();
    const { dialog, description } = await openItem(user, 'Shared plan');
    savedElsewhere('k', { description: 'Their plan' });
    await user.clear(description);
    await user.type(description, 'My plan');
    await user.keyboard(saveShortcut);
    await act(idle);
    await within(dialog).findByText(/Someone else changed the description of AE-1/);
    const updates = planBackend.log.filter((entry) => entry.startsWith('update')).length;

    within(dialog).getByRole('textbox', { name: 'Description (markdown)' }).focus();
    await user.keyboard(saveShortcut);
    await act(idle);
    expect(within(dialog).getByRole('button', { name: 'Save mine instead' })).toHaveFocus();
    expect(within(dialog).getByText(/Someone else changed/)).toBeInTheDocument();
    expect(planBackend.log.filter((entry) => entry.startsWith('update'))).toHaveLength(updates);
    expect(planBackend.items[0]).toMatchObject({ description: 'Their plan', version: 2 });
  });

  it('“Use theirs” puts the other person’s text in the editor and saves nothing', async () => {
    planBackend.seed([{ id: 't', description: 'Draft' }]);
    const user = userEvent.setup();
    const { idle } = renderBoard();
    const { dialog, description } = await openItem(user, 'Draft');
    savedElsewhere('t', { description: 'Their draft' });
    await user.type(description, ' of mine');
    await user.keyboard(saveShortcut);
    await act(idle);
    await user.click(await within(dialog).findByRole('button', { name: 'Use theirs' }));
    expect(within(dialog).getByRole('textbox', { name: 'Description (markdown)' })).toHaveValue('Their draft');
    expect(within(dialog).queryByText('Unsaved changes')).not.toBeInTheDocument();
    const updates = planBackend.log.filter((entry) => entry.startsWith('update')).length;
    await user.keyboard('{Escape}');
    await act(idle);
    expect(planBackend.log.filter((entry) => entry.startsWith('update'))).toHaveLength(updates);
    expect(planBackend.items[0]).toMatchObject({ description: 'Their draft', version: 2 });
  });

  it('applies an edit on top of someone else’s change to other fields, without asking', async () => {
    planBackend.seed([{ id: 'g', description: 'Goals item', goals: ['Old goal'] }]);
    const user = userEvent.setup();
    const { idle } = renderBoard();
    const { dialog, description } = await openItem(user, 'Goals item');
    savedElsewhere('g', { goals: ['Their goal'] });
    await user.type(description, ' and more');
    await user.keyboard(saveShortcut);
    await act(idle);
    expect(planBackend.items[0]).toMatchObject({
      description: 'Goals item and more',
      goals: ['Their goal'],
      version: 3,
    });
    expect(within(dialog).queryByText(/Someone else changed/)).not.toBeInTheDocument();
  });

  it('a refused save on closing is kept: reopening the item shows the user’s text to re-apply', async () => {
    planBackend.seed([{ id: 'c', description: 'Closing item' }]);
    const user = userEvent.setup();
    const { idle } = renderBoard();
    const { description } = await openItem(user, 'Closing item');
    savedElsewhere('c', { description: 'Renamed elsewhere' });
    await user.clear(description);
    await user.type(description, 'Closing item, my words');
    await user.keyboard('{Escape}');
    await act(idle);
    expect(
      await screen.findByText(/Someone else changed AE-1 while you were editing it. Your text is kept/),
    ).toBeInTheDocument();
    const reopened = await openItem(user, 'Renamed elsewhere');
    expect(reopened.description).toHaveValue('Closing item, my words');
    expect(within(reopened.dialog).getByText(/Someone else changed the description of AE-1/)).toBeInTheDocument();
  });

  it('another member’s change to the field being edited, arriving live, is shown as a conflict, not merged away', async () => {
    planBackend.seed([{ id: 'l', description: 'Live item', goals: ['Goal'] }]);
    const user = userEvent.setup();
    const { store, idle } = renderBoard();
    const { dialog, description } = await openItem(user, 'Live item');
    await user.type(description, ' with my words');
    savedElsewhere('l', { description: 'Live item, their words', goals: ['Their goal'] });
    // What a live event does: the whole item is read again.
    act(() => {
      store.dispatch(itemsApi.util.invalidateTags([{ type: 'Item', id: 'l' }]));
    });
    expect(await within(dialog).findByText(/Someone else changed the description of AE-1/)).toBeInTheDocument();
    expect(description).toHaveValue('Live item with my words');
    // A field the user did not touch follows the server.
    expect(within(dialog).getByDisplayValue('Their goal')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save mine instead' }));
    await act(idle);
    expect(planBackend.items[0]).toMatchObject({
      description: 'Live item with my words',
      goals: ['Their goal'],
      version: 3,
    });
  });

  it('closing the panel during a conflict saves nothing over theirs; the conflict is there on reopening', async () => {
    planBackend.seed([{ id: 'k', description: 'Kept item', goals: ['Goal'] }]);
    const user = userEvent.setup();
    const { idle } = renderBoard();
    const { dialog, description } = await openItem(user, 'Kept item');
    savedElsewhere('k', { description: 'Kept item, theirs' });
    await user.type(description, ', mine');
    await user.keyboard(saveShortcut);
    await act(idle);
    await within(dialog).findByText(/Someone else changed the description/);
    // A goal edited after the conflict is saved on closing; the description is not.
    await user.clear(within(dialog).getByRole('textbox', { name: 'Goal 1' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Goal 1' }), 'New goal');
    await user.keyboard('{Escape}');
    await act(idle);
    expect(planBackend.items[0]).toMatchObject({ description: 'Kept item, theirs', goals: ['New goal'] });
    const reopened = await openItem(user, 'Kept item, theirs');
    expect(reopened.description).toHaveValue('Kept item, mine');
    expect(within(reopened.dialog).getByText(/Someone else changed the description/)).toBeInTheDocument();
  });

  it('two saves in a row name the version the first one made, so neither is refused', async () => {
    planBackend.seed([{ id: 'q', description: 'Queued' }]);
    const user = userEvent.setup();
    const { idle } = renderBoard();
    const { dialog, description } = await openItem(user, 'Queued');
    await user.type(description, ' once');
    await user.keyboard(saveShortcut);
    await user.type(description, ' twice');
    await user.keyboard(saveShortcut);
    await act(idle);
    expect(planBackend.items[0]).toMatchObject({ description: 'Queued once twice', version: 3 });
    expect(within(dialog).queryByText(/Someone else changed/)).not.toBeInTheDocument();
  });
});
