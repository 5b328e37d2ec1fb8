import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import { invites, teams } from '../db/schema';
import type { TeamRole } from '../../shared/enums';

/** An open invite for exactly this address: not used, not expired. */
export async function findOpenInvite(db: Db, inviteCode: string, emailAddress: string, now: Date) {
  const [row] = await db
    .select({
      inviteCode: invites.inviteCode,
      teamId: invites.teamId,
      role: invites.role,
      teamName: teams.teamName,
    })
    .from(invites)
    .innerJoin(teams, eq(teams.id, invites.teamId))
    .where(
      and(
        eq(invites.inviteCode, inviteCode),
        eq(sql`lower(${invites.emailAddress})`, emailAddress.toLowerCase()),
        isNull(invites.acceptedAt),
        gt(invites.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/** Marks the invite used; false when another sign-in used it first. */
export async function acceptInvite(db: Db, inviteCode: string, userId: string, now: Date) {
  const accepted = await db
    .update(invites)
    .set({ acceptedAt: now, acceptedByUserId: userId })
    .where(and(eq(invites.inviteCode, inviteCode), isNull(invites.acceptedAt)))
    .returning({ inviteCode: invites.inviteCode });
  return accepted.length === 1;
}

export async function insertInvite(
  db: Db,
  invite: {
    inviteCode: string;
    teamId: string;
    emailAddress: string;
    role: TeamRole;
    createdAt: Date;
    expiresAt: Date;
  },
) {
  await db.insert(invites).values(invite);
}

/** Withdraws the team's open invites for an address (a new invite replaces the old one). */
export async function deleteOpenInvitesFor(db: Db, teamId: string, emailAddress: string) {
  await db
    .delete(invites)
    .where(
      and(
        eq(invites.teamId, teamId),
        eq(sql`lower(${invites.emailAddress})`, emailAddress.toLowerCase()),
        isNull(invites.acceptedAt),
      ),
    );
}

/** Revokes one open invite of the team by its reference; false when there is none. */
export async function revokeInvite(db: Db, teamId: string, inviteCode: string, emailAddress: string) {
  const deleted = await db
    .delete(invites)
    .where(
      and(
        eq(invites.teamId, teamId),
        eq(invites.inviteCode, inviteCode),
        eq(sql`lower(${invites.emailAddress})`, emailAddress.toLowerCase()),
        isNull(invites.acceptedAt),
      ),
    )
    .returning({ inviteCode: invites.inviteCode });
  return deleted.length === 1;
}
