import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockBackend } from '../helpers/handlers/mockBackend';
import { contextBackend } from '../helpers/handlers/contextItems';
import { planBackend } from '../helpers/handlers/planBackend';
import { coreContextFixture } from '../helpers/fixtures';
import { renderApp, sessionState } from '../sites/renderApp';
import { fakeLayout } from '../board/boardTestUtils';
import { chainOf, selfAndDescendants } from '../../../src/client/features/context/contextTree';

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

const list = () => screen.getByRole('navigation', { name: 'Context items' });

describe('the context page (/context)', () => {
  test('explains itself when empty, then adds one that appears in the list and the address', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/context', signedIn());
    expect(await screen.findByText(/Nothing yet\. Add the decisions and constraints/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New context item' }));
    await user.type(screen.getByLabelText('Title'), 'Payments go through Stripe');
    await user.selectOptions(screen.getByLabelText('Kind'), 'decision');
    await user.type(screen.getByLabelText('Body (markdown)'), 'Decided in **March**.');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    const entry = await within(list()).findByRole('button', { name: /Payments go through Stripe/ });
    await waitFor(() => expect(entry).toHaveAttribute('aria-current', 'true'));
    expect(router.location.search).toBe('?id=ctx-1');
    expect(contextBackend.items[0]).toMatchObject({ title: 'Payments go through Stripe', kind: 'decision' });
    expect(screen.getByRole('heading', { name: 'Edit context item' })).toBeInTheDocument();
  });

  test('edits one, sets its parent (shown as “under …”), and refuses a cycle with the server’s message', async () => {
    const product = contextBackend.add({ title: 'Product: meal planner' });
    const area = contextBackend.add({ title: 'Area: payments', parentContextItemId: product.id });
    const team = contextBackend.add({ title: 'Team handbook' });
    const user = userEvent.setup();
    renderApp(`/context?id=${product.id}`, signedIn());
    expect(await screen.findByLabelText('Title')).toHaveValue('Product: meal planner');
    // Its own descendants are not offered as its parent.
    const parentChoices = within(screen.getByLabelText('Parent')).getAllByRole('option');
    expect(parentChoices.map((option) => option.textContent)).toEqual(['None (a root)', 'Team handbook']);

    await user.click(within(list()).getByRole('button', { name: /Area: payments/ }));
    expect(await screen.findByTestId('context-chain')).toHaveTextContent('Under Product: meal planner');
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Area: checkout');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await within(list()).findByRole('button', { name: /Area: checkout.*under Product: meal planner/ }),
    ).toBeInTheDocument();
    expect(contextBackend.calls).toEqual([`put ${area.id}`]);

    // The server refuses what the client could not know: another tab put "Team" under the product meanwhile.
    await user.click(within(list()).getByRole('button', { name: /^Product: meal planner/ }));
    await user.selectOptions(screen.getByLabelText('Parent'), team.id);
    team.parentContextItemId = product.id;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('cannot sit under itself or one of its children');
    expect(contextBackend.items.find((c) => c.id === product.id)?.parentContextItemId).toBeNull();
  });

  test('deletes after a confirming second click; the items under it are said to be kept', async () => {
    const doomed = contextBackend.add({ title: 'Old constraint' });
    const user = userEvent.setup();
    const { router } = renderApp(`/context?id=${doomed.id}`, signedIn());
    await user.click(await screen.findByRole('button', { name: 'Delete…' }));
    expect(screen.getByText(/Items and context under it are kept/)).toBeInTheDocument();
    expect(contextBackend.calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Yes, delete it' }));
    await waitFor(() => expect(contextBackend.items).toEqual([]));
    // The server has deleted it; the page drops the id from the address once the answer is in.
    await waitFor(() => expect(router.location.search).toBe(''));
    expect(await screen.findByText(/Nothing yet/)).toBeInTheDocument();
  });
});

describe('the parent context in the item panel', () => {
  test('shows the chain of the chosen parent and saves the choice with the item', async () => {
    const product = contextBackend.add({ title: 'Product' });
    const decision = contextBackend.add({ title: 'Decision: Stripe', parentContextItemId: product.id });
    planBackend.seed([{ id: 'i', description: 'Checkout page', itemType: 2 }]);
    const user = userEvent.setup();
    renderApp('/', signedIn());
    await user.click(await screen.findByRole('button', { name: 'Checkout page' }));
    const dialog = await screen.findByRole('dialog');
    const select = await within(dialog).findByLabelText('Parent context');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(select, decision.id);
    expect(within(dialog).getByTestId('parent-context-chain')).toHaveTextContent('Product › Decision: Stripe');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(planBackend.items.find((item) => item.id === 'i')?.parentContextItemId).toBe(decision.id),
    );
    await act(async () => undefined);
  });
});

describe('context chains', () => {
  const items = [
    { id: 'a', title: 'A', parentContextItemId: null },
    { id: 'b', title: 'B', parentContextItemId: 'a' },
    { id: 'c', title: 'C', parentContextItemId: 'b' },
    { id: 'x', title: 'X', parentContextItemId: 'y' },
    { id: 'y', title: 'Y', parentContextItemId: 'x' },
  ];
  test('walks up nearest first and ends on a cycle', () => {
    expect(chainOf(items, 'c').map((item) => item.id)).toEqual(['c', 'b', 'a']);
    expect(chainOf(items, 'x').map((item) => item.id)).toEqual(['x', 'y']);
    expect(chainOf(items, null)).toEqual([]);
  });
  test('finds everything under an item', () => {
    expect([...selfAndDescendants(items, 'a')].sort()).toEqual(['a', 'b', 'c']);
    expect([...selfAndDescendants(items, 'x')].sort()).toEqual(['x', 'y']);
  });
});
