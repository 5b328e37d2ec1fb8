import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { planBackend } from '../helpers/handlers/planBackend';
import { handoffBackend } from '../helpers/handlers/handoff';
import { fakeLayout, renderBoard } from '../board/boardTestUtils';

fakeLayout();

async function openHandoff(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(await screen.findByRole('button', { name: title }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByRole('textbox', { name: 'Description (markdown)' });
  await user.click(within(dialog).getByRole('button', { name: 'Hand off…' }));
  return dialog;
}

describe('Hand off… in the item panel', () => {
  it('sends the item to Claude Code; the panel links the issue and the card shows it was sent', async () => {
    planBackend.seed([{ id: 'i', description: 'Checkout page', itemType: 2 }]);
    const user = userEvent.setup();
    const { idle } = renderBoard();
    const dialog = await openHandoff(user, 'Checkout page');
    expect(within(dialog).getByRole('radio', { name: /Copilot/ })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Extra instructions (optional)'), 'Reuse the Button.');
    await user.click(within(dialog).getByRole('button', { name: 'Send to Claude Code' }));

    const sent = await within(dialog).findByRole('status');
    expect(within(sent).getByRole('link', { name: 'issue #1 in acme/shop' })).toHaveAttribute(
      'href',
      'https://github.example/acme/shop/issues/1',
    );
    expect(handoffBackend.sent).toEqual([
      { itemId: 'i', automationKind: 0, agent: 'claude-code', instructions: 'Reuse the Button.' },
    ]);
    expect(within(dialog).getByRole('combobox', { name: 'Hand-off' })).toHaveValue('1');
    expect(within(dialog).getByRole('textbox', { name: 'Coding agent' })).toHaveValue(
      'https://github.example/acme/shop/issues/1',
    );
    expect(await within(dialog).findByTestId('handoff-history')).toHaveTextContent(
      'Claude Code · Waiting for the agent · issue #1',
    );
    expect(
      within(dialog).getByRole('link', { name: 'Issue #1 opened in acme/shop for Claude Code' }),
    ).toBeInTheDocument();
    // Nothing left unsaved: closing writes nothing back.
    expect(within(dialog).queryByText('Unsaved changes')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await act(idle);
    expect(planBackend.log.filter((entry) => entry.startsWith('update'))).toEqual([]);
    expect(screen.getByRole('button', { name: 'Checkout page' }).closest('[data-card-id]')).toHaveTextContent('Sent');
  });

  it('a refused item says why and can be sent anyway', async () => {
    planBackend.seed([{ id: 'v', description: 'Vague idea', itemType: 1 }]);
    handoffBackend.notReady = 'the item is not scheduled: put it on a day, week or milestone';
    const user = userEvent.setup();
    renderBoard();
    const dialog = await openHandoff(user, 'Vague idea');
    await user.click(within(dialog).getByRole('button', { name: 'Send to Claude Code' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Not ready to hand off: the item is not scheduled',
    );
    expect(handoffBackend.sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Send anyway' }));
    await waitFor(() => expect(handoffBackend.sent).toMatchObject([{ itemId: 'v', force: true }]));
  });

  it('waits for unsaved text to be saved, so the issue says what the panel shows', async () => {
    planBackend.seed([{ id: 'd', description: 'Draft text', itemType: 1 }]);
    const user = userEvent.setup();
    renderBoard();
    const dialog = await openHandoff(user, 'Draft text');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description (markdown)' }), ' more');
    expect(within(dialog).getByRole('button', { name: 'Send to Claude Code' })).toBeDisabled();
    expect(within(dialog).getByText(/Save your changes first/)).toBeInTheDocument();
  });
});
