import { renderApp } from '../sites/renderApp';
import { signedInBoardState } from '../items/boardStore';
import { itemQueuesIdle } from '../../../src/client/features/items/itemsListeners';

const patched = ['clientHeight', 'clientWidth', 'offsetHeight', 'offsetWidth'] as const;

/** jsdom has no layout: give every element a screenful so the virtualised columns render their cards. */
export function fakeLayout(height = 800, width = 280) {
  const originals = patched.map((name) => Object.getOwnPropertyDescriptor(HTMLElement.prototype, name));
  beforeAll(() => {
    for (const name of patched) {
      Object.defineProperty(HTMLElement.prototype, name, {
        configurable: true,
        get: () => (name.endsWith('Height') ? height : width),
      });
    }
  });
  afterAll(() => {
    patched.forEach((name, index) => {
      const original = originals[index];
      if (original) Object.defineProperty(HTMLElement.prototype, name, original);
      else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
    });
  });
}

/** The whole app at / for a signed-in user whose active project is project-1. */
export function renderBoard() {
  const view = renderApp('/', signedInBoardState());
  return { ...view, idle: () => itemQueuesIdle(view.store.getState) };
}
