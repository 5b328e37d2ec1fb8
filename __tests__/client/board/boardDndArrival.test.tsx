import { screen, waitFor } from '@testing-library/react';
import { mockBackend } from '../helpers/handlers/mockBackend';
import { coreContextFixture } from '../helpers/fixtures';
import { renderApp, signedInState } from '../sites/renderApp';

// Drag and drop's chunk, held until the test lets it arrive.
const mockDnd = { release: () => {} };
jest.mock('../../../src/client/features/board/dnd/loadBoardDnd', () => {
  const actual = jest.requireActual('../../../src/client/features/board/dnd/loadBoardDnd');
  let loaded: unknown = null;
  let arriving: Promise<unknown> | null = null;
  return {
    loadedBoardDnd: () => loaded,
    loadBoardDnd: () =>
      (arriving ??= new Promise((resolve) => {
        mockDnd.release = () =>
          void actual.loadBoardDnd().then((module: unknown) => {
            loaded = module;
            resolve(module);
          });
      })),
  };
});

test('the columns appear once drag and drop is in place, so nothing opened on them is swapped away', async () => {
  mockBackend.signIn(coreContextFixture('ada@example.com'));
  const { store } = renderApp('/', signedInState('ada@example.com'));
  await waitFor(() => expect(store.getState().items.status).toBe('ready'));
  expect(screen.getByRole('region', { name: 'Board' })).toHaveAttribute('aria-busy', 'true');
  expect(screen.queryAllByRole('button', { name: /^Add item to/ })).toEqual([]);

  mockDnd.release();
  expect((await screen.findAllByRole('button', { name: /^Add item to/ })).length).toBeGreaterThan(0);
  expect(screen.getByRole('region', { name: 'Board' })).not.toHaveAttribute('aria-busy');
});
