import type { FastifyInstance } from 'fastify';
import { call, signInAs } from '../server/helpers/testApp';
import { createItem } from '../server/helpers/planning';
import { invite, join } from '../server/helpers/members';
import type { Pools } from './schemaArbitrary';

export interface Team {
  cookie: string;
  emailAddress: string;
  userId: string;
  teamId: string;
  projectId: string;
  itemIds: string[];
}

/** A signed-in Admin with a team, a project and one item of each kind. */
export async function teamWithItems(app: FastifyInstance, emailAddress: string): Promise<Team> {
  const { cookie, context } = await signInAs(app, emailAddress);
  const projectId = context.availableProjects[0].id as string;
  const itemIds: string[] = [];
  for (const kind of ['demos', 'implementations', 'gtm'] as const)
    itemIds.push((await createItem(app, cookie, projectId, { kind, item: { description: `A ${kind} item` } })).id);
  return {
    cookie,
    emailAddress,
    userId: context.userContext.userId,
    teamId: context.activeTeam.id,
    projectId,
    itemIds,
  };
}

/**
 * What one operation is fuzzed against: a fresh team (so a destructive call cannot starve the next
 * operation), a member, an open invite and a second project; plus another team's ids, which must
 * never answer anything but NotFound or Unauthorized.
 */
export async function fuzzFixture(app: FastifyInstance, name: string, foreign: Team) {
  const owner = await teamWithItems(app, `${name}@example.com`);
  const member = await join(app, owner.cookie, `${name}-member@example.com`);
  const openInvite = await invite(app, owner.cookie, `${name}-invited@example.com`);
  const secondProject = await call(app, 'POST', '/v1/teams/active/projects', {
    cookie: owner.cookie,
    body: { description: 'Second project' },
  });
  const secondProjectId =
    secondProject.statusCode === 200 ? (secondProject.json().data?.id as string | undefined) : undefined;
  const pools: Pools = {
    projects: [owner.projectId, ...(secondProjectId ? [secondProjectId] : []), foreign.projectId],
    items: [...owner.itemIds, foreign.itemIds[0]!],
    users: [owner.userId, member.userId, foreign.userId],
    teams: [owner.teamId, foreign.teamId],
    inviteCodes: [openInvite, 'NOSUCHCODE1234'],
    emails: [owner.emailAddress, `${name}-invited@example.com`, foreign.emailAddress, `${name}-new@example.com`],
    all: [],
  };
  pools.all = [...pools.projects, ...pools.items, ...pools.users, ...pools.teams];
  return { owner, pools };
}
