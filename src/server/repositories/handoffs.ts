import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/types';
import { githubConnections, handoffEvents, handoffs, type HandoffRow } from '../db/schema';

export async function insertHandoff(db: Db, row: typeof handoffs.$inferInsert): Promise<HandoffRow> {
  const [stored] = await db.insert(handoffs).values(row).returning();
  return stored!;
}

/** Takes back a hand-off whose issue GitHub certainly did not open (it refused the request). */
export async function deleteHandoff(db: Db, id: string): Promise<void> {
  await db.delete(handoffs).where(eq(handoffs.id, id));
}

/** The hand-off still waiting for its issue whose body carries this marker, if any. */
export async function findHandoffByMarker(db: Db, marker: string): Promise<HandoffRow | undefined> {
  const [row] = await db
    .select()
    .from(handoffs)
    .where(and(eq(handoffs.issueMarker, marker), isNull(handoffs.issueNumber)))
    .limit(1);
  return row;
}

export async function appendHandoffEvent(
  db: Db,
  event: { handoffId: string; at: Date; kind: string; text: string; url?: string | null },
): Promise<void> {
  await db.insert(handoffEvents).values({ id: randomUUID(), ...event, url: event.url ?? null });
}

/** An item's hand-offs of the team, newest first, and their events in the order they were written. */
export async function listItemHandoffs(db: Db, teamId: string, itemId: string, limit: number) {
  const rows = await db
    .select()
    .from(handoffs)
    .where(and(eq(handoffs.teamId, teamId), eq(handoffs.itemId, itemId)))
    .orderBy(desc(handoffs.createdAt), desc(handoffs.id))
    .limit(limit);
  const events =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(handoffEvents)
          .where(
            inArray(
              handoffEvents.handoffId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(handoffEvents.sequence));
  return rows.map((row) => ({ row, events: events.filter((event) => event.handoffId === row.id) }));
}

/** The item's latest hand-off of the team, if any. */
export async function findLatestItemHandoff(db: Db, teamId: string, itemId: string): Promise<HandoffRow | undefined> {
  const [row] = await db
    .select()
    .from(handoffs)
    .where(and(eq(handoffs.teamId, teamId), eq(handoffs.itemId, itemId)))
    .orderBy(desc(handoffs.createdAt), desc(handoffs.id))
    .limit(1);
  return row;
}

export async function updateHandoff(
  db: Db,
  id: string,
  change: Partial<
    Pick<
      HandoffRow,
      | 'state'
      | 'pullRequests'
      | 'branch'
      | 'jobUrl'
      | 'runId'
      | 'issueNumber'
      | 'issueUrl'
      | 'pausedFrom'
      | 'lastSignAt'
    >
  >,
  now: Date,
): Promise<void> {
  await db
    .update(handoffs)
    .set({ ...change, updatedAt: now })
    .where(eq(handoffs.id, id));
}

/** A hand-off's events of one kind, in the order they were written. */
export async function listHandoffEventsOfKind(db: Db, handoffId: string, kind: string) {
  return db
    .select()
    .from(handoffEvents)
    .where(and(eq(handoffEvents.handoffId, handoffId), eq(handoffEvents.kind, kind)))
    .orderBy(asc(handoffEvents.sequence));
}

/**
 * The hand-offs matching `where` of teams connected through this GitHub installation (a delivery never
 * reaches another installation's teams), locked until the caller's transaction ends, so two deliveries
 * for one hand-off apply in turn.
 */
export async function lockInstallationHandoffs(db: Db, installationId: number, where: SQL | undefined) {
  const rows = await db
    .select({ handoff: handoffs })
    .from(handoffs)
    .innerJoin(githubConnections, eq(githubConnections.teamId, handoffs.teamId))
    .where(and(eq(githubConnections.installationId, installationId), where))
    .for('update', { of: handoffs });
  return rows.map((row) => row.handoff);
}

/** Conditions on a hand-off, for lockInstallationHandoffs. Repository names compare as GitHub does: without case. */
export const handoffWhere = {
  repository: (repository: string) => sql`lower(${handoffs.repository}) = lower(${repository})`,
  repositoryIn: (repositories: string[]) =>
    inArray(
      sql`lower(${handoffs.repository})`,
      repositories.map((repository) => repository.toLowerCase()),
    ),
  issueIn: (issueNumbers: number[]) => inArray(handoffs.issueNumber, issueNumbers),
  hasPullRequests: () => sql`jsonb_array_length(${handoffs.pullRequests}) > 0`,
  runOrBranch: (runId: number | null, branch: string | null) =>
    or(
      runId === null ? undefined : eq(handoffs.runId, runId),
      branch === null ? undefined : eq(handoffs.branch, branch),
    ),
};

/** Up to `limit` GitHub hand-offs in one of `states` whose last sign of the agent is older than `cutoff`. */
export async function quietHandoffs(
  db: Db,
  input: { states: string[]; automationKind: number; cutoff: Date; limit: number },
) {
  return db
    .select()
    .from(handoffs)
    .where(
      and(
        inArray(handoffs.state, input.states),
        eq(handoffs.automationKind, input.automationKind),
        isNotNull(handoffs.lastSignAt),
        lt(handoffs.lastSignAt, input.cutoff),
      ),
    )
    .limit(input.limit);
}

/** The hand-off, locked until the caller's transaction ends. */
export async function lockHandoff(db: Db, id: string): Promise<HandoffRow | undefined> {
  const [handoff] = await db.select().from(handoffs).where(eq(handoffs.id, id)).for('update');
  return handoff;
}
