import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveActiveTeamId } from '../services/coreContext';
import { unauthorized } from '../errors';

/** The signed-in user and the team every /teams/active call is scoped to. */
export async function requireActiveTeam(app: FastifyInstance, request: FastifyRequest) {
  const auth = request.auth;
  if (!auth) throw unauthorized();
  const teamId = auth.activeTeamId ?? (await app.db.transaction((tx) => resolveActiveTeamId(tx, auth.userId)));
  return { userId: auth.userId, teamId, role: auth.role };
}
