import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import { preparedPerHandle } from '../db/preparedStatements';
import { assignmentHistory } from '../db/schema';
import { bucketColumns } from './projectContexts';
import type { PlanBucket } from '../../shared/timeframes';

export type HistoryRow = typeof assignmentHistory.$inferSelect;

export interface HistoryEntryInput {
  projectId: string;
  itemId: string;
  assignment: PlanBucket & { assignedToUserId: string | null };
}

/** Appends entries (one statement); call it in the transaction of the assignment change. */
export async function appendHistory(db: Db, entries: readonly HistoryEntryInput[], now: Date) {
  if (entries.length === 0) return;
  await db.insert(assignmentHistory).values(
    entries.map(({ projectId, itemId, assignment }) => ({
      projectId,
      itemId,
      dateUpdated: now,
      ...bucketColumns(assignment),
      assignedToUserId: assignment.assignedToUserId,
    })),
  );
}

// Read with every item's context: built once.
const historyOfItem = preparedPerHandle((db) =>
  db
    .select()
    .from(assignmentHistory)
    .where(
      and(
        eq(assignmentHistory.projectId, sql.placeholder('projectId')),
        eq(assignmentHistory.itemId, sql.placeholder('itemId')),
      ),
    )
    .orderBy(asc(assignmentHistory.id))
    .prepare('history_of_item'),
);

export async function historyOf(db: Db, projectId: string, itemId: string) {
  return historyOfItem(db).execute({ projectId, itemId });
}

/**
 * Every entry of the given items (in one project, or in every project), oldest first per item: one
 * query for a whole board.
 */
export async function historyOfItems(db: Db, itemIds: readonly string[], projectId?: string) {
  if (itemIds.length === 0) return [];
  return db
    .select()
    .from(assignmentHistory)
    .where(
      and(
        projectId === undefined ? undefined : eq(assignmentHistory.projectId, projectId),
        sql`${assignmentHistory.itemId} = any(${sql.param([...itemIds])}::text[])`,
      ),
    )
    .orderBy(asc(assignmentHistory.itemId), asc(assignmentHistory.id));
}

/** Drops an item's history in one project (when the item leaves that project but stays in others). */
export async function deleteHistory(db: Db, projectId: string, itemId: string) {
  await db
    .delete(assignmentHistory)
    .where(and(eq(assignmentHistory.projectId, projectId), eq(assignmentHistory.itemId, itemId)));
}
