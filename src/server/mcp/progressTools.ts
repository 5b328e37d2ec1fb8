/**
 * The MCP tools an agent reports back with (agents.md §3–§4): record_progress appends to the item's
 * hand-off activity and moves its state; link_pull_request puts the pull request on the item and the
 * hand-off. An item without a hand-off gets one, so work started from any MCP client shows on the card.
 */
import { announce } from '../services/teamEvents/announce';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { requireScopes, type McpServer, type RegisteredTool } from '@modelcontextprotocol/server';
import type { Db } from '../db/types';
import type { HandoffRow } from '../db/schema';
import { advanceItemWork } from '../repositories/items';
import { appendHandoffEvent, findLatestItemHandoff, insertHandoff } from '../repositories/handoffs';
import { moveHandoff } from '../services/githubHandoffs';
import { AGENT_REPORTED_STATES } from '../services/handoff/handoffStates';
import { invalidRequest } from '../errors';
import { AutomationKind, WorkflowStatus } from '../../shared/enums';
import { answer, requireWritable, resolveItem, type McpContext } from './mcpContext';

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

/**
 * A pull request link on the team's GitHub (github.com or the configured Enterprise Server), https
 * only: `https://<host>/<owner>/<repo>/pull/<n>`. Anything else is refused, so no other address is
 * ever stored as the item's pull request.
 */
export function pullRequestOn(githubWebUrl: string, url: string): { url: string; number: number } | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  const host = new URL(githubWebUrl).host.toLowerCase();
  if (parsed.protocol !== 'https:' || parsed.host !== host || parsed.username || parsed.password) return null;
  if (parsed.search || parsed.hash) return null;
  const match = /^\/([A-Za-z0-9_.-]{1,100})\/([A-Za-z0-9_.-]{1,100})\/pull\/([1-9]\d{0,8})\/?$/.exec(parsed.pathname);
  if (!match) return null;
  return { url: `https://${host}/${match[1]}/${match[2]}/pull/${match[3]}`, number: Number(match[3]) };
}

/** Registers the progress tools; answers them (both write), which a read-only token does not list. */
export function registerProgressTools(server: McpServer, context: McpContext): RegisteredTool[] {
  const { db } = context;
  const host = new URL(context.githubWebUrl).host;

  const recordProgress = server.registerTool(
    'record_progress',
    {
      description:
        "Adds a line to the item's hand-off activity (what you did, what is next) and, if given, moves its state: active, awaitingInput (you need the team), complete, error.",
      inputSchema: z.object({
        item: z.string().min(1).max(100).describe('The item key (e.g. AE-12) or id'),
        text: z.string().min(1).max(2_000).describe('What you did and what is next, in a sentence or two'),
        state: z
          .enum(AGENT_REPORTED_STATES)
          .optional()
          .describe("The hand-off's new state: active, awaitingInput (you need the team), complete or error"),
      }),
      // It adds a line and never replaces what is there.
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      scopeChallenge: requireScopes('items:write'),
    },
    (args) =>
      answer(async () => {
        const item = await resolveItem(context, args.item);
        requireWritable(context, item);
        const now = context.now();
        const state = await db.transaction(async (tx) => {
          const handoff = await handoffFor(tx, context, item, now);
          // Through the state machine: a merged (complete) hand-off stays complete, a paused one stays paused.
          const moved = args.state
            ? await moveHandoff(tx, handoff, { kind: 'agentReported', state: args.state }, now)
            : null;
          await appendHandoffEvent(tx, { handoffId: handoff.id, at: now, kind: 'progress', text: args.text.trim() });
          await advanceItemWork(tx, item.id, { status: WorkflowStatus.SentToAgent }, now);
          await tellBoards(tx, context, item.id);
          return moved;
        });
        if (!args.state || state === null) return `Recorded on ${item.externalId}.`;
        return state === args.state
          ? `Recorded on ${item.externalId} (now ${state}).`
          : `Recorded on ${item.externalId}; the hand-off stays ${state} (${stateReason(state)}).`;
      }),
  );

  const linkPullRequest = server.registerTool(
    'link_pull_request',
    {
      description: `Puts a pull request on the item: its card shows PR open, and the hand-off lists it. Only pull requests on ${host} are taken.`,
      inputSchema: z.object({
        item: z.string().min(1).max(100).describe('The item key (e.g. AE-12) or id'),
        url: z
          .string()
          .max(2_048)
          .describe(`The pull request, e.g. https://${host}/owner/repo/pull/12 (https, on ${host})`),
      }),
      // It replaces the item's pull request link.
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
      scopeChallenge: requireScopes('items:write'),
    },
    (args) =>
      answer(async () => {
        const item = await resolveItem(context, args.item);
        requireWritable(context, item);
        const pullRequest = pullRequestOn(context.githubWebUrl, args.url);
        if (!pullRequest)
          throw invalidRequest(`url must be a pull request on ${host}, like https://${host}/owner/repo/pull/12`);
        const { url, number } = pullRequest;
        const now = context.now();
        await db.transaction(async (tx) => {
          const handoff = await handoffFor(tx, context, item, now);
          const others = handoff.pullRequests.filter((known) => known.url !== url);
          const pullRequests = [...others, { number, url, state: 'open' as const }];
          await moveHandoff(tx, handoff, { kind: 'pullRequestOpened' }, now, { pullRequests });
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
  return [recordProgress, linkPullRequest];
}

/** Why a state the agent reported did not take. */
const stateReason = (state: string) =>
  state === 'complete'
    ? 'a complete hand-off is final'
    : state === 'paused'
      ? "GitHub suspended Baton's app or removed the repository; it resumes to what you reported"
      : 'its checks are failing until CI passes';

/** The team's open boards hear that the item changed, when the transaction commits. */
const tellBoards = (db: Db, context: McpContext, itemId: string) =>
  announce(db, { teamId: context.principal.teamId }, { kind: 'items', projectId: null, itemIds: [itemId] });
