import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveActiveTeamId } from '../services/coreContext';
import { findMembership } from '../repositories/teams';
import { forbidden, unauthorized } from '../errors';
import { TeamRole } from '../../shared/enums';

/** The signed-in user and the team every /teams/active call is scoped to, with the user's role in it. */
export async function requireActiveTeam(app: FastifyInstance, request: FastifyRequest) {
  const auth = request.auth;
  if (!auth) throw unauthorized();
  if (auth.activeTeamId !== null && auth.role !== null) {
    return { userId: auth.userId, teamId: auth.activeTeamId, role: auth.role };
  }
  // No active team yet, or no longer a member of it: land in another team, with the role held there.
  return app.db.transaction(async (tx) => {
    const teamId = await resolveActiveTeamId(tx, auth.userId);
    const membership = await findMembership(tx, teamId, auth.userId);
    return { userId: auth.userId, teamId, role: (membership?.role ?? TeamRole.Editor) as TeamRole };
  });
}

/** As requireActiveTeam, for what only an Admin may do (team name, members, roles, invites): 403 otherwise. */
export async function requireAdmin(app: FastifyInstance, request: FastifyRequest) {
  const active = await requireActiveTeam(app, request);
  if (active.role !== TeamRole.Admin) throw forbidden('Only an Admin of this team can do this.');
  return active;
}
