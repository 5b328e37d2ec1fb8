import { allItemsIn } from '../../../src/client/features/items/itemShards';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { planBackend } from '../helpers/handlers/planBackend';
import { renderApp } from '../sites/renderApp';
import { signedInBoardState } from '../items/boardStore';
import { fakeLayout } from '../board/boardTestUtils';
import { parseSnapshot } from '../../../src/client/features/support/snapshot';

fakeLayout();

/** jsdom has no object URLs: the download's blob is caught here. */
function catchDownloads() {
  const blobs: Blob[] = [];
  const create = jest.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:snapshot';
  });
  Object.assign(URL, { createObjectURL: create, revokeObjectURL: jest.fn() });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return { blobs, click };
}

describe('Export state for support', () => {
  it('from the top bar: a dialog with "Include content" ticked; unticked, the file leaves the texts out', async () => {
    const user = userEvent.setup();
    planBackend.seed([{ id: 'a', description: 'Secret plan' }]);
    const { blobs, click } = catchDownloads();
    renderApp('/?q=', signedInBoardState());
    await screen.findByRole('button', { name: 'Secret plan' });
    await user.click(screen.getByRole('button', { name: 'Export state for support' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export state for support' });
    const include = within(dialog).getByRole('checkbox', { name: 'Include content' });
    expect(include).toBeChecked();
    await user.click(include);
    await user.click(within(dialog).getByRole('button', { name: 'Download snapshot' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(click).toHaveBeenCalledTimes(1);
    // Focus goes back to the button that opened it, not to <body>.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export state for support' })).toHaveFocus());
    const parsed = parseSnapshot(await blobs[0]!.text());
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.snapshot.includesContent).toBe(false);
    expect(parsed.snapshot.route).toBe('/');
    expect(parsed.snapshot.recentActions).toContain('items/boardLoaded');
    expect(JSON.stringify(parsed.snapshot)).not.toContain('Secret plan');
    expect(allItemsIn(parsed.snapshot.state.items.shards).map((item) => item.description)).toEqual([
      '[content removed]',
    ]);
  });

  it('the app’s error screen offers it too', async () => {
    renderApp('/no/such/page', signedInBoardState());
    expect(await screen.findByRole('button', { name: 'Export state for support' })).toBeInTheDocument();
  });
});
