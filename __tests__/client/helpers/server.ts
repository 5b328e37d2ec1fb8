import { setupServer } from 'msw/node';
import { authHandlers } from './handlers/auth';
import { userAndTeamHandlers } from './handlers/userAndTeam';

/** msw with the handlers of every API group; tests override single calls with `server.use`. */
export const server = setupServer(...authHandlers, ...userAndTeamHandlers);
