import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/types';
import { invites, memberships, teams, users } from '../db/schema';
import type { TeamRole } from '../../shared/enums';

export async function insertTeam(db: Db, team: { id: string; accountId: string; teamName: string; teamKey: string }) {
  await db.insert(teams).values(team);
}

export async function insertMembership(db: Db, membership: { teamId: string; userId: string; role: TeamRole }) {
  await db.insert(memberships).values(membership).onConflictDoNothing();
}

export async function findTeam(db: Db, teamId: string) {
  const [row] = await db.select().from(teams).where(eq(teams.id, teamId)).limit(1);
  return row;
}

export async function findMembership(db: Db, teamId: string, userId: string) {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.teamId, teamId), eq(memberships.userId, userId)))
    .limit(1);
  return row;
}

/** The team the user joined first: where they land when their active team is gone. */
export async function findFirstMembership(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(memberships.teamId))
    .limit(1);
  return row;
}

export async function listTeamMembers(db: Db, teamId: string) {
  return db
    .select({ memberUserId: memberships.userId, memberEmailAddress: users.emailAddress, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.teamId, teamId))
    .orderBy(asc(memberships.createdAt), asc(users.emailAddress));
}

export async function listOpenInvites(db: Db, teamId: string, now: Date) {
  return db
    .select({ memberEmailAddress: invites.emailAddress })
    .from(invites)
    .where(and(eq(invites.teamId, teamId), isNull(invites.acceptedAt), gt(invites.expiresAt, now)))
    .orderBy(asc(invites.createdAt));
}

export async function setActiveProject(db: Db, teamId: string, userId: string, projectId: string) {
  await db
    .update(memberships)
    .set({ activeProjectId: projectId })
    .where(and(eq(memberships.teamId, teamId), eq(memberships.userId, userId)));
}
