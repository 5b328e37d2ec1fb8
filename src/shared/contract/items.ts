/** The items API group (spec §3, §7 "Items") and the plan payloads the projects group shares. */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Id } from './common';
import { BoundedJsonObject, jsonLimits } from './boundedJson';
import { ItemType, Scope, Span } from '../enums';
import { FIELD_LIMITS } from '../fieldLimits';
import { BOARD_DESCRIPTION_LENGTH } from '../boardDescription';
import { SORT_KEY_MAX, SORT_KEY_MIN } from '../sortKeys';

/**
 * Also accepts null. A type list, so AJV's type coercion never turns null into 0 or ""; a named
 * schema (one with an `$id`) stays itself, null the other choice, so it is not copied under its name.
 */
export function Nullable<T extends TSchema>(schema: T) {
  if (schema.$id !== undefined) return Type.Unsafe<Static<T> | null>({ anyOf: [schema, { type: 'null' }] });
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type as string, 'null'] });
}

export function IntegerEnum<T extends number>(values: readonly T[], description: string) {
  return Type.Unsafe<T>({ type: 'integer', enum: [...values], description });
}

export const SpanCode = IntegerEnum([Span.Day, Span.Week, Span.Milestone], 'day 0, week 1, milestone 4');
export const ScopeCode = IntegerEnum([Scope.InScope, Scope.OutOfScope], 'in-scope 0, out-of-scope 1');
export const ItemTypeCode = IntegerEnum(
  [ItemType.Demo, ItemType.Implementation, ItemType.GoToMarket],
  'demo 1, implementation 2, go-to-market 3',
);
/** Hand-off state (design §5): not started 0, sent to agent 1, pull request open 2, merged 3, done 4. */
export const WorkflowStatusCode = IntegerEnum(
  [0, 1, 2, 3, 4],
  'not started 0, sent to agent 1, PR open 2, merged 3, done 4',
);

/** Day: days since 1970-01-01; week: weeks since Monday 1970-01-05; milestone: a project milestone's index. */
export const Timeframe = Type.Object(
  { span: SpanCode, index: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 }) },
  { $id: 'Timeframe', additionalProperties: false },
);
export type Timeframe = Static<typeof Timeframe>;

export const Assignment = Type.Object(
  {
    scope: ScopeCode,
    assignedTimeframe: Nullable(Timeframe),
    assignedToUserId: Nullable(Id),
  },
  { $id: 'Assignment' },
);
export type Assignment = Static<typeof Assignment>;

export const AssignmentHistoryEntry = Type.Object(
  {
    dateUpdated: Type.String({ format: 'date-time' }),
    assignment: Assignment,
  },
  { $id: 'AssignmentHistoryEntry' },
);
export type AssignmentHistoryEntry = Static<typeof AssignmentHistoryEntry>;

/** An item's place in one project: bucket (scope × timeframe), order and assignee, with its history. */
export const ProjectContext = Type.Object(
  {
    projectId: Id,
    sortKey: Type.Number(),
    scope: ScopeCode,
    assignedToUserId: Nullable(Id),
    assignedTimeframe: Nullable(Timeframe),
    assignmentHistory: Type.Array(AssignmentHistoryEntry),
  },
  { $id: 'ProjectContext' },
);
export type ProjectContext = Static<typeof ProjectContext>;

/**
 * An item's place in one project without its history: what the board query and search answer, so a
 * board of 10,000 items stays small. One context's history: GET …/projects/{projectId}/all/{itemId}/project-context.
 */
export const ProjectPlacement = Type.Omit(ProjectContext, ['assignmentHistory'], { $id: 'ProjectPlacement' });
export type ProjectPlacement = Static<typeof ProjectPlacement>;

const HttpUrl = Type.String({ maxLength: 2048, pattern: '^https?://\\S+$' });

const L = FIELD_LIMITS;

/** An item's markdown description; its first line is the card's title. */
export const Description = Type.String({ maxLength: L.description.maxLength });

const baseFields = {
  description: Type.Optional(Description),
  workflowStatus: Type.Optional(WorkflowStatusCode),
  codingAgentUrl: Type.Optional(Nullable(HttpUrl)),
  pullRequestUrl: Type.Optional(Nullable(HttpUrl)),
  parentContextItemId: Type.Optional(Nullable(Id)),
  goals: Type.Optional(Type.Array(Type.String({ maxLength: L.goals.maxLength }), { maxItems: L.goals.maxItems })),
  startDate: Type.Optional(Nullable(Type.String({ format: 'date' }))),
  completionDate: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
};

/** An implementation's own patterns and how they connect; their shape is the caller's, their size bounded. */
export const LocalPatternData = Type.Object(
  {
    patterns: Type.Array(Type.Unknown(), { maxItems: L.localPatternData.patterns }),
    patternConnections: Type.Array(Type.Unknown(), { maxItems: L.localPatternData.patternConnections }),
  },
  { $id: 'LocalPatternData', additionalProperties: false, ...jsonLimits(L.localPatternData) },
);

const demoFields = {
  /** Implementations of the same team this demo shows. */
  implementationIds: Type.Optional(Type.Array(Id, { maxItems: L.implementationIds.maxItems })),
};
const implementationFields = {
  projectPatternIds: Type.Optional(Type.Array(Id, { maxItems: L.projectPatternIds.maxItems })),
  localPatternData: Type.Optional(LocalPatternData),
  newTestScenarios: Type.Optional(
    Type.Array(Type.String({ maxLength: L.newTestScenarios.maxLength }), { maxItems: L.newTestScenarios.maxItems }),
  ),
};

/** Every item field a caller may write (spec §3), kind-specific ones included. */
export type WritableItemField = keyof typeof baseFields | keyof typeof demoFields | keyof typeof implementationFields;

/** The fields a caller writes; absent fields keep their value on update and their default on create. */
export const DemoFields = Type.Object(
  { ...baseFields, ...demoFields },
  { $id: 'DemoFields', additionalProperties: false },
);
export const ImplementationFields = Type.Object(
  { ...baseFields, ...implementationFields },
  { $id: 'ImplementationFields', additionalProperties: false },
);
export const GoToMarketFields = Type.Object(baseFields, { $id: 'GoToMarketFields', additionalProperties: false });
/** Bulk creation names the kind per item; kind-specific fields are checked against it. */
export const AnyItemFields = Type.Object(
  { ...baseFields, ...demoFields, ...implementationFields },
  { $id: 'AnyItemFields', additionalProperties: false },
);
export type AnyItemFields = Static<typeof AnyItemFields>;

export const OrderUpdate = Type.Object(
  {
    /** The item that will sit just before this one (null: it goes first). */
    leftNeighborId: Type.Optional(Nullable(Id)),
    /** The item that will sit just after this one (null: it goes last). */
    rightNeighborId: Type.Optional(Nullable(Id)),
    /**
     * The key to give the item when it lies strictly between the neighbours' keys (an undo puts an item
     * back with the key it had); otherwise the midpoint, as without it.
     */
    sortKey: Type.Optional(Type.Number({ minimum: SORT_KEY_MIN, maximum: SORT_KEY_MAX })),
  },
  { $id: 'OrderUpdate', additionalProperties: false },
);
export type OrderUpdate = Static<typeof OrderUpdate>;

export const NewAssignment = Type.Object(
  {
    scope: ScopeCode,
    assignedTimeframe: Nullable(Timeframe),
    /** Absent keeps the current assignee; null unassigns. */
    assignedToUserId: Type.Optional(Nullable(Id)),
  },
  { $id: 'NewAssignment', additionalProperties: false },
);
export type NewAssignment = Static<typeof NewAssignment>;

export const PlanBucketUpdateHint = Type.Union([Type.Literal('start'), Type.Literal('end')], {
  description:
    'Where to place the item in a new bucket when no orderUpdate is given (default: start of an earlier bucket, end of a later one)',
});

/** Spec §3 "Move request". */
export const MoveRequest = Type.Object(
  {
    newAssignment: Type.Optional(NewAssignment),
    orderUpdate: Type.Optional(OrderUpdate),
    planBucketUpdateHint: Type.Optional(PlanBucketUpdateHint),
  },
  { $id: 'MoveRequest', additionalProperties: false },
);
export type MoveRequest = Static<typeof MoveRequest>;

export const RebalancedSortKeys = Type.Array(Type.Object({ id: Id, sortKey: Type.Number() }));
export type RebalancedSortKeys = Static<typeof RebalancedSortKeys>;

/** Spec §3 "Sort-key response", plus every key of the bucket when it had to be reassigned. */
export const SortKeyResponse = Type.Object(
  {
    id: Id,
    linkId: Type.String(),
    externalId: Type.String(),
    projectPlanContext: ProjectContext,
    rebalancedSortKeys: Type.Optional(RebalancedSortKeys),
  },
  { $id: 'SortKeyResponse' },
);
export type SortKeyResponse = Static<typeof SortKeyResponse>;

/** The assignment a new item moves to once created (it starts out-of-scope and unscheduled). */
export const RequestedAssignment = Type.Object(
  {
    scope: ScopeCode,
    assignedTimeframe: Nullable(Timeframe),
    assignedToUserId: Type.Optional(Nullable(Id)),
    orderUpdate: Type.Optional(OrderUpdate),
  },
  { $id: 'RequestedAssignment', additionalProperties: false },
);
export type RequestedAssignment = Static<typeof RequestedAssignment>;

function CreateBody<T extends TSchema>($id: string, item: T) {
  return Type.Object({ projectId: Id, project: RequestedAssignment, item }, { $id, additionalProperties: false });
}
/** The item's version the edit was made to; a stale one is refused (409 with the item as it is now). */
export const ItemVersion = Type.Integer({ minimum: 1 });
function UpdateBody<T extends TSchema>($id: string, item: T) {
  return Type.Object(
    { projectId: Id, item, version: Type.Optional(ItemVersion) },
    { $id, additionalProperties: false },
  );
}

export const CreateDemoBody = CreateBody('CreateDemoBody', DemoFields);
export const CreateImplementationBody = CreateBody('CreateImplementationBody', ImplementationFields);
export const CreateGoToMarketBody = CreateBody('CreateGoToMarketBody', GoToMarketFields);
export type CreateItemBody = Static<
  typeof CreateDemoBody | typeof CreateImplementationBody | typeof CreateGoToMarketBody
>;

export const UpdateDemoBody = UpdateBody('UpdateDemoBody', DemoFields);
export const UpdateImplementationBody = UpdateBody('UpdateImplementationBody', ImplementationFields);
export const UpdateGoToMarketBody = UpdateBody('UpdateGoToMarketBody', GoToMarketFields);

/** One item's whole context in one project, history included (oldest entry first). */
export const ProjectContextAnswer = Type.Object(
  { projectPlanContext: ProjectContext },
  { $id: 'ProjectContextAnswer' },
);
export const UpdateItemResponse = Type.Object(
  { projectPlanContext: ProjectContext, version: ItemVersion },
  { $id: 'UpdateItemResponse' },
);

export const ItemIdParams = Type.Object({ id: Id });

export const DeleteItemBody = Type.Object(
  {
    projectId: Id,
    /** The client's copy of the item's project context and of the item; informational, the server reads its own. */
    project: Type.Optional(BoundedJsonObject(L.deletedItemCopy)),
    item: Type.Optional(BoundedJsonObject(L.deletedItemCopy)),
  },
  { $id: 'DeleteItemBody', additionalProperties: false },
);

/** Which project a deleted item goes back to (its place and fields are the server's copy). */
export const RestoreItemBody = Type.Object({ projectId: Id }, { $id: 'RestoreItemBody', additionalProperties: false });

export const CompleteItemBody = Type.Object(
  { markComplete: Type.Boolean() },
  { $id: 'CompleteItemBody', additionalProperties: false },
);
export const CompleteItemResponse = Type.Object(
  {
    id: Id,
    completionDate: Nullable(Type.String({ format: 'date-time' })),
    version: ItemVersion,
  },
  { $id: 'CompleteItemResponse' },
);

export const BulkCreateItem = Type.Object(
  { itemType: ItemTypeCode, item: AnyItemFields, project: RequestedAssignment },
  { $id: 'BulkCreateItem', additionalProperties: false },
);
export type BulkCreateItem = Static<typeof BulkCreateItem>;

export const BulkCreateBody = Type.Object(
  { projectId: Id, items: Type.Array(BulkCreateItem, { minItems: 1, maxItems: 500 }) },
  { $id: 'BulkCreateBody', additionalProperties: false },
);

export const SplitItemBody = Type.Object(
  {
    projectId: Id,
    /** The item keeps the first; each further one becomes a new item of the same kind right after it. */
    descriptions: Type.Array(Description, { minItems: 2, maxItems: L.splitDescriptions.maxItems }),
  },
  { $id: 'SplitItemBody', additionalProperties: false },
);

/** Several created (or split) items, in order; the bucket keys when a bucket was reassigned. */
export const CreatedItems = Type.Object(
  {
    items: Type.Array(SortKeyResponse),
    rebalancedSortKeys: Type.Optional(RebalancedSortKeys),
  },
  { $id: 'CreatedItems' },
);
export type CreatedItems = Static<typeof CreatedItems>;

/** Spec §3 Item, with the kind-specific fields of its kind; its contexts come without their history. */
export const Item = Type.Object(
  {
    id: Id,
    linkId: Type.String(),
    teamId: Id,
    dateCreated: Type.String({ format: 'date-time' }),
    itemType: Type.Integer(),
    description: Type.String(),
    externalId: Type.String(),
    workflowStatus: Type.Integer(),
    codingAgentUrl: Nullable(Type.String()),
    pullRequestUrl: Nullable(Type.String()),
    parentContextItemId: Nullable(Type.String()),
    goals: Type.Array(Type.String()),
    startDate: Nullable(Type.String({ format: 'date' })),
    completionDate: Nullable(Type.String({ format: 'date-time' })),
    projectContexts: Type.Array(ProjectPlacement),
    /** Goes up on every change; sent back with an edit so a stale edit is refused. */
    version: ItemVersion,
    implementationIds: Type.Optional(Type.Array(Type.String())),
    projectPatternIds: Type.Optional(Type.Array(Type.String())),
    localPatternData: Type.Optional(
      Type.Object({ patterns: Type.Array(Type.Unknown()), patternConnections: Type.Array(Type.Unknown()) }),
    ),
    newTestScenarios: Type.Optional(Type.Array(Type.String())),
  },
  { $id: 'Item' },
);
export type Item = Static<typeof Item>;

/**
 * An item as the board query and search answer it: only what a card shows, so the answer's size is
 * bounded by the number of items whatever was stored (issue 8). `description` is the description's
 * first line (leading whitespace dropped), cut to what its display title is made from; goals, links,
 * id lists, test scenarios and pattern data come with the whole item (GET …/project-items/all/{id}).
 * `projectContexts` holds the queried project's context only.
 */
export const BoardItem = Type.Object(
  {
    id: Id,
    linkId: Type.String(),
    teamId: Id,
    dateCreated: Type.String({ format: 'date-time' }),
    itemType: Type.Integer(),
    description: Type.String({
      maxLength: BOARD_DESCRIPTION_LENGTH,
      description: `The description's first line, at most ${BOARD_DESCRIPTION_LENGTH} characters: what the card's title is made from.`,
    }),
    externalId: Type.String(),
    workflowStatus: Type.Integer(),
    parentContextItemId: Nullable(Type.String()),
    startDate: Nullable(Type.String({ format: 'date' })),
    completionDate: Nullable(Type.String({ format: 'date-time' })),
    projectContexts: Type.Array(ProjectPlacement, { minItems: 1, maxItems: 1 }),
  },
  { $id: 'BoardItem' },
);
export type BoardItem = Static<typeof BoardItem>;

export const BoardItemList = Type.Object({ items: Type.Array(BoardItem) }, { $id: 'BoardItemList' });
export type BoardItemList = Static<typeof BoardItemList>;

/** How many items one bucket holds (every one, not only the page's). */
export const BucketTotal = Type.Object(
  {
    scope: ScopeCode,
    assignedTimeframe: Nullable(Timeframe),
    count: Type.Integer({ minimum: 0 }),
  },
  { $id: 'BucketTotal' },
);
export type BucketTotal = Static<typeof BucketTotal>;

/**
 * A board page's items field by field (shared/boardColumns.ts reads them back as BoardItem): entry i of
 * every array belongs to the page's i-th item, in board order; the team and the project, the same for
 * every item, come once. The same items as objects compress about a third worse (every key on every
 * item) and decode to three times the text (docs/benchmarks.md, issue 28).
 */
export const BoardColumns = Type.Object(
  {
    teamId: Id,
    /** The queried project: every item's context is in it. */
    projectId: Id,
    id: Type.Array(Id),
    linkId: Type.Array(Type.String()),
    dateCreated: Type.Array(Type.String({ format: 'date-time' })),
    itemType: Type.Array(Type.Integer()),
    description: Type.Array(Type.String({ maxLength: BOARD_DESCRIPTION_LENGTH })),
    externalId: Type.Array(Type.String()),
    workflowStatus: Type.Array(Type.Integer()),
    parentContextItemId: Type.Array(Nullable(Type.String())),
    startDate: Type.Array(Nullable(Type.String({ format: 'date' }))),
    completionDate: Type.Array(Nullable(Type.String({ format: 'date-time' }))),
    sortKey: Type.Array(Type.Number()),
    scope: Type.Array(ScopeCode),
    assignedToUserId: Type.Array(Nullable(Id)),
    /** The assigned timeframe's span and index; both null when unscheduled. */
    span: Type.Array(Nullable(Type.Integer({ description: 'day 0, week 1, milestone 4' }))),
    index: Type.Array(Nullable(Type.Integer())),
  },
  { $id: 'BoardColumns' },
);
export type BoardColumns = Static<typeof BoardColumns>;

/**
 * The board query's answer: the whole board as items, or one part of it (query bucketPage) field by
 * field, with the newest team event id read with it, so the two parts can tell whether anything changed
 * between them; the head also counts every bucket.
 */
export const BoardItemPage = Type.Union(
  [
    BoardItemList,
    Type.Object({
      columns: BoardColumns,
      bucketTotals: Type.Optional(Type.Array(BucketTotal)),
      latestEventId: Type.Integer({ minimum: 0 }),
    }),
  ],
  { $id: 'BoardItemPage' },
);
export type BoardItemPage = Static<typeof BoardItemPage>;
