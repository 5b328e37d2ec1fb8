/**
 * Context items (agents.md §2): the team's shared background. Every id is checked against the team
 * (another team's is NotFound), a parent must be the team's own, and no edit may close a cycle.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/types';
import type { ContextItemRow } from '../db/schema';
import {
  contextChain,
  countTeamContextItems,
  deleteContextItem,
  findTeamContextItem,
  insertContextItem,
  listTeamContextItems,
  lockContextTree,
  teamContextItemIds,
  updateContextItem,
} from '../repositories/contextItems';
import { findTeamItem } from '../repositories/items';
import { invalidRequest, notFound } from '../errors';
import { CONTEXT_ITEM_LIMITS, type ContextItem, type ContextItemBody } from '../../shared/contract/contextItems';

export const contextItemOf = (row: ContextItemRow): ContextItem => ({
  id: row.id,
  title: row.title,
  body: row.body,
  kind: row.kind,
  parentContextItemId: row.parentContextItemId,
  dateCreated: row.dateCreated.toISOString(),
  dateUpdated: row.dateUpdated.toISOString(),
});

/** A parentContextItemId (of an item or a context item) must name a context item of the team. */
export async function checkParentContext(db: Db, teamId: string, parentId: string | null | undefined, field: string) {
  if (!parentId) return;
  const known = await teamContextItemIds(db, teamId, [parentId]);
  if (!known.has(parentId)) throw notFound(`${field}: context item ${parentId} not found`);
}

async function requireContextItem(db: Db, teamId: string, id: string) {
  const row = await findTeamContextItem(db, teamId, id);
  if (!row) throw notFound('Context item not found');
  return row;
}

export async function createContextItem(
  db: Db,
  input: { teamId: string; userId: string; body: ContextItemBody; now: Date },
): Promise<{ id: string }> {
  const { teamId, body, now } = input;
  if ((await countTeamContextItems(db, teamId)) >= CONTEXT_ITEM_LIMITS.list) {
    throw invalidRequest(`A team can keep at most ${CONTEXT_ITEM_LIMITS.list} context items`);
  }
  await checkParentContext(db, teamId, body.parentContextItemId, 'parentContextItemId');
  const id = randomUUID();
  await insertContextItem(db, {
    id,
    teamId,
    title: body.title.trim(),
    body: body.body,
    kind: body.kind ?? null,
    parentContextItemId: body.parentContextItemId ?? null,
    createdBy: input.userId,
    dateCreated: now,
    dateUpdated: now,
  });
  return { id };
}

export async function getContextItem(db: Db, teamId: string, id: string): Promise<ContextItem> {
  return contextItemOf(await requireContextItem(db, teamId, id));
}

export async function listContextItems(db: Db, teamId: string): Promise<ContextItem[]> {
  return (await listTeamContextItems(db, teamId)).map(contextItemOf);
}

/**
 * Replaces a context item's fields; a parent that is the item itself or one of its descendants is refused.
 * Run in a transaction: setting a parent locks the team's tree first, so concurrent re-parenting cannot
 * close a cycle that neither check saw.
 */
export async function putContextItem(
  db: Db,
  input: { teamId: string; id: string; body: ContextItemBody; now: Date },
): Promise<ContextItem> {
  const { teamId, id, body } = input;
  if (body.parentContextItemId) await lockContextTree(db, teamId);
  const current = await requireContextItem(db, teamId, id);
  const parentId = body.parentContextItemId === undefined ? current.parentContextItemId : body.parentContextItemId;
  if (parentId) {
    await checkParentContext(db, teamId, parentId, 'parentContextItemId');
    const ancestors = await contextChain(db, teamId, parentId);
    if (ancestors.some((ancestor) => ancestor.id === id)) {
      throw invalidRequest('parentContextItemId: a context item cannot sit under itself or one of its children');
    }
  }
  const row = await updateContextItem(db, id, {
    title: body.title.trim(),
    body: body.body,
    kind: body.kind === undefined ? current.kind : body.kind,
    parentContextItemId: parentId,
    dateUpdated: input.now,
  });
  return contextItemOf(row);
}

/** Deletes one; its children and the items under it are detached by the foreign keys, never deleted. */
export async function removeContextItem(db: Db, teamId: string, id: string): Promise<{ id: string }> {
  await requireContextItem(db, teamId, id);
  await deleteContextItem(db, id);
  return { id };
}

/** The chain above an item of the team, nearest first; empty when it has no parent context. */
export async function parentContextsOfItem(db: Db, teamId: string, itemId: string): Promise<ContextItem[]> {
  const item = await findTeamItem(db, teamId, itemId);
  if (!item) throw notFound('Item not found');
  if (!item.parentContextItemId) return [];
  return (await contextChain(db, teamId, item.parentContextItemId)).map(contextItemOf);
}
