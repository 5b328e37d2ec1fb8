import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockBackend } from '../helpers/handlers/mockBackend';
import { fakeLayout, renderBoard } from '../board/boardTestUtils';

fakeLayout();

/** Another member saves the project while this user has its settings open. */
function savedElsewhere(fields: Record<string, unknown>) {
  const project = mockBackend.context.availableProjects[0]!;
  Object.assign(project, fields, { version: project.version + 1 });
}

async function openSettings(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Project settings' }));
  return screen.findByRole('dialog', { name: 'Project settings' });
}

describe('project settings someone else changed (versions)', () => {
  it('keeps the user’s name when the other person renamed it too, and offers it again', async () => {
    const user = userEvent.setup();
    const { idle } = renderBoard();
    const dialog = await openSettings(user);
    savedElsewhere({ description: 'Their name' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'My name');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await act(idle);

    expect(
      await screen.findByText(/Someone else changed the project “Their name” while you were editing it/),
    ).toBeInTheDocument();
    expect(mockBackend.context.availableProjects[0]).toMatchObject({ description: 'Their name', version: 2 });
    // The store shows what the server holds, not the refused name.
    expect(await screen.findByRole('button', { name: /Project: Their name/ })).toBeInTheDocument();

    const again = await openSettings(user);
    expect(within(again).getByRole('alert')).toHaveTextContent(
      'Someone else changed the name while you were editing. Your values are filled in below; Save applies them (their name: “Their name”).',
    );
    expect(within(again).getByRole('textbox', { name: 'Name' })).toHaveValue('My name');
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(mockBackend.context.availableProjects[0]).toMatchObject({ description: 'My name', version: 3 }),
    );
    const third = await openSettings(user);
    expect(within(third).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends only what the user changed, on top of another person’s change to other settings', async () => {
    const user = userEvent.setup();
    const { idle } = renderBoard();
    const dialog = await openSettings(user);
    savedElsewhere({ projectDescription: 'Their description' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), ' renamed');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await act(idle);
    await waitFor(() =>
      expect(mockBackend.context.availableProjects[0]).toMatchObject({
        description: 'First project renamed',
        projectDescription: 'Their description',
        version: 3,
      }),
    );
    expect(screen.queryByText(/Someone else changed/)).not.toBeInTheDocument();
  });
});
