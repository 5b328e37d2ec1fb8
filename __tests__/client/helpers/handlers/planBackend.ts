/**
 * The projects and items the msw handlers answer from: a small in-memory plan that follows the server's
 * rules closely enough for the client (midpoint keys, left-anchored order updates, the placement rule,
 * history on assignment changes, rebalancing). Reset before each test.
 */
import type { BoardItem, Item, ProjectContext } from '../../../../src/shared/contract/items';
import { boardDescription } from '../../../../src/shared/boardDescription';

/** What the stand-in server keeps: items with their whole contexts (history included). */
export type StoredItem = Omit<Item, 'projectContexts'> & { projectContexts: ProjectContext[] };

/** An item as its single read answers it: contexts without their history. */
export function onTheWire(item: StoredItem): Item {
  return {
    ...item,
    projectContexts: item.projectContexts.map(({ assignmentHistory: _history, ...placement }) => placement),
  };
}

/** An item as the board query and search answer it: a card's fields and the queried project's context. */
export function onTheBoard(item: StoredItem, projectId: string): BoardItem {
  const whole = onTheWire(item);
  return {
    id: whole.id,
    linkId: whole.linkId,
    teamId: whole.teamId,
    dateCreated: whole.dateCreated,
    itemType: whole.itemType,
    description: boardDescription(whole.description),
    externalId: whole.externalId,
    workflowStatus: whole.workflowStatus,
    parentContextItemId: whole.parentContextItemId,
    startDate: whole.startDate,
    completionDate: whole.completionDate,
    projectContexts: whole.projectContexts.filter((context) => context.projectId === projectId),
  };
}
import type { Project } from '../../../../src/shared/contract/userAndTeam';
import { Scope, Span } from '../../../../src/shared/enums';
import { compareSortKeys, rebalancedSortKeys, sortKeyBetween } from '../../../../src/shared/sortKeys';
import { compareBuckets, sameBucket, type PlanBucket } from '../../../../src/shared/timeframes';

export interface SeedItem {
  id?: string;
  itemType?: number;
  description: string;
  bucket?: PlanBucket;
  completionDate?: string | null;
  assignedToUserId?: string | null;
  projectId?: string;
  workflowStatus?: number;
  goals?: string[];
  parentContextItemId?: string | null;
}

const bucketOf = (context: ProjectContext): PlanBucket => ({
  scope: context.scope,
  assignedTimeframe: context.assignedTimeframe,
});

export const planBackend = {
  items: [] as StoredItem[],
  /** Items deleted since the reset, for a restore (Undo) to bring back as they were. */
  deleted: [] as StoredItem[],
  extraProjects: [] as Project[],
  nextNumber: 1,
  nextId: 1,
  /** Every call the handlers answered, in order, for tests about order and timing. */
  log: [] as string[],
  /** The newest team event id, as board pages answer it: a test raises it for a change made elsewhere. */
  latestEventId: 0,

  reset() {
    this.latestEventId = 0;
    this.items = [];
    this.deleted = [];
    this.extraProjects = [];
    this.nextNumber = 1;
    this.nextId = 1;
    this.log = [];
  },

  newId(prefix = 'item') {
    const id = `${prefix}-${this.nextId}`;
    this.nextId += 1;
    return id;
  },

  /** Items of a bucket in board order. */
  bucketItems(projectId: string, bucket: PlanBucket, exclude?: string): StoredItem[] {
    return this.items
      .filter((item) => item.id !== exclude)
      .filter((item) => {
        const context = this.contextOf(item, projectId);
        return context && sameBucket(bucketOf(context), bucket);
      })
      .sort((a, b) =>
        compareSortKeys(
          { sortKey: this.contextOf(a, projectId)!.sortKey, id: a.id },
          { sortKey: this.contextOf(b, projectId)!.sortKey, id: b.id },
        ),
      );
  },

  contextOf(item: StoredItem, projectId: string) {
    return item.projectContexts.find((context) => context.projectId === projectId);
  },

  /** Board order: buckets in plan order, keys inside each. */
  board(projectId: string): StoredItem[] {
    const inProject = this.items.filter((item) => this.contextOf(item, projectId));
    return inProject.sort((a, b) => {
      const ca = this.contextOf(a, projectId)!;
      const cb = this.contextOf(b, projectId)!;
      return (
        compareBuckets(bucketOf(ca), bucketOf(cb)) ||
        compareSortKeys({ sortKey: ca.sortKey, id: a.id }, { sortKey: cb.sortKey, id: b.id })
      );
    });
  },

  /**
   * One part of the board (query bucketPage): the head is each bucket's first `perBucket` items with
   * every bucket's count, the rest every other item; both in board order, with the newest event id.
   */
  boardPage(projectId: string, page: { part: 'head' | 'rest'; perBucket: number }) {
    const rank = new Map<string, number>();
    const totals: (PlanBucket & { count: number })[] = [];
    const items = this.board(projectId).filter((item) => {
      const bucket = bucketOf(this.contextOf(item, projectId)!);
      const last = totals.at(-1);
      if (last && sameBucket(last, bucket)) last.count += 1;
      else totals.push({ ...bucket, count: 1 });
      rank.set(item.id, totals.at(-1)!.count);
      return page.part === 'head' ? rank.get(item.id)! <= page.perBucket : rank.get(item.id)! > page.perBucket;
    });
    return {
      items,
      ...(page.part === 'head' ? { bucketTotals: totals } : {}),
      latestEventId: this.latestEventId,
    };
  },

  /** Puts an item between neighbours of a bucket; answers the bucket's new keys when it had to be reassigned. */
  place(
    projectId: string,
    item: StoredItem,
    bucket: PlanBucket,
    left: StoredItem | null,
    right: StoredItem | null,
    /** A key to keep when it lies strictly between the neighbours (an undo). */
    exact?: number,
  ) {
    const context = this.contextOf(item, projectId)!;
    const low = left ? this.contextOf(left, projectId)!.sortKey : null;
    const high = right ? this.contextOf(right, projectId)!.sortKey : null;
    if (exact !== undefined && (low === null || low < exact) && (high === null || exact < high)) {
      context.sortKey = exact;
      return undefined;
    }
    const key = sortKeyBetween(low, high);
    if (key !== null) {
      context.sortKey = key;
      return undefined;
    }
    const others = this.bucketItems(projectId, bucket, item.id);
    const at = left ? others.indexOf(left) + 1 : right ? others.indexOf(right) : others.length;
    others.splice(at, 0, item);
    const keys = rebalancedSortKeys(others.length);
    return others.map((other, index) => {
      this.contextOf(other, projectId)!.sortKey = keys[index]!;
      return { id: other.id, sortKey: keys[index]! };
    });
  },

  /** Neighbours for an order update: the left one anchors, else the right one, else the end. */
  neighbours(
    projectId: string,
    bucket: PlanBucket,
    itemId: string,
    order?: { leftNeighborId?: string | null; rightNeighborId?: string | null },
    edge: 'start' | 'end' = 'end',
  ) {
    const list = this.bucketItems(projectId, bucket, itemId);
    const find = (id: string | null | undefined) => {
      if (!id) return null;
      const found = list.find((other) => other.id === id);
      if (!found) throw new Error(`${id} is not in the target bucket`);
      return found;
    };
    const left = find(order?.leftNeighborId);
    const right = find(order?.rightNeighborId);
    if (left) return { left, right: list[list.indexOf(left) + 1] ?? null };
    if (right) return { left: list[list.indexOf(right) - 1] ?? null, right };
    if (order) return { left: list.at(-1) ?? null, right: null };
    return edge === 'start' ? { left: null, right: list[0] ?? null } : { left: list.at(-1) ?? null, right: null };
  },

  /** Adds items straight into the plan, in the order given, each at the end of its bucket. */
  seed(seeds: SeedItem[], projectId = 'project-1'): StoredItem[] {
    return seeds.map((seed) => {
      const bucket = seed.bucket ?? { scope: Scope.InScope, assignedTimeframe: null };
      const id = seed.id ?? this.newId();
      const number = this.nextNumber++;
      const item: StoredItem = {
        id,
        linkId: `link${number}`,
        teamId: 'team-1',
        dateCreated: '2025-11-20T10:00:00.000Z',
        itemType: seed.itemType ?? 1,
        description: seed.description,
        externalId: `AE-${number}`,
        workflowStatus: seed.workflowStatus ?? 0,
        codingAgentUrl: null,
        pullRequestUrl: null,
        parentContextItemId: seed.parentContextItemId ?? null,
        goals: seed.goals ?? [],
        version: 1,
        startDate: null,
        completionDate: seed.completionDate ?? null,
        projectContexts: [
          {
            projectId: seed.projectId ?? projectId,
            sortKey: 0,
            scope: bucket.scope,
            assignedTimeframe: bucket.assignedTimeframe,
            assignedToUserId: seed.assignedToUserId ?? null,
            assignmentHistory: [
              {
                dateUpdated: '2025-11-20T10:00:00.000Z',
                assignment: { scope: Scope.OutOfScope, assignedTimeframe: null, assignedToUserId: null },
              },
            ],
          },
        ],
      };
      const { left } = this.neighbours(seed.projectId ?? projectId, bucket, id, undefined, 'end');
      this.items.push(item);
      this.place(seed.projectId ?? projectId, item, bucket, left, null);
      return item;
    });
  },
};

export const dayBucket = (index: number, scope: Scope = Scope.InScope): PlanBucket => ({
  scope,
  assignedTimeframe: { span: Span.Day, index },
});
export const weekBucket = (index: number, scope: Scope = Scope.InScope): PlanBucket => ({
  scope,
  assignedTimeframe: { span: Span.Week, index },
});
export const unscheduled = (scope: Scope = Scope.InScope): PlanBucket => ({ scope, assignedTimeframe: null });
