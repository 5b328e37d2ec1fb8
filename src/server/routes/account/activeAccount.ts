import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findTeam } from '../../repositories/teams';
import { requireActiveTeam } from '../activeTeam';
import { forbidden, notFound } from '../../errors';

/** The account of the active team (the userContext's activeAccountId), with the signed-in user and team. */
export async function requireActiveAccount(app: FastifyInstance, request: FastifyRequest) {
  const active = await requireActiveTeam(app, request);
  const team = await findTeam(app.db, active.teamId);
  if (!team) throw notFound('Team not found');
  return { ...active, accountId: team.accountId };
}

/**
 * As requireActiveAccount, for billing: only the account's owner — the user whose e-mail is the
 * account id (spec §6) — may change it, whatever their role in the team. Others get 403.
 */
export async function requireAccountOwner(app: FastifyInstance, request: FastifyRequest) {
  const active = await requireActiveAccount(app, request);
  if (request.auth?.emailAddress !== active.accountId)
    throw forbidden('Only the owner of this account can change its billing.');
  return active;
}
