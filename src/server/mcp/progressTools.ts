/**
 * The MCP tools an agent reports back with (agents.md §3–§4): record_progress appends to the item's
 * hand-off activity and moves its state; link_pull_request puts the pull request on the item and the
 * hand-off. An item without a hand-off gets one, so work started from any MCP client shows on the card.
 */
import { insertTeamEvent } from '../repositories/teamEvents';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { requireScopes, type McpServer } from '@modelcontextprotocol/server';
import type { Db } from '../db/types';
import type { HandoffRow } from '../db/schema';
import { advanceItemWork } from '../repositories/items';
import { appendHandoffEvent, findLatestItemHandoff, insertHandoff, updateHandoff } from '../repositories/handoffs';
import { invalidRequest } from '../errors';
import { AutomationKind, WorkflowStatus } from '../../shared/enums';
import { answer, requireWritable, resolveItem, type McpContext } from './mcpContext';

const ProgressStates = ['active', 'awaitingInput', 'complete', 'error'] as const;

/** The item's latest hand-off, or a new terminal one for work an agent started on its own. */
async function handoffFor(db: Db, context: McpContext, item: { id: string }, now: Date): Promise<HandoffRow> {
  const { principal } = context;
  const latest = await findLatestItemHandoff(db, principal.teamId, item.id);
  if (latest) return latest;
  const row = await insertHandoff(db, {
    id: randomUUID(),
    teamId: principal.teamId,
    itemId: item.id,
    agent: 'claude-code',
    automationKind: AutomationKind.LocalAutomation,
    state: 'active',
    createdBy: principal.userId,
    createdAt: now,
    updatedAt: now,
  });
  await appendHandoffEvent(db, { handoffId: row.id, at: now, kind: 'sent', text: 'Started from an MCP client' });
  return row;
}

export function registerProgressTools(server: McpServer, context: McpContext) {
  const { db } = context;

  server.registerTool(
    'record_progress',
    {
      description:
        "Adds a line to the item's hand-off activity (what you did, what is next) and, if given, moves its state: active, awaitingInput (you need the team), complete, error.",
      inputSchema: z.object({
        item: z.string().min(1).max(100).describe('The item key (e.g. AE-12) or id'),
        text: z.string().min(1).max(2_000),
        state: z.enum(ProgressStates).optional(),
      }),
      scopeChallenge: requireScopes('items:write'),
    },
    (args) =>
      answer(async () => {
        const item = await resolveItem(context, args.item);
        requireWritable(context, item);
        const now = context.now();
        await db.transaction(async (tx) => {
          const handoff = await handoffFor(tx, context, item, now);
          if (args.state && args.state !== handoff.state)
            await updateHandoff(tx, handoff.id, { state: args.state }, now);
          await appendHandoffEvent(tx, { handoffId: handoff.id, at: now, kind: 'progress', text: args.text.trim() });
          await advanceItemWork(tx, item.id, { status: WorkflowStatus.SentToAgent }, now);
          await tellBoards(tx, context, item.id);
        });
        return `Recorded on ${item.externalId}${args.state ? ` (now ${args.state})` : ''}.`;
      }),
  );

  server.registerTool(
    'link_pull_request',
    {
      description: 'Puts a pull request on the item: its card shows PR open, and the hand-off lists it.',
      inputSchema: z.object({
        item: z.string().min(1).max(100).describe('The item key (e.g. AE-12) or id'),
        url: z.string().max(2_048).describe('The pull request, e.g. https://github.com/owner/repo/pull/12'),
      }),
      scopeChallenge: requireScopes('items:write'),
    },
    (args) =>
      answer(async () => {
        const item = await resolveItem(context, args.item);
        requireWritable(context, item);
        const match = /^https:\/\/[^/\s]+\/[^/\s]+\/[^/\s]+\/pull\/(\d{1,9})\/?$/.exec(args.url.trim());
        if (!match) throw invalidRequest('url must be a pull request link like https://github.com/owner/repo/pull/12');
        const url = args.url.trim().replace(/\/$/, '');
        const number = Number(match[1]);
        const now = context.now();
        await db.transaction(async (tx) => {
          const handoff = await handoffFor(tx, context, item, now);
          const others = handoff.pullRequests.filter((known) => known.url !== url);
          await updateHandoff(
            tx,
            handoff.id,
            { state: 'active', pullRequests: [...others, { number, url, state: 'open' }] },
            now,
          );
          await appendHandoffEvent(tx, {
            handoffId: handoff.id,
            at: now,
            kind: 'pull_request',
            text: `Pull request #${number} linked`,
            url,
          });
          await advanceItemWork(tx, item.id, { status: WorkflowStatus.PullRequestOpen, pullRequestUrl: url }, now);
          await tellBoards(tx, context, item.id);
        });
        return `Linked pull request #${number} to ${item.externalId}.`;
      }),
  );
}

/** The team's open boards hear that the item changed, when the transaction commits. */
const tellBoards = (db: Db, context: McpContext, itemId: string) =>
  insertTeamEvent(db, context.principal.teamId, { kind: 'items', projectId: null, itemIds: [itemId] });
