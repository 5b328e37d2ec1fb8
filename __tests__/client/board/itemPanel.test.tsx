import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import MarkdownView, { safeUrl } from '../../../src/client/features/board/MarkdownView';
import { server } from '../helpers/server';
import { planBackend } from '../helpers/handlers/planBackend';
import { fakeLayout, renderBoard } from './boardTestUtils';
import { FIELD_LIMITS } from '../../../src/shared/fieldLimits';
import { agentBackend } from '../helpers/handlers/agent';
import { teamChangeReceived } from '../../../src/client/features/live/liveActions';
import { itemOf } from '../../../src/client/features/items/itemsSlice';

fakeLayout();

/** Opens an item's panel and waits for the whole item, which the panel reads when it opens. */
async function openPanel(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(await screen.findByRole('button', { name: title }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByRole('textbox', { name: 'Description (markdown)' });
  return dialog;
}

const itemUrl = `${location.origin}/v1/teams/active/project-items/all/:id`;

describe('the item panel', () => {
  it('edits the description (the card’s title follows), goals and kind-specific fields, saved optimistically', async () => {
    const user = userEvent.setup();
    planBackend.seed([
      { id: 'i', description: 'Build the importer', itemType: 2 },
      { id: 'd', description: 'Show the importer', itemType: 1 },
    ]);
    const { idle } = renderBoard();
    let dialog = await openPanel(user, 'Show the importer');
    // A demo lists the project's implementations to link.
    await user.click(within(dialog).getByRole('checkbox', { name: /AE-1 Build the importer/ }));
    const description = within(dialog).getByRole('textbox', { name: 'Description (markdown)' });
    await user.clear(description);
    await user.type(description, '# Importer demo{Enter}{Enter}Shows **both** sources.');
    await user.click(within(dialog).getByRole('button', { name: 'Add goal' }));
    // Focus moves to the new row: what is typed next lands in it.
    expect(within(dialog).getByRole('textbox', { name: 'Goal 1' })).toHaveFocus();
    await user.keyboard('Convince a design partner');
    expect(within(dialog).getAllByRole('textbox', { name: /^Goal/ })).toHaveLength(1);
    expect(within(dialog).getByText('Unsaved changes')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The board behind the modal panel is hidden from assistive technology, hence `hidden`.
    expect(screen.getByRole('button', { name: 'Importer demo', hidden: true })).toBeInTheDocument();
    await act(idle);
    expect(planBackend.items.find((item) => item.id === 'd')).toMatchObject({
      description: '# Importer demo\n\nShows **both** sources.',
      goals: ['Convince a design partner'],
      implementationIds: ['i'],
    });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openPanel(user, 'Build the importer');
    await user.click(within(dialog).getByRole('button', { name: 'Add test scenario' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Test scenario 1' }), 'CSV with 10,000 rows');
    // Closing saves what was typed.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await act(idle);
    expect(planBackend.items.find((item) => item.id === 'i')?.newTestScenarios).toEqual(['CSV with 10,000 rows']);
  });

  it('a refused save puts the old text back on the card and keeps the draft in the panel', async () => {
    const user = userEvent.setup();
    planBackend.seed([{ id: 'g', description: 'Launch post', itemType: 3 }]);
    server.use(
      http.put(`${location.origin}/v1/teams/active/project-items/gtm/:id`, () =>
        HttpResponse.json({ result: 'InvalidRequest', message: 'body.item.description is too long' }, { status: 400 }),
      ),
    );
    const { idle } = renderBoard();
    const dialog = await openPanel(user, 'Launch post');
    const description = within(dialog).getByRole('textbox', { name: 'Description (markdown)' });
    await user.type(description, ' v2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await act(idle);
    // The rollback lands after the refusal; on a busy machine that can be after the queue is idle.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Launch post', hidden: true })).toBeInTheDocument());
    expect(description).toHaveValue('Launch post v2');
    await waitFor(() => expect(within(dialog).getByText('Unsaved changes')).toBeInTheDocument());
    expect(await screen.findByRole('alert', { hidden: true })).toHaveTextContent(
      'Couldn’t save AE-1: body.item.description is too long',
    );
  });

  it("follows another member's (or an agent's) change to fields not being edited, and closing keeps it", async () => {
    const user = userEvent.setup();
    const [stored] = planBackend.seed([{ id: 'g', description: 'Launch post', itemType: 3 }]);
    const { store, idle } = renderBoard();
    const dialog = await openPanel(user, 'Launch post');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description (markdown)' }), ' v2');
    // An agent links its pull request meanwhile; the board hears of it.
    stored!.workflowStatus = 2;
    stored!.pullRequestUrl = 'https://github.com/acme/shop/pull/7';
    act(() => void store.dispatch(teamChangeReceived({ kind: 'items', projectId: 'project-1', itemIds: ['g'] })));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Pull request' })).toHaveValue(
        'https://github.com/acme/shop/pull/7',
      ),
    );
    expect(within(dialog).getByRole('textbox', { name: 'Description (markdown)' })).toHaveValue('Launch post v2');
    await user.keyboard('{Escape}');
    await act(idle);
    await waitFor(() => expect(stored!.description).toBe('Launch post v2'));
    expect(stored!.workflowStatus).toBe(2);
    expect(stored!.pullRequestUrl).toBe('https://github.com/acme/shop/pull/7');
  });

  it('an item someone else deletes while open is said so, with the unsaved text to copy', async () => {
    const user = userEvent.setup();
    planBackend.seed([{ id: 'x', description: 'Doomed plan' }]);
    const { store } = renderBoard();
    const dialog = await openPanel(user, 'Doomed plan');
    const description = within(dialog).getByRole('textbox', { name: 'Description (markdown)' });
    await user.clear(description);
    await user.type(description, 'My careful rewrite');
    planBackend.items.splice(
      planBackend.items.findIndex((item) => item.id === 'x'),
      1,
    );
    act(() => void store.dispatch(teamChangeReceived({ kind: 'items', projectId: 'project-1', itemIds: ['x'] })));

    const notice = await screen.findByRole('alertdialog', { name: 'AE-1 is no longer on this board' });
    expect(notice).toHaveTextContent('What you typed was not saved: copy it before you close this.');
    expect(within(notice).getByRole('textbox', { name: 'Your unsaved description' })).toHaveValue('My careful rewrite');
    expect(within(notice).getByRole('button', { name: 'Copy the description' })).toBeInTheDocument();
    await user.click(within(notice).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('reads the whole item when it opens; the board keeps only what its card shows', async () => {
    const user = userEvent.setup();
    const description = `# Importer\n\n${'Long details. '.repeat(500)}`;
    const [stored] = planBackend.seed([{ id: 'i', description, itemType: 2 }]);
    agentBackend.store('engineering-patterns', {
      content: {
        patterns: {
          patterns: [
            { id: 'queue', name: 'Queue the work', description: '' },
            { id: 'retry', name: 'Retry with backoff', description: '' },
          ],
        },
      },
    });
    Object.assign(stored!, {
      goals: ['Ship it'],
      newTestScenarios: ['Empty file'],
      projectPatternIds: ['queue'],
      localPatternData: { patterns: [{ name: 'queue' }, { name: 'retry' }], patternConnections: [{ from: 0, to: 1 }] },
      codingAgentUrl: 'https://agent.example.com/run/7',
    });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(itemUrl, async () => {
        await held;
        return undefined;
      }),
    );
    const { store } = renderBoard();
    await user.click(await screen.findByRole('button', { name: 'Importer' }));
    const dialog = await screen.findByRole('dialog');
    // The board's copy: the first line only, none of the heavy fields.
    expect(itemOf(store.getState().items, 'i')).toMatchObject({ description: '# Importer' });
    expect(itemOf(store.getState().items, 'i')).not.toHaveProperty('goals');
    expect(itemOf(store.getState().items, 'i')).not.toHaveProperty('localPatternData');
    expect(within(dialog).getByRole('heading', { name: 'Importer' })).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading the item…');
    expect(dialog).toHaveAttribute('aria-busy', 'true');

    release();
    expect(await within(dialog).findByRole('textbox', { name: 'Description (markdown)' })).toHaveValue(description);
    expect(within(dialog).getByRole('textbox', { name: 'Goal 1' })).toHaveValue('Ship it');
    expect(within(dialog).getByRole('textbox', { name: 'Test scenario 1' })).toHaveValue('Empty file');
    expect(await within(dialog).findByRole('checkbox', { name: 'Queue the work' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Retry with backoff' })).not.toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'Coding agent' })).toHaveValue(
      'https://agent.example.com/run/7',
    );
    expect(within(dialog).getByText(/Local patterns: 2 patterns, 1\s+connections/)).toBeInTheDocument();
    expect(within(dialog).queryByText('Unsaved changes')).not.toBeInTheDocument();
    expect(planBackend.log.filter((line) => line.startsWith('item '))).toEqual(['item i']);
  });

  it('says when the item cannot be loaded, and tries again on request', async () => {
    const user = userEvent.setup();
    planBackend.seed([{ id: 'g', description: 'Launch post', itemType: 3 }]);
    let failures = 1;
    server.use(
      http.get(itemUrl, () => {
        if (failures-- > 0) return HttpResponse.json({ result: 'Failed', message: 'boom' }, { status: 500 });
        return undefined;
      }),
    );
    renderBoard();
    await user.click(await screen.findByRole('button', { name: 'Launch post' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The item could not be loaded.');
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Description (markdown)' })).toHaveValue('Launch post');
  });

  it('after a save shows the saved text, read again from the server, and keeps the whole of it', async () => {
    const user = userEvent.setup();
    planBackend.seed([{ id: 'g', description: 'Launch post', itemType: 3 }]);
    const { idle, store } = renderBoard();
    let dialog = await openPanel(user, 'Launch post');
    const description = within(dialog).getByRole('textbox', { name: 'Description (markdown)' });
    await user.clear(description);
    await user.type(description, 'Launch post v2{Enter}{Enter}With the details');
    await user.click(within(dialog).getByRole('button', { name: 'Add goal' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Goal 1' }), 'Reach 1,000 readers');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Saved at once: nothing unsaved, the card shows the new title, the board keeps the first line.
    expect(within(dialog).queryByText('Unsaved changes')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Launch post v2', hidden: true })).toBeInTheDocument();
    expect(itemOf(store.getState().items, 'g')?.description).toBe('Launch post v2');
    await act(idle);
    // Once the write has settled the panel reads the item again: what it shows is what was saved.
    await waitFor(() =>
      expect(planBackend.log.filter((line) => line.startsWith('item '))).toEqual(['item g', 'item g']),
    );
    expect(description).toHaveValue('Launch post v2\n\nWith the details');
    expect(within(dialog).getByRole('textbox', { name: 'Goal 1' })).toHaveValue('Reach 1,000 readers');
    expect(within(dialog).queryByText('Unsaved changes')).not.toBeInTheDocument();
    expect(itemOf(store.getState().items, 'g')).not.toHaveProperty('goals');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openPanel(user, 'Launch post v2');
    expect(within(dialog).getByRole('textbox', { name: 'Description (markdown)' })).toHaveValue(
      'Launch post v2\n\nWith the details',
    );
  });

  it('holds the draft to the fields’ limits', async () => {
    const user = userEvent.setup();
    const [stored] = planBackend.seed([{ id: 'g', description: 'Launch post', itemType: 3 }]);
    stored!.goals = Array.from({ length: FIELD_LIMITS.goals.maxItems }, (_, n) => `Goal ${n + 1}`);
    renderBoard();
    const dialog = await openPanel(user, 'Launch post');
    expect(within(dialog).getByRole('textbox', { name: 'Description (markdown)' })).toHaveAttribute(
      'maxlength',
      String(FIELD_LIMITS.description.maxLength),
    );
    expect(within(dialog).getByRole('textbox', { name: 'Goal 1' })).toHaveAttribute(
      'maxlength',
      String(FIELD_LIMITS.goals.maxLength),
    );
    expect(within(dialog).getByRole('button', { name: 'Add goal' })).toBeDisabled();
  });

  it('changes the bucket and the assignee at once, and shows the assignment history in the activity, oldest first', async () => {
    const user = userEvent.setup();
    planBackend.seed([{ id: 'a', description: 'Alpha' }]);
    const { idle } = renderBoard();
    const dialog = await openPanel(user, 'Alpha');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Assignee' }), 'ada@example.com');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Bucket' }), '1:unscheduled');
    await act(idle);
    // The history is read once, when the panel opens; each confirmed move's answer brings it after that.
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('listitem')
          .map((entry) => entry.textContent),
      ).toEqual([
        expect.stringMatching(/Unscheduled, out of scope$/),
        expect.stringMatching(/Unscheduled, in scope · ada@example.com$/),
        expect.stringMatching(/Unscheduled, out of scope · ada@example.com$/),
      ]),
    );
    expect(planBackend.log.filter((line) => line.startsWith('history'))).toEqual(['history a']);
    expect(planBackend.contextOf(planBackend.items[0]!, 'project-1')).toMatchObject({
      scope: 1,
      assignedToUserId: 'user-1',
    });
  });

  it('says when the history cannot be loaded, and tries again on request', async () => {
    const user = userEvent.setup();
    planBackend.seed([{ id: 'h', description: 'History' }]);
    let failures = 1;
    server.use(
      http.get(`${location.origin}/v1/teams/active/projects/:projectId/all/:itemId/project-context`, () => {
        if (failures-- > 0) return HttpResponse.json({ result: 'Failed', message: 'boom' }, { status: 500 });
        return undefined;
      }),
    );
    renderBoard();
    const dialog = await openPanel(user, 'History');
    expect(await within(dialog).findByText(/The history could not be loaded/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText(/Unscheduled, out of scope$/)).toBeInTheDocument();
  });

  it('previews markdown lazily and safely', async () => {
    const user = userEvent.setup();
    planBackend.seed([
      {
        id: 'm',
        description:
          '# Title\n\n<script>window.owned = true</script><b>raw</b>\n\n[bad](javascript:alert(1)) [good](https://example.com)',
      },
    ]);
    renderBoard();
    const dialog = await openPanel(user, 'Title');
    await user.click(within(dialog).getByRole('tab', { name: 'Preview' }));
    const preview = await within(dialog).findByRole('tabpanel', { name: 'Preview' });
    await within(preview).findByRole('heading', { name: 'Title' });
    expect(preview.querySelector('script')).toBeNull();
    expect(preview.querySelector('b')).toBeNull();
    expect(within(preview).getByRole('link', { name: 'good' })).toHaveAttribute('href', 'https://example.com');
    expect(within(preview).queryByRole('link', { name: 'bad' })).not.toBeInTheDocument();
    expect(preview.innerHTML).not.toMatch(/javascript:/i);
  });
});

describe('safe markdown', () => {
  it.each([
    ['javascript:alert(1)', null],
    ['JaVaScRiPt:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['vbscript:msgbox', null],
    ['https://example.com/a?b=c', 'https://example.com/a?b=c'],
    ['mailto:ada@example.com', 'mailto:ada@example.com'],
    ['/relative/path', '/relative/path'],
  ])('%s → %s', (url, expected) => {
    expect(safeUrl(url)).toBe(expected);
  });

  it('renders no raw HTML and no unsafe links or images', () => {
    render(
      <MarkdownView
        markdown={
          '<img src=x onerror="alert(1)">\n\n![pic](javascript:alert(1))\n\n[x](javascript:void(0))\n\n<a href="javascript:alert(1)">y</a>'
        }
      />,
    );
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(document.body.innerHTML).not.toMatch(/javascript:/i);
    expect(screen.getByText('[pic]')).toBeInTheDocument();
  });

  it('renders GitHub-flavoured tables and task lists', () => {
    render(
      <MarkdownView
        markdown={
          '| Step | Owner |\n| --- | --- |\n| Import | Ada |\n\n- [x] Parse the file\n- [ ] Show errors\n\n~~old~~'
        }
      />,
    );
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Owner' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Ada' })).toBeInTheDocument();
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([true, false]);
    expect(boxes.every((box) => (box as HTMLInputElement).disabled)).toBe(true);
    expect(document.querySelector('del')).toHaveTextContent('old');
  });
});
