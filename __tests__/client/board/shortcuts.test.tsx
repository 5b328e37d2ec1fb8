import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { planBackend } from '../helpers/handlers/planBackend';
import { mockBackend } from '../helpers/handlers/mockBackend';
import { fakeLayout, renderBoard } from './boardTestUtils';
import { itemOf } from '../../../src/client/features/items/itemsSlice';

fakeLayout();

const announcer = () => screen.getByTestId('board-announcer');

function seed() {
  planBackend.seed([
    { id: 'a', description: 'Alpha' },
    { id: 'b', description: 'Beta' },
  ]);
}

describe('keyboard shortcuts and the command palette', () => {
  it('I assigns the focused card to me and back; Delete twice deletes it', async () => {
    const user = userEvent.setup();
    seed();
    const { store, idle } = renderBoard();
    const me = store.getState().coreContext.context!.userContext.userId;
    (await screen.findByRole('button', { name: 'Alpha' })).focus();
    await user.keyboard('i');
    expect(itemOf(store.getState().items, 'a')?.plan.assignedToUserId).toBe(me);
    await waitFor(() => expect(announcer()).toHaveTextContent('assigned to you'));
    await act(idle);
    await user.keyboard('i');
    expect(itemOf(store.getState().items, 'a')?.plan.assignedToUserId).toBeNull();
    await act(idle);

    await user.keyboard('{Delete}');
    await waitFor(() => expect(announcer()).toHaveTextContent('Press Delete again to delete AE-1.'));
    expect(screen.getByRole('button', { name: 'Alpha' })).toBeInTheDocument();
    await user.keyboard('{Delete}');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Alpha' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Beta' })).toHaveFocus());
    await act(idle);
    expect(planBackend.items.map((item) => item.id)).toEqual(['b']);
  });

  it('? shows the shortcuts; Ctrl-K opens the palette, which acts on the focused card', async () => {
    const user = userEvent.setup();
    seed();
    const { store, idle } = renderBoard();
    (await screen.findByRole('button', { name: 'Beta' })).focus();
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(sheet).getByText('Assign to me, or unassign me')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    screen.getByRole('button', { name: 'Beta' }).focus();
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    expect(within(palette).getByText('Item AE-2')).toBeInTheDocument();
    await user.keyboard('mark complete');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(itemOf(store.getState().items, 'b')?.completionDate).toEqual(expect.any(String));
    await act(idle);

    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: 'Command palette' });
    await user.keyboard('settings mcp{Enter}');
    expect(await screen.findByRole('heading', { name: 'MCP', level: 1 })).toBeInTheDocument();
  });

  it('the palette finds items by key or words of the title in any project, locks the page and injects no <style>', async () => {
    const user = userEvent.setup();
    seed();
    mockBackend.context.availableProjects.push({
      id: 'project-2',
      description: 'Launch',
      projectDescription: '',
      status: 0,
      milestones: [],
      version: 1,
    });
    planBackend.seed([{ id: 'c', description: 'Launch party\nwith cake' }], 'project-2');
    const { router } = renderBoard();
    await screen.findByRole('button', { name: 'Alpha' });
    const styles = document.querySelectorAll('style').length;
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    expect(palette).toHaveAttribute('aria-modal', 'true');
    expect(document.documentElement).toHaveAttribute('data-scroll-locked');
    expect(document.querySelectorAll('style').length).toBe(styles);

    await user.keyboard('party');
    const hit = await within(palette).findByRole('option', { name: /AE-3 Launch party/ });
    expect(hit).not.toHaveTextContent('with cake');
    await user.clear(within(palette).getByRole('combobox'));
    await user.keyboard('ae-2');
    expect(await within(palette).findByRole('option', { name: /AE-2 Beta/ })).toBeInTheDocument();
    await user.clear(within(palette).getByRole('combobox'));
    await user.keyboard('party');
    await user.click(await within(palette).findByRole('option', { name: /AE-3 Launch party/ }));
    await waitFor(() => expect(router.location.pathname).toBe('/items/AE-3'));
    expect(document.documentElement).not.toHaveAttribute('data-scroll-locked');
  });

  it('the palette finds projects and settings by name', async () => {
    const user = userEvent.setup();
    seed();
    renderBoard();
    await screen.findByRole('button', { name: 'Alpha' });
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.keyboard('members');
    expect(within(palette).getByRole('option', { name: 'Settings: members' })).toBeInTheDocument();
    expect(within(palette).queryByRole('option', { name: /Theme/ })).not.toBeInTheDocument();
  });
});
