import { randomUUID } from 'node:crypto';
import type { Db } from '../db/types';
import { insertMembership, insertTeam } from '../repositories/teams';
import { insertProject } from '../repositories/projects';
import { TeamRole } from '../../shared/enums';

/** The prefix of a team's item keys: the first letters of its name, e.g. "Ada's team" → ADA. */
export function teamKeyFor(teamName: string): string {
  const letters = teamName.toUpperCase().replace(/[^A-Z]/g, '');
  return (letters.slice(0, 3) || 'BAT').padEnd(3, 'X');
}

/** Creates a team owned by the account, with the creator as Admin and a first project. */
export async function createTeamWithFirstProject(
  db: Db,
  input: { accountId: string; userId: string; teamName: string },
): Promise<{ teamId: string; projectId: string }> {
  const teamId = randomUUID();
  const projectId = randomUUID();
  await insertTeam(db, {
    id: teamId,
    accountId: input.accountId,
    teamName: input.teamName,
    teamKey: teamKeyFor(input.teamName),
  });
  await insertMembership(db, { teamId, userId: input.userId, role: TeamRole.Admin });
  await insertProject(db, { id: projectId, teamId, description: 'First project' });
  return { teamId, projectId };
}

export function personalTeamName(emailAddress: string): string {
  const localPart = emailAddress.split('@')[0] ?? emailAddress;
  return `${localPart}'s team`;
}
