/** The projects API group (spec §3 Project, §7 "Projects"). */
import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common';
import { ItemTypeCode, Nullable, ScopeCode, Timeframe } from './items';
import { Project } from './userAndTeam';
import { ProjectStatus } from '../enums';

export { Project, Milestone } from './userAndTeam';

export const ProjectStatusCode = Type.Unsafe<ProjectStatus>({
  type: 'integer',
  enum: [ProjectStatus.Live, ProjectStatus.Completed, ProjectStatus.Cancelled],
  description: 'Live 0, Completed 1, Cancelled 2',
});

export const MilestoneInput = Type.Object(
  {
    /** Identifies the milestone in timeframes ({span: 4, index}); keep it when renaming or re-dating. */
    index: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    targetDate: Type.String({ format: 'date' }),
  },
  { $id: 'MilestoneInput', additionalProperties: false },
);
export type MilestoneInput = Static<typeof MilestoneInput>;

export const CreateProjectBody = Type.Object(
  {
    description: Type.String({ minLength: 1, maxLength: 200 }),
    projectDescription: Type.Optional(Type.String({ maxLength: 20_000 })),
  },
  { $id: 'CreateProjectBody', additionalProperties: false },
);
export type CreateProjectBody = Static<typeof CreateProjectBody>;

/** Absent fields stay as they are. Milestones replace the list; items in a removed milestone become unscheduled. */
export const UpdateProjectBody = Type.Object(
  {
    description: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    projectDescription: Type.Optional(Type.String({ maxLength: 20_000 })),
    status: Type.Optional(ProjectStatusCode),
    milestones: Type.Optional(Type.Array(MilestoneInput, { maxItems: 200 })),
    /** The project's version the edit was made to; a stale one is refused (409 with the project as it is now). */
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { $id: 'UpdateProjectBody', additionalProperties: false },
);
export type UpdateProjectBody = Static<typeof UpdateProjectBody>;

export const ProjectIdParams = Type.Object({ projectId: Id });

export const DeleteProjectBody = Type.Object(
  {
    /** Move the items to this project (out-of-scope, unscheduled, appended); without it they are deleted. */
    transferItemsToProjectId: Type.Optional(Nullable(Id)),
  },
  { $id: 'DeleteProjectBody', additionalProperties: false },
);
export type DeleteProjectBody = Static<typeof DeleteProjectBody>;

export const DeletedProject = Type.Object(
  {
    projectId: Id,
    transferredItemCount: Type.Integer(),
    deletedItemCount: Type.Integer(),
  },
  { $id: 'DeletedProject' },
);

export const SetActiveProjectBody = Type.Object(
  { newActiveProjectId: Id },
  { $id: 'SetActiveProjectBody', additionalProperties: false },
);
export const SetActiveProjectResponse = Type.Object({ newActiveProject: Project }, { $id: 'SetActiveProjectResponse' });

/** Board order caps a page per bucket (scope × timeframe); beyond this a bucket is a page of its own. */
export const BUCKET_PAGE_MAX = 500;

/**
 * The board in two reads: `head` is the first `perBucket` items of every bucket with each bucket's
 * count, `rest` every other item; together they are the unpaged answer (docs/architecture.md).
 */
export const BucketPage = Type.Object(
  {
    part: Type.Union([Type.Literal('head'), Type.Literal('rest')]),
    perBucket: Type.Integer({ minimum: 1, maximum: BUCKET_PAGE_MAX }),
  },
  { $id: 'BucketPage', additionalProperties: false },
);
export type BucketPage = Static<typeof BucketPage>;

/** Filters of the board query; each absent one does not filter. */
export const ProjectItemsQuery = Type.Object(
  {
    /** A timeframe selects what it contains (a week its days, a milestone its weeks and days); null selects unscheduled. */
    timeframeAssignmentFilter: Type.Optional(Nullable(Timeframe)),
    scopeFilter: Type.Optional(ScopeCode),
    itemTypeFilter: Type.Optional(ItemTypeCode),
    /** Answer one part of the board (with bucketTotals or the latest event id); absent: the whole board. */
    bucketPage: Type.Optional(BucketPage),
  },
  { $id: 'ProjectItemsQuery', additionalProperties: false },
);
export type ProjectItemsQuery = Static<typeof ProjectItemsQuery>;

export const SearchQuerystring = Type.Object(
  { query: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);

export const MoveParams = Type.Object({ projectId: Id, itemId: Id });
