/**
 * The board's view of an item: what its card shows and its place (plan context) in the board's
 * project. The heavy fields (goals, links, id lists, test scenarios, pattern data) are never kept here:
 * the item panel reads the whole item (contract Item) when it opens.
 */
import type {
  AssignmentHistoryEntry,
  BoardItem as BoardItemAnswer,
  Item,
  ProjectContext,
  ProjectPlacement,
  WritableItemField,
} from '../../../shared/contract/items';
import { ItemType } from '../../../shared/enums';
import { displayTitle } from '../../../shared/displayTitle';
import { boardDescription } from '../../../shared/boardDescription';
import type { PlanBucket } from '../../../shared/timeframes';

export type { AssignmentHistoryEntry, BoardItemAnswer, Item, ProjectContext, ProjectPlacement };

/** The three kinds a board holds (ProjectDeprecated is never created). */
export type ItemKind = typeof ItemType.Demo | typeof ItemType.Implementation | typeof ItemType.GoToMarket;
export const ItemKinds: readonly ItemKind[] = [ItemType.Demo, ItemType.Implementation, ItemType.GoToMarket];

export interface BoardItem extends Omit<BoardItemAnswer, 'projectContexts'> {
  /** Its place in the board's project: bucket, sort key and assignee (the panel reads the history). */
  plan: ProjectPlacement;
}

/** The fields a caller may write (spec §3), kind-specific ones included. */
export type ItemFields = Partial<Pick<Item, WritableItemField>>;

/** The writable fields the board keeps; `description` as the board's cut (shared/boardDescription.ts). */
const BOARD_FIELDS = ['description', 'workflowStatus', 'parentContextItemId', 'startDate', 'completionDate'] as const;
export type BoardFields = Partial<Pick<BoardItem, (typeof BOARD_FIELDS)[number]>>;

/** The part of a write the board keeps: its own fields, the description cut as the server cuts it. */
export function boardFieldsOf(fields: ItemFields): BoardFields {
  const kept: BoardFields = {};
  for (const field of BOARD_FIELDS) {
    if (fields[field] !== undefined) (kept as Record<string, unknown>)[field] = fields[field];
  }
  if (kept.description !== undefined) kept.description = boardDescription(kept.description);
  return kept;
}

export const kindLabel: Record<number, string> = {
  [ItemType.ProjectDeprecated]: 'Project',
  [ItemType.Demo]: 'Demo',
  [ItemType.Implementation]: 'Implementation',
  [ItemType.GoToMarket]: 'Go-to-market',
};

/** The hand-off status (workflowStatus, design §5) in words, and as the short badge a card shows. */
export const workflowLabels = ['Not started', 'Sent to agent', 'Pull request open', 'Merged', 'Done'];
export const workflowBadges = ['', 'Sent', 'PR open', 'Merged', 'Done'];

export function isItemKind(value: unknown): value is ItemKind {
  return (ItemKinds as readonly unknown[]).includes(value);
}

/**
 * An item as the board query answers it, seen from one project; null when it is not in that project.
 * Only the board's fields are kept, even from a whole item.
 */
export function toBoardItem(item: BoardItemAnswer | Item, projectId: string): BoardItem | null {
  const plan = item.projectContexts.find((context) => context.projectId === projectId);
  if (!plan) return null;
  return {
    id: item.id,
    linkId: item.linkId,
    teamId: item.teamId,
    dateCreated: item.dateCreated,
    itemType: item.itemType,
    description: boardDescription(item.description),
    externalId: item.externalId,
    workflowStatus: item.workflowStatus,
    parentContextItemId: item.parentContextItemId,
    startDate: item.startDate,
    completionDate: item.completionDate,
    plan,
  };
}

/** A context's place without its history, which the store never keeps (answers may carry one). */
export function placementOf(context: ProjectPlacement): ProjectPlacement {
  const { projectId, sortKey, scope, assignedToUserId, assignedTimeframe } = context;
  return { projectId, sortKey, scope, assignedToUserId, assignedTimeframe };
}

export function bucketOf(item: Pick<BoardItem, 'plan'>): PlanBucket {
  return { scope: item.plan.scope, assignedTimeframe: item.plan.assignedTimeframe };
}

const TEMP_PREFIX = 'tmp-';
let tempCounter = 0;
/** A temporary id for an item being created; the server's id replaces it on answer. */
export function newTempId(): string {
  tempCounter += 1;
  return `${TEMP_PREFIX}${tempCounter}-${Math.random().toString(36).slice(2, 10)}`;
}
export const isTempId = (id: string) => id.startsWith(TEMP_PREFIX);

const titles = new Map<string, string>();
/**
 * The display title (spec §5), remembered per description: cards re-render often while dragging, and
 * turning markdown into text is the costly part of drawing one.
 */
export function titleOf(description: string): string {
  let title = titles.get(description);
  if (title === undefined) {
    if (titles.size > 20_000) titles.clear();
    title = displayTitle(description);
    titles.set(description, title);
  }
  return title;
}
