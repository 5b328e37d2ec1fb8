import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { planBackend } from '../helpers/handlers/planBackend';
import { handoffBackend } from '../helpers/handlers/handoff';
import { githubBackend } from '../helpers/handlers/github';
import { contextBackend } from '../helpers/handlers/contextItems';
import { fakeLayout, renderBoard } from '../board/boardTestUtils';
import { GITHUB_APP_SETTINGS } from '../../../src/shared/githubSettings';

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
    Object.assign(githubBackend, { connected: true, repository: 'acme/shop', baseBranch: 'main' });
    const user = userEvent.setup();
    const { idle } = renderBoard();
    const dialog = await openHandoff(user, 'Checkout page');
    // Copilot is started as the sender: without their GitHub account it says so, with the fix one click away.
    await user.click(await within(dialog).findByRole('radio', { name: /Copilot — not ready/ }));
    const checks = within(dialog).getByRole('list', { name: 'Copilot readiness' });
    expect(checks).toHaveTextContent('✗ Your GitHub account connected');
    expect(within(dialog).getByRole('button', { name: 'Connect your GitHub account' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Claude Code' }));
    expect(within(dialog).queryByRole('list', { name: 'Copilot readiness' })).not.toBeInTheDocument();
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
      'Claude Code · Waiting for the agent',
    );
    expect(within(dialog).getByRole('link', { name: 'Issue #1' })).toHaveAttribute(
      'href',
      'https://github.example/acme/shop/issues/1',
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

  it('GitHub’s answer lost: the panel says the issue is not yet confirmed and the card is not marked sent', async () => {
    planBackend.seed([{ id: 'u', description: 'Refunds page', itemType: 2 }]);
    Object.assign(githubBackend, { connected: true, repository: 'acme/shop', baseBranch: 'main' });
    handoffBackend.unconfirmed = true;
    const user = userEvent.setup();
    const { idle } = renderBoard();
    const dialog = await openHandoff(user, 'Refunds page');
    await user.click(within(dialog).getByRole('button', { name: 'Send to Claude Code' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      /^GitHub did not answer in time, so it is not yet known whether the issue was opened/,
    );
    expect(within(dialog).getByRole('combobox', { name: 'Hand-off' })).toHaveValue('0');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await within(dialog).findByTestId('handoff-history')).toHaveTextContent(
      'Claude Code · Waiting for GitHub to confirm the issue',
    );
    await user.keyboard('{Escape}');
    await act(idle);
    expect(screen.getByRole('button', { name: 'Refunds page' }).closest('[data-card-id]')).not.toHaveTextContent(
      'Sent',
    );
  });

  it('sends to Copilot once the sender has connected their GitHub account', async () => {
    planBackend.seed([{ id: 'c', description: 'Coupon codes', itemType: 2 }]);
    Object.assign(githubBackend, {
      connected: true,
      repository: 'acme/shop',
      baseBranch: 'main',
      userLogin: 'octocat',
    });
    const user = userEvent.setup();
    renderBoard();
    const dialog = await openHandoff(user, 'Coupon codes');
    await user.click(await within(dialog).findByRole('radio', { name: 'Copilot' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send to Copilot' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Sent to Copilot: issue #1 in acme/shop');
    expect(handoffBackend.sent).toEqual([{ itemId: 'c', automationKind: 0, agent: 'copilot' }]);
  });

  it("sends to another of the installation's repositories and base branch when chosen", async () => {
    planBackend.seed([{ id: 'r', description: 'Docs page', itemType: 2 }]);
    Object.assign(githubBackend, { connected: true, repository: 'acme/shop', baseBranch: 'main' });
    const user = userEvent.setup();
    renderBoard();
    const dialog = await openHandoff(user, 'Docs page');
    const repository = await within(dialog).findByRole('combobox', { name: 'Repository' });
    expect(repository).toHaveValue('acme/shop');
    expect(within(dialog).getByRole('textbox', { name: 'Base branch' })).toHaveAttribute('placeholder', 'main');
    await user.selectOptions(repository, 'acme/docs');
    expect(within(dialog).getByRole('textbox', { name: 'Base branch' })).toHaveAttribute('placeholder', 'trunk');
    await user.type(within(dialog).getByRole('textbox', { name: 'Base branch' }), 'release');
    await user.click(within(dialog).getByRole('button', { name: 'Send to Claude Code' }));
    await waitFor(() =>
      expect(handoffBackend.sent).toEqual([
        { itemId: 'r', automationKind: 0, agent: 'claude-code', repository: 'acme/docs', baseBranch: 'release' },
      ]),
    );
  });

  it('hands the item to a local Claude Code: the commands to paste, and the token on a click', async () => {
    planBackend.seed([{ id: 't', description: 'Gift cards', itemType: 2 }]);
    const user = userEvent.setup();
    const { idle } = renderBoard();
    const dialog = await openHandoff(user, 'Gift cards');
    await user.click(within(dialog).getByRole('radio', { name: 'Terminal (Claude Code on your machine)' }));
    expect(within(dialog).getByRole('radio', { name: /Copilot/ })).toBeDisabled();
    expect(within(dialog).queryByRole('combobox', { name: 'Repository' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Extra instructions (optional)'), 'Use the Money type.');
    await user.click(within(dialog).getByRole('button', { name: 'Send to Claude Code' }));

    const terminal = await within(dialog).findByRole('status', { name: 'Terminal hand-off' });
    expect(handoffBackend.sent).toEqual([
      { itemId: 't', automationKind: 1, agent: 'claude-code', instructions: 'Use the Money type.' },
    ]);
    expect(terminal).toHaveTextContent(/claude mcp add --transport http baton-\S+-\d+ /);
    expect(terminal).toHaveTextContent("'Authorization: Bearer ${BATON_TOKEN}'");
    expect(terminal).toHaveTextContent('read -rs BATON_TOKEN');
    // What the token can read and write is said before it is made.
    expect(terminal).toHaveTextContent(
      'it reads every project, item and context item of your team, and on this item only records progress and links the pull request',
    );
    expect(terminal).toHaveTextContent("It cannot change this item's description, goals or test scenarios");
    expect(within(terminal).queryByLabelText('Item token')).not.toBeInTheDocument();
    await user.click(within(terminal).getByRole('button', { name: 'Make the token' }));
    const shown = await within(terminal).findByRole<HTMLInputElement>('textbox', { name: 'Item token' });
    expect(shown.value).toMatch(/^baton_mcp_item\d+$/);
    expect(terminal).toHaveTextContent(/Shown once/);
    // The token is never part of a command to paste: only the copy button carries it.
    expect(terminal).not.toHaveTextContent('baton_mcp_item');
    expect(within(terminal).getByRole('button', { name: 'Copy the token' })).toBeInTheDocument();
    expect(within(terminal).getAllByRole('button', { name: 'Copy' })).toHaveLength(3);
    // The panel follows what the server set: closing it writes nothing back (no stale hand-off status).
    await user.click(within(terminal).getByRole('button', { name: 'Done' }));
    expect(within(dialog).queryByText('Unsaved changes')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await act(idle);
    expect(planBackend.log.filter((entry) => entry.startsWith('update'))).toEqual([]);
    expect(screen.getByRole('button', { name: 'Gift cards' }).closest('[data-card-id]')).toHaveTextContent('Sent');
  });

  it('without GitHub on this Baton the terminal is chosen, the GitHub issue is off with all six settings and a docs link', async () => {
    githubBackend.configured = false;
    planBackend.seed([{ id: 't', description: 'Gift cards', itemType: 2 }]);
    const user = userEvent.setup();
    renderBoard();
    const dialog = await openHandoff(user, 'Gift cards');
    const terminalChoice = within(dialog).getByRole('radio', { name: 'Terminal (Claude Code on your machine)' });
    await waitFor(() => expect(terminalChoice).toBeChecked());
    const github = within(dialog).getByRole('radio', { name: /GitHub issue/ });
    expect(github).toBeDisabled();
    const why = document.getElementById(github.getAttribute('aria-describedby')!)!;
    for (const name of GITHUB_APP_SETTINGS) expect(why).toHaveTextContent(name);
    expect(within(why).getByRole('link', { name: 'how to set up GitHub' })).toHaveAttribute(
      'href',
      '/about/docs/handoff',
    );
    expect(dialog).not.toHaveTextContent('docs/handoff.md');
    await user.click(within(dialog).getByRole('button', { name: 'Send to Claude Code' }));
    await within(dialog).findByRole('status', { name: 'Terminal hand-off' });
    expect(handoffBackend.sent).toEqual([{ itemId: 't', automationKind: 1, agent: 'claude-code' }]);
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
    // The override stays visible after the send, naming what was skipped.
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Sent anyway, though it was refused: Not ready to hand off: the item is not scheduled: put it on a day, week or milestone.',
    );
  });

  it('shows the item checks before sending, with an unwritten parent context one click away', async () => {
    const rules = contextBackend.add({ title: 'Billing rules', body: '' });
    const invoices = contextBackend.add({ title: 'Invoices', body: 'Monthly.', parentContextItemId: rules.id });
    planBackend.seed([
      {
        id: 'p',
        description: 'Invoice PDF',
        goals: ['A PDF per invoice'],
        parentContextItemId: invoices.id,
        bucket: { scope: 0, assignedTimeframe: { span: 4, index: 0 } },
      },
    ]);
    const user = userEvent.setup();
    renderBoard();
    const dialog = await openHandoff(user, 'Invoice PDF');
    const checks = await within(dialog).findByRole('list', { name: 'Item readiness' });
    expect(checks).toHaveTextContent('✓ Item has a title');
    expect(checks).toHaveTextContent('✓ Item is scheduled');
    expect(checks).toHaveTextContent(
      '✗ Parent context is written — the parent context “Billing rules” has no text yet: write it on the Context page',
    );
    await user.click(within(checks).getByRole('button', { name: 'Write it' }));
    expect(await screen.findByRole('heading', { name: 'Context', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Billing rules');
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
