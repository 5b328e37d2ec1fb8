import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import { invites, memberships, teams, users, type TeamRow } from '../db/schema';
import { TeamRole } from '../../shared/enums';

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
    .select({
      memberEmailAddress: invites.emailAddress,
      inviteCode: invites.inviteCode,
      role: invites.role,
      expiresAt: invites.expiresAt,
    })
    .from(invites)
    .where(and(eq(invites.teamId, teamId), isNull(invites.acceptedAt), gt(invites.expiresAt, now)))
    .orderBy(asc(invites.createdAt));
}

/** Every team the user belongs to, with their role there: the team switcher's list. */
export async function listUserTeams(db: Db, userId: string) {
  return db
    .select({ id: teams.id, teamName: teams.teamName, role: memberships.role })
    .from(memberships)
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(teams.teamName), asc(teams.id));
}

export async function setActiveProject(db: Db, teamId: string, userId: string, projectId: string) {
  await db
    .update(memberships)
    .set({ activeProjectId: projectId })
    .where(and(eq(memberships.teamId, teamId), eq(memberships.userId, userId)));
}

/**
 * Locks the team row until the transaction ends, so changes to its members and invites (and the
 * last-Admin rule) run one at a time per team.
 */
export async function lockTeam(db: Db, teamId: string) {
  const [row] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('update');
  return row !== undefined;
}

export async function updateTeam(
  db: Db,
  teamId: string,
  change: Partial<
    Pick<TeamRow, 'teamName' | 'firstRunExperienceState' | 'goToMarketPlan' | 'globalTeamData' | 'testCommand'>
  >,
) {
  await db.update(teams).set(change).where(eq(teams.id, teamId));
}

/** The team's planning data, its row locked until the transaction ends. */
export async function lockPlanningData(db: Db, teamId: string) {
  const [row] = await db
    .select({
      goToMarketPlan: teams.goToMarketPlan,
      globalTeamData: teams.globalTeamData,
      version: teams.planningDataVersion,
    })
    .from(teams)
    .where(eq(teams.id, teamId))
    .for('update');
  return row;
}

/** Stores one planning field and moves the planning data to its next version; answers that version. */
export async function updatePlanningData(
  db: Db,
  teamId: string,
  change: Partial<Pick<TeamRow, 'goToMarketPlan' | 'globalTeamData'>>,
): Promise<number> {
  const [row] = await db
    .update(teams)
    .set({ ...change, planningDataVersion: sql`${teams.planningDataVersion} + 1` })
    .where(eq(teams.id, teamId))
    .returning({ version: teams.planningDataVersion });
  return row?.version ?? 0;
}

/** A member of the team with their address, or undefined. */
export async function findTeamMember(db: Db, teamId: string, userId: string) {
  const [row] = await db
    .select({ memberUserId: memberships.userId, memberEmailAddress: users.emailAddress, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.teamId, teamId), eq(memberships.userId, userId)))
    .limit(1);
  return row;
}

export async function isMemberByEmail(db: Db, teamId: string, emailAddress: string) {
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.teamId, teamId), eq(users.emailAddress, emailAddress.toLowerCase())))
    .limit(1);
  return row !== undefined;
}

export async function countAdmins(db: Db, teamId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.teamId, teamId), eq(memberships.role, TeamRole.Admin)));
  return row?.n ?? 0;
}

export async function setMemberRole(db: Db, teamId: string, userId: string, role: TeamRole) {
  await db
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.teamId, teamId), eq(memberships.userId, userId)));
}

export async function deleteMembership(db: Db, teamId: string, userId: string) {
  await db.delete(memberships).where(and(eq(memberships.teamId, teamId), eq(memberships.userId, userId)));
}
