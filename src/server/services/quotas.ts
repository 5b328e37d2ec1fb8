import type { Db } from '../db/types';
import { accountEntitlementsRow, lockAndCount, type QuotaScope } from '../repositories/quotaUsage';
import { ApiError } from '../errors';
import { entitlementsFor, type Entitlements } from '../../shared/plans';
import { quotaMessage, type QuotaKind } from '../../shared/quota';

export type { QuotaScope };

const limitOf: Record<QuotaKind, keyof Entitlements> = {
  'owned-team': 'maxOwnedTeams',
  'total-teams': 'maxTotalTeams',
  'team-members': 'maxTeamMembers',
  projects: 'maxProjects',
  'project-items': 'maxProjectItems',
  'agent-actions': 'maxAgentActions',
};

export function quotaLimitError(kind: QuotaKind) {
  return new ApiError('QuotaLimit', quotaMessage(kind), 402, kind);
}

async function accountEntitlements(db: Db, accountId: string): Promise<Entitlements> {
  const account = await accountEntitlementsRow(db, accountId);
  return entitlementsFor(account?.plan ?? 'free', account?.addOns ?? []);
}

/**
 * Refuses with QuotaLimit (naming the kind) when adding `adding` more would exceed the limit. Call it
 * inside the transaction of the write it guards, before the write.
 */
export async function enforceQuota(db: Db, scope: QuotaScope, now: Date, adding = 1): Promise<void> {
  const { used, accountId } = await lockAndCount(db, scope, now);
  const limit = (await accountEntitlements(db, accountId))[limitOf[scope.kind]];
  if (used + adding > limit) throw quotaLimitError(scope.kind);
}

/** Current usage, for the subscription page (outside a transaction the row lock ends with the statement). */
export async function quotaUsage(db: Db, scope: QuotaScope, now: Date): Promise<number> {
  return (await lockAndCount(db, scope, now)).used;
}
