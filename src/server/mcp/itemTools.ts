/**
 * The MCP tools that read and write items (agents.md §4, Linear's upsert-style tools as the model):
 * list_projects, list_items, get_item, save_item, list_context_items. Every answer is plain text,
 * kept short; every write goes through the same services, checks and quotas as the REST API.
 */
import { insertTeamEvent } from '../repositories/teamEvents';
import { z } from 'zod';
import { eq, sql } from 'drizzle-orm';
import { requireScopes, type McpServer } from '@modelcontextprotocol/server';
import { items, projectContexts } from '../db/schema';
import { listTeamProjects, findTeamProject } from '../repositories/projects';
import { listItemContexts } from '../repositories/projectContexts';
import { listProjectItemSummaries } from '../repositories/itemSummaries';
import { contextChain } from '../repositories/contextItems';
import { findLatestItemHandoff, listHandoffEventsOfKind } from '../repositories/handoffs';
import { activeProjectOf, teamPatterns } from '../services/agentDrafts';
import { listContextItems } from '../services/contextItems';
import { createItems, itemKindName, updateItemFields } from '../services/items';
import { searchTsQuery } from '../services/board';
import { invalidRequest, notFound } from '../errors';
import { displayTitle } from '../../shared/displayTitle';
import { ItemType, Scope, Span } from '../../shared/enums';
import { codingAgentNames, type CodingAgent } from '../../shared/contract/github';
import { FIELD_LIMITS } from '../../shared/fieldLimits';
import { answer, requireWritable, resolveItem, type McpContext } from './mcpContext';
import { bucketText, bullets, handoffStatusNames, summaryLine } from './itemText';

const kinds = { demo: ItemType.Demo, implementation: ItemType.Implementation, gtm: ItemType.GoToMarket } as const;
const spans = { day: Span.Day, week: Span.Week, milestone: Span.Milestone } as const;
const handoffFilter = ['not-started', 'sent', 'pr-open', 'merged', 'done'] as const;
/** How much of a context item's body get_item quotes. */
const CONTEXT_BODY_CHARS = 2_000;
const ItemReference = z.string().min(1).max(100).describe('The item key (e.g. AE-12) or id');

async function projectOf(context: McpContext, projectId: string | undefined) {
  const { db, principal } = context;
  const id = projectId ?? (await activeProjectOf(db, principal.teamId, principal.userId));
  const project = id ? await findTeamProject(db, principal.teamId, id) : undefined;
  if (!project) throw notFound(projectId ? `No project ${projectId} in this team` : 'This team has no project yet');
  return project;
}

export function registerItemTools(server: McpServer, context: McpContext) {
  const { db, principal } = context;

  server.registerTool(
    'list_projects',
    {
      description: "The team's projects: id, name, and which one is the caller's active project.",
      annotations: { readOnlyHint: true },
    },
    () =>
      answer(async () => {
        const projects = await listTeamProjects(db, principal.teamId);
        const active = await activeProjectOf(db, principal.teamId, principal.userId);
        if (projects.length === 0) return 'No projects.';
        return projects
          .map((project) => `${project.id} · ${project.description}${project.id === active ? ' (active)' : ''}`)
          .join('\n');
      }),
  );

  server.registerTool(
    'list_items',
    {
      description:
        "Items of a project in board order, one line each: key · kind · status · bucket · title. Defaults to the caller's active project.",
      inputSchema: z.object({
        project: z.string().max(100).optional().describe('Project id (list_projects); the active project if absent'),
        kind: z.enum(['demo', 'implementation', 'gtm']).optional(),
        scope: z.enum(['in', 'out']).optional(),
        timeframe: z.enum(['unscheduled', 'day', 'week', 'milestone']).optional(),
        handoff: z.enum(handoffFilter).optional().describe('Hand-off status'),
        text: z.string().max(200).optional().describe('Words to search for in titles, descriptions and keys'),
        cursor: z.string().max(20).optional().describe('From the previous page'),
        limit: z.number().int().min(1).max(100).optional().describe('At most 100; 25 by default'),
      }),
      annotations: { readOnlyHint: true },
    },
    (args) =>
      answer(async () => {
        const project = await projectOf(context, args.project);
        const offset = args.cursor ? Number.parseInt(args.cursor, 10) || 0 : 0;
        const limit = args.limit ?? 25;
        const tsquery = args.text ? searchTsQuery(args.text) : null;
        const filters = [
          args.kind ? eq(items.itemType, kinds[args.kind]) : undefined,
          args.scope ? eq(projectContexts.scope, args.scope === 'in' ? Scope.InScope : Scope.OutOfScope) : undefined,
          args.timeframe === 'unscheduled'
            ? sql`${projectContexts.timeframeSpan} is null`
            : args.timeframe
              ? eq(projectContexts.timeframeSpan, spans[args.timeframe])
              : undefined,
          args.handoff ? eq(items.workflowStatus, handoffFilter.indexOf(args.handoff)) : undefined,
          args.text ? (tsquery ? sql`${items.searchVector} @@ ${tsquery}` : sql`false`) : undefined,
        ].filter((filter) => filter !== undefined);
        const rows = await listProjectItemSummaries(db, {
          teamId: principal.teamId,
          projectId: project.id,
          where: filters.length > 0 ? sql.join(filters, sql` and `) : undefined,
          offset,
          limit: limit + 1,
        });
        const page = rows.slice(0, limit);
        const lines = page.map((row) => summaryLine(row, project.milestones));
        const header = `${project.description}: ${page.length === 0 ? 'no items match' : `items ${offset + 1}–${offset + page.length}`}`;
        const more = rows.length > limit ? `\nnext cursor: ${offset + limit}` : '';
        return [header, ...lines].join('\n') + more;
      }),
  );

  server.registerTool(
    'get_item',
    {
      description:
        'One item in full: description, goals, test scenarios, where it is planned, its parent context chain, patterns, hand-off and links.',
      inputSchema: z.object({ item: ItemReference }),
      annotations: { readOnlyHint: true },
    },
    ({ item: reference }) => answer(async () => itemPage(context, reference)),
  );

  server.registerTool(
    'save_item',
    {
      description:
        'Creates an item (no `item` given: needs kind and description; it lands unscheduled in scope in the project) or updates one (only the fields given change). Same rules and quotas as the app.',
      inputSchema: z.object({
        item: ItemReference.optional(),
        kind: z.enum(['demo', 'implementation', 'gtm']).optional(),
        project: z.string().max(100).optional(),
        description: z.string().max(FIELD_LIMITS.description.maxLength).optional(),
        goals: z.array(z.string().max(FIELD_LIMITS.goals.maxLength)).max(FIELD_LIMITS.goals.maxItems).optional(),
        testScenarios: z
          .array(z.string().max(FIELD_LIMITS.newTestScenarios.maxLength))
          .max(FIELD_LIMITS.newTestScenarios.maxItems)
          .optional()
          .describe('Implementations only'),
      }),
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
          const placements = await listItemContexts(db, item.id);
          const projectId = args.project ?? placements[0]?.projectId;
          if (!projectId) throw invalidRequest(`${item.externalId} is in no project`);
          await db.transaction(async (tx) => {
            await updateItemFields(tx, {
              teamId: principal.teamId,
              itemId: item.id,
              itemType: item.itemType as ItemType,
              projectId,
              fields,
              now,
            });
            await insertTeamEvent(tx, principal.teamId, { kind: 'items', projectId, itemIds: [item.id] });
          });
          return `Saved ${item.externalId}.`;
        }
        if (principal.writableItemId !== null) throw invalidRequest('This token may not create items.');
        if (!principal.scopes.includes('items:write')) throw invalidRequest('This token may only read items.');
        if (!args.kind || !args.description?.trim()) throw invalidRequest('A new item needs kind and description.');
        const project = await projectOf(context, args.project);
        const created = await db.transaction(async (tx) => {
          const made = await createItems(tx, {
            teamId: principal.teamId,
            projectId: project.id,
            items: [
              {
                itemType: kinds[args.kind!],
                fields,
                project: { scope: Scope.InScope, assignedTimeframe: null },
              },
            ],
            now,
            field: () => 'arguments',
          });
          await insertTeamEvent(tx, principal.teamId, { kind: 'items', projectId: project.id, itemIds: [] });
          return made;
        });
        return `Created ${created.items[0]!.externalId} in ${project.description} (unscheduled, in scope).`;
      }),
  );

  server.registerTool(
    'list_context_items',
    {
      description: "The team's context items (background documents items build on): id · title (kind).",
      annotations: { readOnlyHint: true },
    },
    () =>
      answer(async () => {
        const found = await listContextItems(db, principal.teamId);
        if (found.length === 0) return 'No context items.';
        return found.map((item) => `${item.id} · ${item.title}${item.kind ? ` (${item.kind})` : ''}`).join('\n');
      }),
  );
}

/** get_item's page: everything an agent needs to work on the item, as markdown. */
export async function itemPage(context: McpContext, reference: string): Promise<string> {
  const { db, principal } = context;
  const item = await resolveItem(context, reference);
  const projects = new Map((await listTeamProjects(db, principal.teamId)).map((project) => [project.id, project]));
  const placements = (await listItemContexts(db, item.id)).map((placement) => {
    const project = projects.get(placement.projectId);
    return `${project?.description ?? placement.projectId}: ${bucketText(placement, project?.milestones ?? [])}`;
  });
  const chain = item.parentContextItemId ? await contextChain(db, principal.teamId, item.parentContextItemId) : [];
  const patterns = item.projectPatternIds.length > 0 ? await teamPatterns(db, principal.teamId) : new Map();
  const handoff = await findLatestItemHandoff(db, principal.teamId, item.id);
  const status = item.completionDate ? 'complete' : handoffStatusNames[item.workflowStatus];
  const lines = [
    `# ${item.externalId}: ${displayTitle(item.description) || 'Untitled'}`,
    '',
    `Kind: ${itemKindName[item.itemType]} · Status: ${status} · Planned: ${placements.join('; ') || 'in no project'}`,
    '',
    '## Description',
    '',
    item.description.trim() || '_none_',
    '',
    '## Goals',
    '',
    bullets(item.goals),
  ];
  if (item.itemType === ItemType.Implementation)
    lines.push('', '## Test scenarios', '', bullets(item.newTestScenarios));
  if (chain.length > 0) {
    lines.push('', '## Context (root first)');
    for (const parent of [...chain].reverse()) {
      lines.push(
        '',
        `### ${parent.title}${parent.kind ? ` (${parent.kind})` : ''}`,
        '',
        parent.body.slice(0, CONTEXT_BODY_CHARS),
      );
    }
  }
  if (item.projectPatternIds.length > 0) {
    const named = item.projectPatternIds.map((id) => {
      const pattern = patterns.get(id);
      return pattern ? `${pattern.name}: ${pattern.description}` : id;
    });
    lines.push('', '## Patterns', '', bullets(named));
  }
  const instructions = handoff ? await listHandoffEventsOfKind(db, handoff.id, 'instructions') : [];
  if (instructions.length > 0) {
    lines.push('', '## Instructions from the sender', '', ...instructions.map((event) => event.text));
  }
  const links = [
    item.codingAgentUrl && `Issue: ${item.codingAgentUrl}`,
    item.pullRequestUrl && `Pull request: ${item.pullRequestUrl}`,
    handoff &&
      `Hand-off: ${codingAgentNames[handoff.agent as CodingAgent] ?? handoff.agent}, ${handoff.state}${
        handoff.branch ? `, branch ${handoff.branch}` : ''
      }`,
    `In Baton: ${context.publicUrl}`,
  ].filter((line): line is string => Boolean(line));
  lines.push('', '## Links', '', bullets(links));
  return lines.join('\n');
}
