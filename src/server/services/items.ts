/** Creating, editing, completing, splitting and deleting items; each runs in the caller's transaction. */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/types';
import {
  deleteItem,
  findTeamItem,
  insertItems,
  lockTeamItem,
  takeItemNumbers,
  teamItemTypes,
  updateItem,
  type ItemChange,
  type ItemColumns,
  type ItemInsert,
} from '../repositories/items';
import {
  adjacentInBucket,
  bucketColumns,
  bucketOf,
  deleteContext,
  findContext,
  insertContexts,
  listItemContexts,
} from '../repositories/projectContexts';
import { appendHistory, deleteHistory, type HistoryEntryInput } from '../repositories/assignmentHistory';
import { lockTeamProject } from '../repositories/projects';
import { keepDeletedPlacement } from '../repositories/deletedPlacements';
import { enforceQuota } from './quotas';
import { announce } from './teamEvents/announce';
import { teamPatterns } from './agentDrafts';
import {
  checkAssignee,
  checkBucket,
  edgeOfBucket,
  INITIAL_BUCKET,
  keysOfBuckets,
  loadProjectContext,
  loadProjectContexts,
  placeBetween,
  resolveOrderUpdate,
  type AssignmentState,
} from './plan';
import { checkParentContext } from './contextItems';
import { teamItemJson } from '../repositories/itemsJson';
import { conflict, invalidRequest, notFound } from '../errors';
import { ItemType } from '../../shared/enums';
import { bucketKey, sameBucket, type PlanBucket } from '../../shared/timeframes';
import { completionDateAfterToggle } from '../../shared/completion';
import type {
  AnyItemFields,
  CreatedItems,
  ProjectContext,
  RequestedAssignment,
  SortKeyResponse,
} from '../../shared/contract/items';

export const itemKindName: Record<number, string> = {
  [ItemType.ProjectDeprecated]: 'project',
  [ItemType.Demo]: 'demo',
  [ItemType.Implementation]: 'implementation',
  [ItemType.GoToMarket]: 'go-to-market item',
};

/** Fields only one kind of item has (spec §3). */
const kindFields: Record<string, ItemType> = {
  implementationIds: ItemType.Demo,
  projectPatternIds: ItemType.Implementation,
  localPatternData: ItemType.Implementation,
  newTestScenarios: ItemType.Implementation,
};

const LINK_ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A short opaque id for share links: 10 base62 characters from the system's random source. */
export function newLinkId(length = 10): string {
  let id = '';
  while (id.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 × 62: dropping the rest keeps every character equally likely.
      if (byte < 248 && id.length < length) id += LINK_ID_ALPHABET[byte % 62];
    }
  }
  return id;
}

/** The columns a caller's item fields write; absent fields are left out. */
function changeOf(fields: AnyItemFields): ItemChange {
  const change: ItemChange = {};
  if (fields.description !== undefined) change.description = fields.description;
  if (fields.workflowStatus !== undefined) change.workflowStatus = fields.workflowStatus;
  if (fields.codingAgentUrl !== undefined) change.codingAgentUrl = fields.codingAgentUrl;
  if (fields.pullRequestUrl !== undefined) change.pullRequestUrl = fields.pullRequestUrl;
  if (fields.parentContextItemId !== undefined) change.parentContextItemId = fields.parentContextItemId;
  if (fields.goals !== undefined) change.goals = fields.goals;
  if (fields.startDate !== undefined) change.startDate = fields.startDate;
  if (fields.completionDate !== undefined) {
    change.completionDate = fields.completionDate === null ? null : new Date(fields.completionDate);
  }
  if (fields.implementationIds !== undefined) change.implementationIds = [...new Set(fields.implementationIds)];
  if (fields.projectPatternIds !== undefined) change.projectPatternIds = fields.projectPatternIds;
  if (fields.localPatternData !== undefined) change.localPatternData = fields.localPatternData;
  if (fields.newTestScenarios !== undefined) change.newTestScenarios = fields.newTestScenarios;
  return change;
}

/** projectPatternIds must name patterns of the team's engineering or product catalogue. */
async function checkPatternIds(db: Db, teamId: string, ids: readonly string[], field: string) {
  const patterns = await teamPatterns(db, teamId);
  const unknown = ids.find((id) => !patterns.has(id));
  if (unknown !== undefined) {
    throw invalidRequest(`${field}.projectPatternIds: ${unknown} is not a pattern of this team`);
  }
}

/**
 * Checks an item's fields against its kind and the team: kind-specific fields only on their kind,
 * implementationIds naming implementations of the team (another team's ids are not found), and
 * projectPatternIds naming the team's patterns, parentContextItemId naming one of its context items.
 */
async function checkFields(db: Db, teamId: string, itemType: ItemType, fields: AnyItemFields, field: string) {
  for (const [name, kind] of Object.entries(kindFields)) {
    if (fields[name as keyof AnyItemFields] !== undefined && kind !== itemType) {
      throw invalidRequest(`${field}.${name} is not a field of a ${itemKindName[itemType]}`);
    }
  }
  if (fields.projectPatternIds?.length) await checkPatternIds(db, teamId, fields.projectPatternIds, field);
  await checkParentContext(db, teamId, fields.parentContextItemId, `${field}.parentContextItemId`);
  const ids = fields.implementationIds ?? [];
  if (ids.length === 0) return;
  const types = await teamItemTypes(db, teamId, ids);
  for (const id of ids) {
    const type = types.get(id);
    if (type === undefined) throw notFound(`${field}.implementationIds: item ${id} not found`);
    if (type !== ItemType.Implementation) {
      throw invalidRequest(`${field}.implementationIds: item ${id} is not an implementation`);
    }
  }
}

export interface NewItem {
  itemType: ItemType;
  fields: AnyItemFields;
  project: RequestedAssignment;
}

interface PreparedItem extends NewItem {
  id: string;
  target: AssignmentState;
}

/**
 * Creates items in a project, all or nothing: the quota is checked once for all of them (with the
 * project locked), then each item gets the next externalId, starts out-of-scope and unscheduled
 * (history), and moves to its requested assignment (history again when that differs). Items without
 * an orderUpdate are appended to their bucket in request order.
 */
export async function createItems(
  db: Db,
  input: {
    teamId: string;
    /** The browser tab that asks (teamEvents/announce.ts). */
    origin?: string;
    projectId: string;
    items: readonly NewItem[];
    now: Date;
    field: (index: number) => string;
  },
): Promise<CreatedItems> {
  const { teamId, projectId, now } = input;
  // Locked first, so its milestones cannot change under the checks below.
  const project = await lockTeamProject(db, teamId, projectId);
  if (!project) throw notFound('Project not found');
  await enforceQuota(db, { kind: 'project-items', projectId }, now, input.items.length);

  const prepared: PreparedItem[] = [];
  for (const [index, item] of input.items.entries()) {
    const field = input.field(index);
    await checkFields(db, teamId, item.itemType, item.fields, `${field}.item`);
    const target: AssignmentState = {
      scope: item.project.scope,
      assignedTimeframe: item.project.assignedTimeframe,
      assignedToUserId: item.project.assignedToUserId ?? null,
    };
    checkBucket(target, project.milestones, `${field}.project`);
    await checkAssignee(db, teamId, target.assignedToUserId, `${field}.project.assignedToUserId`);
    prepared.push({ ...item, id: randomUUID(), target });
  }

  const { teamKey, first } = await takeItemNumbers(db, teamId, prepared.length);
  const rows: ItemInsert[] = prepared.map((item, index) => ({
    ...changeOf(item.fields),
    id: item.id,
    teamId,
    linkId: newLinkId(),
    externalId: `${teamKey}-${first + index}`,
    itemType: item.itemType,
    dateCreated: now,
    updatedAt: now,
  }));
  await insertItems(db, rows);
  await appendHistory(db, prepared.flatMap(historyOfNewItem(projectId)), now);

  const rebalancedBuckets = new Map<string, PlanBucket>();
  const place = async (group: PreparedItem[], neighboursFor: () => ReturnType<typeof edgeOfBucket>) => {
    const bucket = group[0]!.target;
    const neighbours = await neighboursFor();
    await insertContexts(
      db,
      group.map((item) => ({
        projectId,
        itemId: item.id,
        teamId,
        sortKey: 0,
        ...bucketColumns(item.target),
        assignedToUserId: item.target.assignedToUserId,
      })),
    );
    const rebalanced = await placeBetween(
      db,
      projectId,
      bucket,
      group.map((item) => item.id),
      neighbours,
    );
    if (rebalanced) rebalancedBuckets.set(bucketKey(bucket), bucket);
  };

  // Appended items go in one placement per bucket, so a big batch does not reassign a bucket every 20 items.
  const appended = new Map<string, PreparedItem[]>();
  for (const item of prepared) {
    if (item.project.orderUpdate) continue;
    const key = bucketKey(item.target);
    appended.set(key, [...(appended.get(key) ?? []), item]);
  }
  for (const group of appended.values()) {
    await place(group, () => edgeOfBucket(db, projectId, group[0]!.target, 'end', []));
  }
  for (const [index, item] of prepared.entries()) {
    const orderUpdate = item.project.orderUpdate;
    if (!orderUpdate) continue;
    const field = `${input.field(index)}.project.orderUpdate`;
    await place([item], () => resolveOrderUpdate(db, projectId, item.target, [item.id], orderUpdate, field));
  }

  const contexts = await loadProjectContexts(
    db,
    projectId,
    prepared.map((item) => item.id),
  );
  const created: SortKeyResponse[] = prepared.map((item, index) => ({
    id: item.id,
    linkId: rows[index]!.linkId,
    externalId: rows[index]!.externalId,
    projectPlanContext: contexts.get(item.id)!,
  }));
  const itemIds = created.map((item) => item.id);
  await announce(db, { teamId, origin: input.origin }, { kind: 'items', projectId, itemIds });
  return {
    items: created,
    ...(rebalancedBuckets.size > 0
      ? { rebalancedSortKeys: await keysOfBuckets(db, projectId, rebalancedBuckets.values()) }
      : {}),
  };
}

/** A new item's history: out-of-scope and unscheduled first, then its requested assignment if different. */
function historyOfNewItem(projectId: string) {
  return (item: { id: string; target: AssignmentState }): HistoryEntryInput[] => {
    const initial: AssignmentState = { ...INITIAL_BUCKET, assignedToUserId: null };
    const entries: HistoryEntryInput[] = [{ projectId, itemId: item.id, assignment: initial }];
    const changed = !sameBucket(initial, item.target) || item.target.assignedToUserId !== null;
    if (changed) entries.push({ projectId, itemId: item.id, assignment: item.target });
    return entries;
  };
}

async function requireItem(db: Db, teamId: string, itemId: string): Promise<ItemColumns> {
  const item = await findTeamItem(db, teamId, itemId);
  if (!item) throw notFound('item not found');
  return item;
}

/**
 * Edits an item's fields (PUT demos|implementations|gtm/{id}); answers its context in the project and
 * its new version. With `version`, an item changed since that version is refused with the item as it is
 * now (its row is locked, so the check holds until the change is written).
 */
export async function updateItemFields(
  db: Db,
  input: {
    teamId: string;
    itemId: string;
    itemType: ItemType;
    projectId: string;
    fields: AnyItemFields;
    version?: number;
    now: Date;
    origin?: string;
  },
): Promise<{ projectPlanContext: ProjectContext; version: number }> {
  const { teamId, itemId, projectId, now } = input;
  const item = await lockTeamItem(db, teamId, itemId);
  if (!item) throw notFound('item not found');
  if (item.itemType !== input.itemType) {
    throw invalidRequest(
      `${item.externalId} is a ${itemKindName[item.itemType]}, not a ${itemKindName[input.itemType]}`,
    );
  }
  if (!(await findContext(db, projectId, itemId))) throw notFound('project context not found');
  if (input.version !== undefined && input.version !== item.version) {
    const current = JSON.parse((await teamItemJson(db, teamId, itemId))!) as Record<string, unknown>;
    throw conflict(`Someone else changed ${item.externalId} while you were editing it`, current);
  }
  await checkFields(db, teamId, item.itemType as ItemType, input.fields, 'body.item');
  const version = await updateItem(db, itemId, changeOf(input.fields), now);
  await announce(db, { teamId, origin: input.origin }, { kind: 'items', projectId, itemIds: [itemId] });
  return { projectPlanContext: await loadProjectContext(db, projectId, itemId), version };
}

/**
 * Removes an item from a project; an item that is in no other project is deleted with its history.
 * Answers whether the item itself was deleted.
 */
export async function deleteProjectItem(
  db: Db,
  input: { teamId: string; itemId: string; projectId: string; now: Date; origin?: string },
): Promise<boolean> {
  const { teamId, itemId, projectId } = input;
  await requireItem(db, teamId, itemId);
  if (!(await lockTeamProject(db, teamId, projectId))) throw notFound('Project not found');
  if (!(await findContext(db, projectId, itemId))) throw notFound('project context not found');
  await announce(db, { teamId, origin: input.origin }, { kind: 'items', projectId, itemIds: [itemId] });
  const elsewhere = (await listItemContexts(db, itemId)).filter((context) => context.projectId !== projectId);
  // Undo puts it back from this copy (services/itemRestore.ts).
  await keepDeletedPlacement(db, { teamId, projectId, itemId, wholeItem: elsewhere.length === 0, now: input.now });
  if (elsewhere.length === 0) {
    await deleteItem(db, itemId);
    return true;
  }
  await deleteContext(db, projectId, itemId);
  await deleteHistory(db, projectId, itemId);
  return false;
}

/** Marks an item complete (completionDate now, or kept if already complete) or incomplete (null). */
export async function completeItem(
  db: Db,
  input: { teamId: string; itemId: string; markComplete: boolean; now: Date; origin?: string },
): Promise<{ id: string; completionDate: string | null; version: number }> {
  const item = await requireItem(db, input.teamId, input.itemId);
  const completionDate = completionDateAfterToggle(input.markComplete, item.completionDate, input.now);
  const version = await updateItem(
    db,
    item.id,
    { completionDate: completionDate === null ? null : new Date(completionDate) },
    input.now,
  );
  const writer = { teamId: input.teamId, origin: input.origin };
  await announce(db, writer, { kind: 'items', projectId: null, itemIds: [item.id] });
  return { id: item.id, completionDate, version };
}

/**
 * Splits an item: it keeps the first description, and each further one becomes a new item of the same
 * kind, assignment and assignee, placed right after it (in order) in its bucket. The quota counts the
 * new items. Answers the original first, then the new items.
 */
export async function splitItem(
  db: Db,
  input: {
    teamId: string;
    itemId: string;
    projectId: string;
    descriptions: readonly string[];
    now: Date;
    origin?: string;
  },
): Promise<CreatedItems> {
  const { teamId, itemId, projectId, now } = input;
  const item = await requireItem(db, teamId, itemId);
  if (!(await lockTeamProject(db, teamId, projectId))) throw notFound('Project not found');
  await enforceQuota(db, { kind: 'project-items', projectId }, now, input.descriptions.length - 1);
  const context = await findContext(db, projectId, itemId);
  if (!context) throw notFound('project context not found');

  const [kept, ...rest] = input.descriptions as [string, ...string[]];
  await updateItem(db, itemId, { description: kept }, now);
  const bucket = bucketOf(context);
  const target: AssignmentState = { ...bucket, assignedToUserId: context.assignedToUserId };
  const { teamKey, first } = await takeItemNumbers(db, teamId, rest.length);
  const rows: ItemInsert[] = rest.map((description, index) => ({
    id: randomUUID(),
    teamId,
    linkId: newLinkId(),
    externalId: `${teamKey}-${first + index}`,
    itemType: item.itemType,
    description,
    dateCreated: now,
    updatedAt: now,
  }));
  await insertItems(db, rows);
  const ids = rows.map((row) => row.id!);
  // Found before the new items join the bucket, so they go between the item and its old follower.
  const follower = await adjacentInBucket(db, projectId, bucket, { id: itemId, sortKey: context.sortKey }, 'after', []);
  await insertContexts(
    db,
    ids.map((id) => ({
      projectId,
      itemId: id,
      teamId,
      sortKey: 0,
      ...bucketColumns(bucket),
      assignedToUserId: target.assignedToUserId,
    })),
  );
  await appendHistory(
    db,
    ids.flatMap((id) => historyOfNewItem(projectId)({ id, target })),
    now,
  );
  const rebalanced = await placeBetween(db, projectId, bucket, ids, {
    after: { id: itemId, sortKey: context.sortKey },
    before: follower ?? null,
  });

  const contexts = await loadProjectContexts(db, projectId, [itemId, ...ids]);
  const itemsOut: SortKeyResponse[] = [item, ...rows].map((row) => ({
    id: row.id!,
    linkId: row.linkId,
    externalId: row.externalId,
    projectPlanContext: contexts.get(row.id!)!,
  }));
  await announce(db, { teamId, origin: input.origin }, { kind: 'items', projectId, itemIds: [itemId, ...ids] });
  return { items: itemsOut, ...(rebalanced ? { rebalancedSortKeys: rebalanced } : {}) };
}
