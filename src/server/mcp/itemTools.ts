/**
 * The MCP tools that read and write items (agents.md §4, Linear's upsert-style tools as the model):
 * list_projects, list_items, get_item, save_item, list_context_items, get_context_item. Every answer
 * is plain text, kept short, with the team's words neutralised (services/agentText); every write goes
 * through the same services, checks and quotas as the REST API.
 */
import { z } from 'zod';
import { requireScopes, type McpServer, type RegisteredTool } from '@modelcontextprotocol/server';
import { listTeamProjects, findTeamProject } from '../repositories/projects';
import { listItemContexts } from '../repositories/projectContexts';
import { listProjectItemSummaries } from '../repositories/itemSummaries';
import { activeProjectOf } from '../services/agentDrafts';
import { listContextItems } from '../services/contextItems';
import { createItems, updateItemFields } from '../services/items';
import { agentSafeLine } from '../services/agentText/agentSafe';
import { itemFilterSql } from '../repositories/itemFilters';
import { invalidRequest, notFound } from '../errors';
import { ItemType, Scope, Span, WorkflowStatus } from '../../shared/enums';
import { FIELD_LIMITS } from '../../shared/fieldLimits';
import { answer, refuseItemTokenEdit, requireWritable, resolveItem, type McpContext } from './mcpContext';
import { summaryLine } from './itemText';
import { contextItemPage, itemPage } from './itemPage';

const kinds = { demo: ItemType.Demo, implementation: ItemType.Implementation, gtm: ItemType.GoToMarket } as const;
const spans = { day: Span.Day, week: Span.Week, milestone: Span.Milestone } as const;
const handoffFilter = ['not-started', 'sent', 'pr-open', 'merged', 'done'] as const;
const handoffStatuses: Record<(typeof handoffFilter)[number], WorkflowStatus> = {
  'not-started': WorkflowStatus.NotStarted,
  sent: WorkflowStatus.SentToAgent,
  'pr-open': WorkflowStatus.PullRequestOpen,
  merged: WorkflowStatus.Merged,
  done: WorkflowStatus.Done,
};
const ItemReference = z.string().min(1).max(100).describe('The item key (e.g. AE-12) or id');

async function projectOf(context: McpContext, projectId: string | undefined) {
  const { db, principal } = context;
  const id = projectId ?? (await activeProjectOf(db, principal.teamId, principal.userId));
  const project = id ? await findTeamProject(db, principal.teamId, id) : undefined;
  if (!project) throw notFound(projectId ? `No project ${projectId} in this team` : 'This team has no project yet');
  return project;
}

const Kind = z.enum(['demo', 'implementation', 'gtm']);
const ProjectId = z.string().max(100);

/** Registers the item tools; answers the write tools, which a read-only token does not list. */
export function registerItemTools(server: McpServer, context: McpContext): RegisteredTool[] {
  const { db, principal } = context;

  server.registerTool(
    'list_projects',
    {
      description: "The team's projects: id, name, and which one is the caller's active project.",
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () =>
      answer(async () => {
        const projects = await listTeamProjects(db, principal.teamId);
        const active = await activeProjectOf(db, principal.teamId, principal.userId);
        if (projects.length === 0) return 'No projects.';
        return projects
          .map(
            (project) =>
              `${project.id} · ${agentSafeLine(project.description)}${project.id === active ? ' (active)' : ''}`,
          )
          .join('\n');
      }),
  );

  server.registerTool(
    'list_items',
    {
      description:
        "Items of a project in board order, one line each: key · kind · status · bucket · title. Defaults to the caller's active project.",
      inputSchema: z.object({
        project: ProjectId.optional().describe('Project id (list_projects); the active project if absent'),
        kind: Kind.optional().describe('Only items of this kind: demo, implementation or gtm (go-to-market)'),
        scope: z.enum(['in', 'out']).optional().describe('Only items in scope, or only items out of scope'),
        timeframe: z
          .enum(['unscheduled', 'day', 'week', 'milestone'])
          .optional()
          .describe('Only items planned for a day, a week or a milestone, or not planned yet'),
        handoff: z.enum(handoffFilter).optional().describe('Only items at this hand-off status'),
        text: z.string().max(200).optional().describe('Words to search for in titles, descriptions and keys'),
        cursor: z.string().max(20).optional().describe('From the previous page'),
        limit: z.number().int().min(1).max(100).optional().describe('At most 100; 25 by default'),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      answer(async () => {
        const project = await projectOf(context, args.project);
        const offset = args.cursor ? Number.parseInt(args.cursor, 10) || 0 : 0;
        const limit = args.limit ?? 25;
        const where = itemFilterSql({
          itemType: args.kind && kinds[args.kind],
          scope: args.scope && (args.scope === 'in' ? Scope.InScope : Scope.OutOfScope),
          timeframe: args.timeframe === 'unscheduled' ? null : args.timeframe && spans[args.timeframe],
          workflowStatus: args.handoff && handoffStatuses[args.handoff],
          text: args.text || undefined,
        });
        const rows = await listProjectItemSummaries(db, {
          teamId: principal.teamId,
          projectId: project.id,
          where,
          offset,
          limit: limit + 1,
        });
        const page = rows.slice(0, limit);
        const lines = page.map((row) => summaryLine(row, project.milestones));
        const header = `${agentSafeLine(project.description)}: ${page.length === 0 ? 'no items match' : `items ${offset + 1}–${offset + page.length}`}`;
        const more = rows.length > limit ? `\nnext cursor: ${offset + limit}` : '';
        return [header, ...lines].join('\n') + more;
      }),
  );

  server.registerTool(
    'get_item',
    {
      description:
        "One item in full: description, goals, test scenarios, where it is planned, its project's framing (story and plan), its parent context chain, patterns, the sender's instructions, hand-off and links, with its link in Baton. A long context is cut and says so: read it whole with get_context_item.",
      inputSchema: z.object({ item: ItemReference }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ item: reference }) => answer(async () => itemPage(context, reference)),
  );

  const saveItem = server.registerTool(
    'save_item',
    {
      description:
        "Creates an item (no `item` given: needs kind and description; it lands unscheduled in scope in the project) or updates one (only the fields given change). Same rules and quotas as the app. Not with a terminal hand-off's item token: it leaves the item's text to the team.",
      inputSchema: z.object({
        item: ItemReference.optional().describe('The item to update (key or id); leave out to create one'),
        kind: Kind.optional().describe(
          "The new item's kind: demo, implementation or gtm (go-to-market); creating only",
        ),
        project: ProjectId.optional().describe('Project id (list_projects) to create in; the active project if absent'),
        description: z
          .string()
          .max(FIELD_LIMITS.description.maxLength)
          .optional()
          .describe('Markdown; its first line is the title. Replaces the whole description'),
        goals: z
          .array(z.string().max(FIELD_LIMITS.goals.maxLength))
          .max(FIELD_LIMITS.goals.maxItems)
          .optional()
          .describe('What done means, one entry each. Replaces the whole list'),
        testScenarios: z
          .array(z.string().max(FIELD_LIMITS.newTestScenarios.maxLength))
          .max(FIELD_LIMITS.newTestScenarios.maxItems)
          .optional()
          .describe('Implementations only: how the work is tested, one entry each. Replaces the whole list'),
      }),
      // It replaces the description, goals and test scenarios it is given.
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
      scopeChallenge: requireScopes('items:write'),
    },
    (args) =>
      answer(async () => {
        const fields = {
          ...(args.description !== undefined ? { description: args.description } : {}),
          ...(args.goals !== undefined ? { goals: args.goals } : {}),
          ...(args.testScenarios !== undefined ? { newTestScenarios: args.testScenarios } : {}),
        };
        const now = context.now();
        if (args.item) {
          const item = await resolveItem(context, args.item);
          requireWritable(context, item);
          refuseItemTokenEdit(context);
          const placements = await listItemContexts(db, item.id);
          const projectId = args.project ?? placements[0]?.projectId;
          if (!projectId) throw invalidRequest(`${item.externalId} is in no project`);
          const edit = { teamId: principal.teamId, itemId: item.id, itemType: item.itemType as ItemType, projectId };
          await db.transaction((tx) => updateItemFields(tx, { ...edit, fields, now }));
          return `Saved ${item.externalId}.`;
        }
        if (principal.writableItemId !== null) throw invalidRequest('This token may not create items.');
        if (!principal.scopes.includes('items:write')) throw invalidRequest('This token may only read items.');
        if (!args.kind || !args.description?.trim()) throw invalidRequest('A new item needs kind and description.');
        const project = await projectOf(context, args.project);
        const created = await db.transaction((tx) =>
          createItems(tx, {
            teamId: principal.teamId,
            projectId: project.id,
            items: [
              { itemType: kinds[args.kind!], fields, project: { scope: Scope.InScope, assignedTimeframe: null } },
            ],
            now,
            field: () => 'arguments',
          }),
        );
        return `Created ${created.items[0]!.externalId} in ${project.description} (unscheduled, in scope).`;
      }),
  );

  server.registerTool(
    'list_context_items',
    {
      description:
        "The team's context items (background documents items build on): id · title (kind). Read one with get_context_item.",
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () =>
      answer(async () => {
        const found = await listContextItems(db, principal.teamId);
        if (found.length === 0) return 'No context items.';
        return found
          .map(
            (item) => `${item.id} · ${agentSafeLine(item.title)}${item.kind ? ` (${agentSafeLine(item.kind)})` : ''}`,
          )
          .join('\n');
      }),
  );

  server.registerTool(
    'get_context_item',
    {
      description:
        'One context item whole (title, kind, its parent and its full text): get_item quotes at most 2,000 characters of each.',
      inputSchema: z.object({
        id: z.string().min(1).max(64).describe('The context item id, as get_item or list_context_items shows it'),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ id }) => answer(async () => contextItemPage(context, id)),
  );
  return [saveItem];
}
