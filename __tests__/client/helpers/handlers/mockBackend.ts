import type { CoreApplicationContext } from '../../../../src/shared/contract/userAndTeam';
import { coreContextFixture } from '../fixtures';

/** The server state the msw handlers answer from; reset before each test. */
export const mockBackend = {
  signedIn: false,
  context: coreContextFixture(),
  reset() {
    this.signedIn = false;
    this.context = coreContextFixture();
  },
  signIn(context: CoreApplicationContext = coreContextFixture()) {
    this.signedIn = true;
    this.context = context;
  },
};

export const ok = (data?: unknown) => (data === undefined ? { result: 'Ok' } : { result: 'Ok', data });
export const unauthorizedBody = { result: 'Unauthorized', message: 'Sign in to continue' };
