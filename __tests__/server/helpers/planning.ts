import type { FastifyInstance } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import { assignmentHistory } from '../../../src/server/db/schema';
import { call, signInAs } from './testApp';

/** A signed-in user of a fresh team, with the team's first project. */
export async function teamUser(app: FastifyInstance, emailAddress: string) {
  const { cookie, context } = await signInAs(app, emailAddress);
  return {
    cookie,
    userId: context.userContext.userId as string,
    teamId: context.activeTeam.id as string,
    projectId: context.availableProjects[0].id as string,
  };
}

export type Kind = 'demos' | 'implementations' | 'gtm';

export interface Assignment {
  scope: 0 | 1;
  assignedTimeframe: { span: number; index: number } | null;
  assignedToUserId?: string | null;
  orderUpdate?: { leftNeighborId?: string | null; rightNeighborId?: string | null };
}

export const unscheduled = (scope: 0 | 1 = 1): Assignment => ({ scope, assignedTimeframe: null });
export const onDay = (index: number, scope: 0 | 1 = 0): Assignment => ({
  scope,
  assignedTimeframe: { span: 0, index },
});
export const inWeek = (index: number, scope: 0 | 1 = 0): Assignment => ({
  scope,
  assignedTimeframe: { span: 1, index },
});

/** Creates an item and answers the sort-key response; fails the test on any other answer. */
export async function createItem(
  app: FastifyInstance,
  cookie: string,
  projectId: string,
  options: { kind?: Kind; project?: Assignment; item?: Record<string, unknown> } = {},
) {
  const response = await call(app, 'POST', `/v1/teams/active/project-items/${options.kind ?? 'demos'}`, {
    cookie,
    body: { projectId, project: options.project ?? unscheduled(), item: options.item ?? { description: 'An item' } },
  });
  if (response.statusCode !== 200) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

export async function queryBoard(app: FastifyInstance, cookie: string, projectId: string, body: unknown = {}) {
  const response = await call(app, 'POST', `/v1/teams/active/projects/${projectId}/all/query`, { cookie, body });
  if (response.statusCode !== 200) throw new Error(`query failed: ${response.statusCode} ${response.body}`);
  return response.json().data.items as BoardItem[];
}

export interface BoardItem {
  id: string;
  externalId: string;
  description: string;
  itemType: number;
  projectContexts: {
    projectId: string;
    sortKey: number;
    scope: number;
    assignedTimeframe: { span: number; index: number } | null;
    assignedToUserId: string | null;
  }[];
}

export interface HistoryEntry {
  dateUpdated: string;
  assignment: {
    scope: number;
    assignedTimeframe: { span: number; index: number } | null;
    assignedToUserId: string | null;
  };
}

/** One item's history in one project, as the item panel reads it (GET …/project-context). */
export async function historyOf(app: FastifyInstance, cookie: string, projectId: string, itemId: string) {
  const response = await call(app, 'GET', `/v1/teams/active/projects/${projectId}/all/${itemId}/project-context`, {
    cookie,
  });
  if (response.statusCode !== 200) throw new Error(`history: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: { projectPlanContext: { assignmentHistory: HistoryEntry[] } } }).data
    .projectPlanContext.assignmentHistory;
}

export function move(app: FastifyInstance, cookie: string, projectId: string, itemId: string, body: unknown) {
  return call(app, 'PUT', `/v1/teams/active/projects/${projectId}/all/${itemId}/project-context`, { cookie, body });
}

/** Row counts of everything the plan writes, and each team's item counter: equal before and after means nothing was written. */
export async function planningState(app: FastifyInstance) {
  const { rows } = (await app.db.execute(sql`
    select
      (select count(*)::int from projects) as projects,
      (select count(*)::int from items) as items,
      (select count(*)::int from project_contexts) as contexts,
      (select count(*)::int from assignment_history) as history,
      (select coalesce(sum(last_item_number), 0)::int from teams) as numbers,
      (select coalesce(sum(sort_key), 0)::float8 from project_contexts) as keys,
      (select string_agg(item_id || ':' || scope || ':' || coalesce(timeframe_span, -1) || ':' ||
        coalesce(timeframe_index, -1) || ':' || coalesce(assigned_to_user_id, ''), ',' order by project_id, item_id)
        from project_contexts) as assignments,
      (select string_agg(id || ':' || description || ':' || coalesce(completion_date::text, ''), ',' order by id)
        from items) as fields
  `)) as unknown as { rows: Record<string, unknown>[] };
  return rows[0];
}

/** The history entries of one item in one project, oldest first. */
export async function historyRows(app: FastifyInstance, projectId: string, itemId: string) {
  return app.db
    .select()
    .from(assignmentHistory)
    .where(and(eq(assignmentHistory.projectId, projectId), eq(assignmentHistory.itemId, itemId)))
    .orderBy(asc(assignmentHistory.id));
}
