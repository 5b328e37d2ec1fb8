import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { mockBackend } from '../helpers/handlers/mockBackend';
import { agentBackend } from '../helpers/handlers/agent';
import { planBackend } from '../helpers/handlers/planBackend';
import { server } from '../helpers/server';
import { coreContextFixture } from '../helpers/fixtures';
import { renderApp, sessionState } from '../sites/renderApp';
import { Scope } from '../../../src/shared/enums';
import { fakeLayout } from '../board/boardTestUtils';

// The board lays out only the columns it can see; jsdom has no layout of its own.
fakeLayout();

function signedIn() {
  const context = coreContextFixture('ada@example.com');
  mockBackend.signIn(context);
  return sessionState({
    context: structuredClone(context),
    status: 'signedIn',
    lastAuthExtensionTimestamp: Date.now(),
  });
}

/** The item whose card holds the focus, if any. */
const focusedCardId = () => document.activeElement?.closest('[data-card-id]')?.getAttribute('data-card-id') ?? null;

const bulkCreates = () => planBackend.log.filter((entry) => entry.startsWith('bulk-create'));

describe('the drafting flows’ names', () => {
  afterEach(() => document.querySelector('meta[name="baton-config"]')?.remove());

  test('say “AI” only when this Baton has an AI provider', async () => {
    const { unmount } = renderApp('/', signedIn());
    expect(await screen.findByRole('link', { name: 'Add items from a description…' })).toBeInTheDocument();
    expect(screen.queryByText(/with AI/)).not.toBeInTheDocument();
    unmount();
    const meta = document.createElement('meta');
    meta.name = 'baton-config';
    meta.content = JSON.stringify({ aiDrafts: true });
    document.head.append(meta);
    renderApp('/', signedIn());
    expect(await screen.findByRole('link', { name: 'Add items with AI…' })).toBeInTheDocument();
  });
});

describe('item creation (/flows/add-items)', () => {
  test('from the toolbar: describe, refine, edit the preview, and add the items to a chosen bucket', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/', signedIn());
    // No AI provider here: the built-in drafter is never presented as AI.
    await user.click(await screen.findByRole('link', { name: 'Add items from a description…' }));
    await waitFor(() => expect(router.location.pathname).toBe('/flows/add-items'));

    await user.type(await screen.findByLabelText('Description'), 'Checkout\n- Card payments\n- Receipts by e-mail');
    await user.selectOptions(screen.getByLabelText('Mostly'), 'Implementation');
    await user.click(screen.getByRole('button', { name: 'Next: refine' }));

    const refined = await screen.findByLabelText('Refined description (markdown)');
    // The drafter adds the questions a planner would ask; they never become items.
    expect((refined as HTMLTextAreaElement).value).toMatch(
      /^Checkout\n- Card payments\n- Receipts by e-mail\n\n## Open questions\n\n- Who is this for/,
    );
    expect(screen.getByText(/Drafted by Baton's built-in drafter \(no AI\)/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Goals'), 'Pay in one step');
    await user.click(screen.getByRole('button', { name: 'Next: preview the items' }));

    const preview = await screen.findByRole('list', { name: 'Items to add' });
    // The intro line is no item: it goes with the first, so nothing written is lost.
    expect(within(preview).getByLabelText('Item 1')).toHaveValue('Card payments\n\nPart of: Checkout');
    expect(within(preview).getByLabelText('Item 2')).toHaveValue('Receipts by e-mail');
    await user.clear(within(preview).getByLabelText('Item 1'));
    await user.type(within(preview).getByLabelText('Item 1'), 'Card payments (Stripe)');
    const kinds = within(preview).getAllByLabelText('Kind');
    await user.selectOptions(kinds[1]!, 'Go-to-market');
    await user.selectOptions(screen.getByLabelText('Add them to'), `${Scope.OutOfScope}:unscheduled`);
    await user.click(screen.getByRole('button', { name: 'Add 2 items to the board' }));

    expect(await screen.findByRole('heading', { name: '2 items added' })).toBeInTheDocument();
    expect(bulkCreates()).toEqual(['bulk-create 2']);
    const added = planBackend.items.slice(-2);
    expect(added.map((item) => [item.itemType, item.description, item.goals])).toEqual([
      [2, 'Card payments (Stripe)', ['Pay in one step']],
      [3, 'Receipts by e-mail', ['Pay in one step']],
    ]);
    expect(planBackend.contextOf(added[0]!, 'project-1')).toMatchObject({
      scope: Scope.OutOfScope,
      assignedTimeframe: null,
    });
    expect(agentBackend.draft('add-multiple-items')).toMatchObject({
      step: 'Complete',
      inputModel: { added: 2 },
      content: { items: { items: [{ description: 'Card payments (Stripe)' }, { description: 'Receipts by e-mail' }] } },
    });

    await user.click(screen.getByRole('link', { name: 'Open the board' }));
    await waitFor(() => expect(router.location.pathname).toBe('/'));
    expect(await screen.findByText('Card payments (Stripe)')).toBeInTheDocument();
  });

  test('resumes at the preview; a refused add keeps the edited items and says why', async () => {
    agentBackend.store('add-multiple-items', {
      step: 'PreviewItems',
      inputModel: { description: 'Launch' },
      content: {
        refinedDescription: { refinedDescription: 'Launch', goals: [] },
        items: { items: [{ itemType: 3, description: 'Blog post' }] },
      },
    });
    server.use(
      http.post(`${location.origin}/v1/teams/active/project-items/all/bulk-create`, () =>
        HttpResponse.json(
          { result: 'QuotaLimit', message: 'Your plan allows 10 items per project.', quotaKind: 'project-items' },
          { status: 403 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp('/flows/add-items', signedIn());
    const item = await screen.findByLabelText('Item 1');
    expect(item).toHaveValue('Blog post');
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Preview');
    await user.type(item, ' and newsletter');
    await user.click(screen.getByRole('button', { name: 'Add 1 item to the board' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/10 items per project/);
    expect(agentBackend.draft('add-multiple-items')).toMatchObject({
      step: 'PreviewItems',
      content: { items: { items: [{ itemType: 3, description: 'Blog post and newsletter' }] } },
    });
  });

  test('“Added 2 items” can be undone: both are deleted again, through the ordinary delete', async () => {
    agentBackend.store('add-multiple-items', {
      step: 'PreviewItems',
      inputModel: { description: 'Launch' },
      content: {
        refinedDescription: { refinedDescription: 'Launch', goals: [] },
        items: {
          items: [
            { itemType: 3, description: 'Blog post' },
            { itemType: 3, description: 'Newsletter' },
          ],
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/flows/add-items', signedIn());
    await user.click(await screen.findByRole('button', { name: 'Add 2 items to the board' }));
    expect(await screen.findByRole('heading', { name: '2 items added' })).toBeInTheDocument();
    const added = planBackend.items.slice(-2).map((item) => item.id);
    const toast = await waitFor(() => {
      const region = screen.getAllByRole('status').find((status) => status.textContent?.includes('Undo'));
      expect(region).toHaveTextContent('Added 2 items.');
      return region!;
    });
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(planBackend.log).toEqual(expect.arrayContaining(added.map((id) => `delete ${id}`))));
    expect(planBackend.items.map((item) => item.description)).not.toContain('Blog post');
  });

  test('refuses to go on with nothing described, and stores nothing', async () => {
    const user = userEvent.setup();
    renderApp('/flows/add-items', signedIn());
    await user.click(await screen.findByRole('button', { name: 'Next: refine' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Describe the work to add first.');
    expect(agentBackend.puts).toEqual([]);
    expect(agentBackend.generations).toEqual([]);
  });
});

describe('per-item flows from the item panel', () => {
  function seedPayments() {
    const [item] = planBackend.seed([
      {
        itemType: 2,
        description: 'Payments\n- Card\n- PayPal',
        bucket: { scope: Scope.InScope, assignedTimeframe: null },
      },
    ]);
    return item!;
  }

  test('Split… proposes parts, lets them be edited, and splits the item', async () => {
    const item = seedPayments();
    const user = userEvent.setup();
    const { router } = renderApp('/', signedIn());
    await user.click(await screen.findByRole('button', { name: 'Payments' }));
    // The built-in drafter (no AI provider here) is not presented as AI.
    expect(await screen.findByRole('button', { name: 'Add next to it…' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Split…' }));
    await waitFor(() => expect(router.location.pathname).toBe(`/flows/split/${item.id}`));

    expect(await screen.findByRole('heading', { name: 'Split Payments' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Propose parts' }));
    const first = await screen.findByLabelText('Part 1 (stays as this item)');
    expect((first as HTMLTextAreaElement).value).toMatch(/^Card/);
    await user.click(screen.getByRole('button', { name: 'Add a part' }));
    await user.type(screen.getByLabelText('Part 3 (a new item)'), 'Apple Pay');
    await user.click(screen.getByRole('button', { name: 'Split into 3 items' }));

    await waitFor(() => expect(router.location.pathname).toBe('/'));
    expect(planBackend.log).toContain(`split ${item.id} into 3`);
    expect(await screen.findByText('Apple Pay')).toBeInTheDocument();
    // Focus lands on the item that kept the first part, not on <body>.
    await waitFor(() => expect(focusedCardId()).toBe(item.id));
    // Applied: the proposal is cleared for the next time.
    expect(agentBackend.draft('split-project-item', item.id)).toMatchObject({ step: null, content: {} });
  });

  test('Split… will not split into fewer than two parts', async () => {
    const item = seedPayments();
    agentBackend.store(
      'split-project-item',
      { step: 'Parts', inputModel: {}, content: { parts: { parts: [{ description: 'A' }, { description: 'B' }] } } },
      item.id,
    );
    const user = userEvent.setup();
    renderApp(`/flows/split/${item.id}`, signedIn());
    await user.click(await screen.findByRole('button', { name: 'Remove part 2' }));
    // Focus goes to the part before the removed one, not to <body>.
    await waitFor(() => expect(screen.getByLabelText('Part 1 (stays as this item)')).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Split into 1 items' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Keep at least two parts');
    expect(planBackend.log.filter((entry) => entry.startsWith('split'))).toEqual([]);
  });

  test('Add next to it drafts a new item with the named one as context and adds it to the same bucket', async () => {
    const item = seedPayments();
    const user = userEvent.setup();
    const { router } = renderApp(`/flows/add-item/${item.id}`, signedIn());
    expect(await screen.findByRole('heading', { name: 'Add next to Payments' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Description'), 'Refunds');
    await user.click(screen.getByRole('button', { name: 'Next: refine' }));
    const refined = await screen.findByLabelText('Description (markdown)');
    expect((refined as HTMLTextAreaElement).value).toContain('Related to: Payments');
    await user.click(screen.getByRole('button', { name: 'Add to the board' }));

    await waitFor(() => expect(router.location.pathname).toBe('/'));
    expect(bulkCreates()).toEqual(['bulk-create 1']);
    const added = planBackend.items.at(-1)!;
    expect(added.description).toContain('Refunds');
    expect(added.itemType).toBe(2);
    expect(planBackend.contextOf(added, 'project-1')).toMatchObject({ scope: Scope.InScope, assignedTimeframe: null });
    // Focus lands on the new item's card, not on <body>.
    await waitFor(() => expect(focusedCardId()).toBe(added.id));
  });
});
