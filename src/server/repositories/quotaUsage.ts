/** Counting what a quota covers, under a lock on the row it is counted for (services/quotas.ts). */
import { and, count, eq, gt, gte, isNull } from 'drizzle-orm';
import type { Db } from '../db/types';
import { accounts, agentActions, invites, memberships, projectContexts, projects, teams, users } from '../db/schema';
import { notFound } from '../errors';

/** What a quota is counted over. */
export type QuotaScope =
  | { kind: 'owned-team'; accountId: string }
  | { kind: 'total-teams'; userId: string }
  | { kind: 'team-members'; teamId: string }
  | { kind: 'projects'; teamId: string }
  | { kind: 'project-items'; projectId: string }
  | { kind: 'agent-actions'; accountId: string };

/** The account's plan and add-ons, or undefined. */
export async function accountEntitlementsRow(db: Db, accountId: string) {
  const [account] = await db
    .select({ plan: accounts.plan, addOns: accounts.addOns })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return account;
}

/** First instant of the calendar month (UTC) that `now` falls in. */
function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * Locks the row the quota is counted under (FOR UPDATE), then counts: concurrent creates against the
 * same quota queue on the lock, so with one slot left exactly one of them gets it. Returns the usage
 * and the account whose entitlements apply.
 */
export async function lockAndCount(db: Db, scope: QuotaScope, now: Date): Promise<{ used: number; accountId: string }> {
  switch (scope.kind) {
    case 'owned-team':
    case 'agent-actions': {
      const [account] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.id, scope.accountId))
        .for('update');
      if (!account) throw notFound('Account not found');
      const [row] =
        scope.kind === 'owned-team'
          ? await db.select({ n: count() }).from(teams).where(eq(teams.accountId, scope.accountId))
          : await db
              .select({ n: count() })
              .from(agentActions)
              .where(and(eq(agentActions.accountId, scope.accountId), gte(agentActions.createdAt, monthStart(now))));
      return { used: row?.n ?? 0, accountId: scope.accountId };
    }
    case 'total-teams': {
      const [user] = await db
        .select({ emailAddress: users.emailAddress })
        .from(users)
        .where(eq(users.id, scope.userId))
        .for('update');
      if (!user) throw notFound('User not found');
      const [row] = await db.select({ n: count() }).from(memberships).where(eq(memberships.userId, scope.userId));
      return { used: row?.n ?? 0, accountId: user.emailAddress };
    }
    case 'team-members':
    case 'projects': {
      const [team] = await db
        .select({ accountId: teams.accountId })
        .from(teams)
        .where(eq(teams.id, scope.teamId))
        .for('update');
      if (!team) throw notFound('Team not found');
      if (scope.kind === 'projects') {
        const [row] = await db.select({ n: count() }).from(projects).where(eq(projects.teamId, scope.teamId));
        return { used: row?.n ?? 0, accountId: team.accountId };
      }
      const [members] = await db.select({ n: count() }).from(memberships).where(eq(memberships.teamId, scope.teamId));
      const [open] = await db
        .select({ n: count() })
        .from(invites)
        .where(and(eq(invites.teamId, scope.teamId), isNull(invites.acceptedAt), gt(invites.expiresAt, now)));
      return { used: (members?.n ?? 0) + (open?.n ?? 0), accountId: team.accountId };
    }
    case 'project-items': {
      const [project] = await db
        .select({ accountId: teams.accountId })
        .from(projects)
        .innerJoin(teams, eq(teams.id, projects.teamId))
        .where(eq(projects.id, scope.projectId))
        .for('update', { of: projects });
      if (!project) throw notFound('Project not found');
      const [row] = await db
        .select({ n: count() })
        .from(projectContexts)
        .where(eq(projectContexts.projectId, scope.projectId));
      return { used: row?.n ?? 0, accountId: project.accountId };
    }
  }
}
