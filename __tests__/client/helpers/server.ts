import { setupServer } from 'msw/node';
import { authHandlers } from './handlers/auth';
import { userAndTeamHandlers } from './handlers/userAndTeam';
import { teamsHandlers } from './handlers/teams';
import { accountHandlers } from './handlers/account';
import { projectsHandlers } from './handlers/projects';
import { itemsHandlers } from './handlers/items';
import { agentHandlers } from './handlers/agent';
import { githubHandlers } from './handlers/github';
import { contextItemHandlers } from './handlers/contextItems';
import { handoffHandlers } from './handlers/handoff';
import { mcpHandlers } from './handlers/mcp';
import { commentsHandlers } from './handlers/comments';

/** msw with the handlers of every API group; tests override single calls with `server.use`. */
export const server = setupServer(
  ...authHandlers,
  ...userAndTeamHandlers,
  ...teamsHandlers,
  ...accountHandlers,
  ...projectsHandlers,
  ...itemsHandlers,
  ...agentHandlers,
  ...githubHandlers,
  ...contextItemHandlers,
  ...handoffHandlers,
  ...mcpHandlers,
  ...commentsHandlers,
);
