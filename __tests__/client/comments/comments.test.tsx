import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { planBackend } from '../helpers/handlers/planBackend';
import { commentsBackend } from '../helpers/handlers/comments';
import { mockBackend } from '../helpers/handlers/mockBackend';
import { fakeLayout, renderBoard } from '../board/boardTestUtils';
import { renderApp } from '../sites/renderApp';
import { signedInBoardState } from '../items/boardStore';
import { teamChangeReceived } from '../../../src/client/features/live/liveActions';

fakeLayout();

/** Bob joins the team as an Editor; Ada (user-1, the signed-in user) is its Admin unless a test says otherwise. */
function withBob(myRole: 0 | 1 = 0) {
  const team = mockBackend.context.activeTeam;
  team.teamMemberships[0]!.role = myRole;
  team.teamMemberships.push({ memberUserId: 'user-2', memberEmailAddress: 'bob@example.com', role: 1 });
}

async function openPanel(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(await screen.findByRole('button', { name: title }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByRole('textbox', { name: 'Description (markdown)' });
  return dialog;
}

const activity = async (dialog: HTMLElement) => within(dialog).findByRole('list', { name: 'Activity' });

describe('comments in the item panel', () => {
  it('shows one activity stream, oldest first: the plan, then the comments; a new comment joins it (Ctrl+Enter)', async () => {
    withBob();
    planBackend.seed([{ id: 'a', description: 'Checkout' }]);
    commentsBackend.add({ itemId: 'a', body: 'Which **cards**?', dateCreated: '2025-12-01T10:00:00.000Z' });
    const user = userEvent.setup();
    renderBoard();
    const dialog = await openPanel(user, 'Checkout');
    const list = await activity(dialog);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const [plan, question] = within(list).getAllByRole('listitem');
    expect(plan).toHaveTextContent(/Unscheduled, out of scope$/);
    expect((await within(question!).findByText('cards')).tagName).toBe('STRONG');
    expect(question).toHaveTextContent(/^bob@example\.com.*Which cards\?$/);

    const box = within(dialog).getByRole('textbox', { name: 'Comment (markdown)' });
    await user.type(box, 'Visa and Amex, @bob{Control>}{Enter}{/Control}');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent(/^You.*Visa and Amex, @bob$/),
    );
    expect(box).toHaveValue('');
    expect(commentsBackend.calls).toContain('add a Visa and Amex, @bob');
    expect(commentsBackend.comments.at(-1)!.mentionedUserIds).toEqual(['user-2']);
    // The comment is not the item's text: nothing to save.
    expect(within(dialog).queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('edits and deletes your own comment; an Admin may delete, not edit, another member’s', async () => {
    withBob();
    planBackend.seed([{ id: 'a', description: 'Checkout' }]);
    commentsBackend.add({ itemId: 'a', body: 'Mine', authorUserId: 'user-1' });
    commentsBackend.add({ itemId: 'a', body: 'Bob’s' });
    const user = userEvent.setup();
    renderBoard();
    const dialog = await openPanel(user, 'Checkout');
    const list = await activity(dialog);
    const mine = await within(list).findByRole('article', { name: /^You/ });
    const bobs = within(list).getByRole('article', { name: /^bob@example\.com/ });
    expect(within(bobs).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(bobs).getByRole('button', { name: 'Delete…' })).toBeInTheDocument();

    await user.click(within(mine).getByRole('button', { name: 'Edit' }));
    const editor = within(mine).getByRole('textbox', { name: 'Edit comment (markdown)' });
    await user.clear(editor);
    await user.type(editor, 'Mine, _edited_');
    await user.click(within(mine).getByRole('button', { name: 'Save comment' }));
    await waitFor(() => expect(mine).toHaveTextContent(/edited.*Mine, edited$/));
    expect(commentsBackend.calls).toContain('edit comment-1 Mine, _edited_');

    await user.click(within(mine).getByRole('button', { name: 'Delete…' }));
    await user.click(within(mine).getByRole('button', { name: 'Yes, delete it' }));
    await waitFor(() => expect(within(list).queryByRole('article', { name: /^You/ })).not.toBeInTheDocument());
    await user.click(within(bobs).getByRole('button', { name: 'Delete…' }));
    await user.click(within(bobs).getByRole('button', { name: 'Yes, delete it' }));
    await waitFor(() => expect(within(list).queryByRole('article')).not.toBeInTheDocument());
    expect(commentsBackend.comments).toEqual([]);
  });

  it('an Editor sees no Edit or Delete on others’ comments; a refused write says why and keeps the text', async () => {
    withBob(1);
    planBackend.seed([{ id: 'a', description: 'Checkout' }]);
    commentsBackend.add({ itemId: 'a', body: 'Bob’s' });
    commentsBackend.add({ itemId: 'a', body: 'Mine', authorUserId: 'user-1' });
    const user = userEvent.setup();
    renderBoard();
    const dialog = await openPanel(user, 'Checkout');
    const list = await activity(dialog);
    const bobs = await within(list).findByRole('article', { name: /^bob@example\.com/ });
    expect(within(bobs).queryByRole('button')).not.toBeInTheDocument();

    // Someone else took the comment over meanwhile (the server says so): the edit stays on screen.
    commentsBackend.comments[1]!.authorUserId = 'user-2';
    const mine = within(list).getByRole('article', { name: /^You/ });
    await user.click(within(mine).getByRole('button', { name: 'Edit' }));
    await user.type(within(mine).getByRole('textbox', { name: 'Edit comment (markdown)' }), '!');
    await user.click(within(mine).getByRole('button', { name: 'Save comment' }));
    expect(await within(mine).findByRole('alert')).toHaveTextContent('Only its author can edit a comment.');
    expect(within(mine).getByRole('textbox', { name: 'Edit comment (markdown)' })).toHaveValue('Mine!');
  });

  it('renders comment markdown like descriptions: no raw HTML, no script links, no remote images', async () => {
    withBob();
    planBackend.seed([{ id: 'a', description: 'Checkout' }]);
    commentsBackend.add({
      itemId: 'a',
      body: '<script>window.owned = true</script>\n\n<b>raw</b> [bad](javascript:alert(1)) [good](https://example.com) ![pic](https://evil.example/x.png)',
    });
    const user = userEvent.setup();
    renderBoard();
    const dialog = await openPanel(user, 'Checkout');
    const comment = await within(await activity(dialog)).findByRole('article');
    await within(comment).findByRole('link', { name: 'good' });
    expect(comment.querySelector('script, b, img')).toBeNull();
    expect(within(comment).queryByRole('link', { name: 'bad' })).not.toBeInTheDocument();
    expect(comment).toHaveTextContent('[pic]');
  });

  it('shows another member’s comment when the events stream says the item’s comments changed', async () => {
    withBob();
    planBackend.seed([{ id: 'a', description: 'Checkout' }]);
    const user = userEvent.setup();
    const { store } = renderBoard();
    const dialog = await openPanel(user, 'Checkout');
    const list = await activity(dialog);
    commentsBackend.add({ itemId: 'a', body: 'Live from Bob' });
    act(() => {
      store.dispatch(teamChangeReceived({ kind: 'comments', itemId: 'a', mentionedUserIds: [] }));
    });
    expect(await within(list).findByText('Live from Bob')).toBeInTheDocument();
  });
});

describe('the mentions list', () => {
  it('counts unread mentions in the header, lists them, and opening one marks it read and opens the item', async () => {
    withBob();
    planBackend.seed([{ id: 'a', description: 'Checkout' }]);
    commentsBackend.add({ itemId: 'a', body: 'Older, for @ada' });
    commentsBackend.add({ itemId: 'a', body: '@ada can you check?' });
    commentsBackend.add({ itemId: 'a', body: 'Not about anyone' });
    const user = userEvent.setup();
    const { router } = renderBoard();
    const header = await screen.findByRole('link', { name: 'Mentions, 2 unread' });
    await user.click(header);
    const list = await screen.findByRole('list', { name: 'Mentions' });
    const entries = within(list).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(/AE-1 Checkout.*bob@example\.com.*@ada can you check\?$/),
      expect.stringMatching(/Older, for @ada$/),
    ]);
    expect(within(entries[0]!).getByRole('img', { name: 'Unread' })).toBeInTheDocument();

    await user.click(within(entries[0]!).getByRole('link', { name: 'AE-1 Checkout' }));
    expect(router.location.pathname).toBe('/items/AE-1');
    expect(commentsBackend.calls).toContain('read comment-2');
    // The item's panel is open (the header behind it is hidden from assistive tech while it is).
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Mentions, 1 unread', hidden: true })).toBeInTheDocument();
  });

  it('marks all read, and says so when nobody has mentioned you', async () => {
    withBob();
    planBackend.seed([{ id: 'a', description: 'Checkout' }]);
    commentsBackend.add({ itemId: 'a', body: '@ada one' });
    const user = userEvent.setup();
    renderApp('/mentions', signedInBoardState());
    await screen.findByText(/1 unread\./);
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText(/All read\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mentions' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Unread' })).not.toBeInTheDocument();

    commentsBackend.reset();
    renderApp('/mentions', signedInBoardState());
    expect(await screen.findByText(/Nobody has mentioned you yet/)).toBeInTheDocument();
  });
});
