/**
 * `send-to-agent` (agents.md §3): checks the item is ready, records the hand-off, opens the GitHub issue
 * that summons the agent (its body carries the hand-off's marker), then links the issue to the hand-off
 * and the item. GitHub refusing takes the hand-off back; GitHub not answering leaves it waiting for its
 * issue, found by the marker, so one send never opens two issues.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/types';
import type { GithubConnectionRow, HandoffRow } from '../../db/schema';
import { advanceItemWork, findTeamItem } from '../../repositories/items';
import { listItemContexts } from '../../repositories/projectContexts';
import { findGithubConnection } from '../../repositories/githubConnections';
import { findTeam } from '../../repositories/teams';
import { contextChain } from '../../repositories/contextItems';
import {
  appendHandoffEvent,
  deleteHandoff,
  insertHandoff,
  listItemHandoffs,
  updateHandoff,
} from '../../repositories/handoffs';
import { invalidRequest, notFound } from '../../errors';
import { requireBranch, requireGithub, type GithubSetup } from '../github';
import { userToken } from '../githubUser';
import { markerLine, newIssueMarker } from './issueMarker';
import { openIssue } from './openIssue';
import { agentReadiness, findClaudeWorkflow } from './agentReadiness';
import { issueFor } from './issueBody';
import { itemUrl } from '../agentText/itemUrl';
import { AutomationKind, WorkflowStatus } from '../../../shared/enums';
import { itemReadiness, readinessProblems } from '../../../shared/handoffReadiness';
import type { Handoff, ItemHandoffs, SendToAgentBody, SentHandoff } from '../../../shared/contract/handoff';
import type { ItemColumns } from '../../repositories/items';
import { terminalCommands } from './terminalCommand';
import { codingAgentNames } from '../../../shared/contract/github';

export const handoffOf = (row: HandoffRow): Handoff => ({
  id: row.id,
  itemId: row.itemId,
  agent: row.agent as Handoff['agent'],
  automationKind: row.automationKind,
  state: row.state as Handoff['state'],
  repository: row.repository,
  baseBranch: row.baseBranch,
  issueNumber: row.issueNumber,
  issueUrl: row.issueUrl,
  branch: row.branch,
  jobUrl: row.jobUrl,
  pullRequests: row.pullRequests as Handoff['pullRequests'],
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
});

export interface SendInput {
  teamId: string;
  userId: string;
  body: SendToAgentBody;
  publicUrl: string;
  now: Date;
}

/** The item checks of agents.md §3, read from the database: its buckets and its parent context chain. */
async function itemProblems(db: Db, teamId: string, item: ItemColumns) {
  const scheduled = (await listItemContexts(db, item.id)).some((context) => context.timeframeSpan !== null);
  const chain = item.parentContextItemId ? await contextChain(db, teamId, item.parentContextItemId) : [];
  return { problems: readinessProblems(itemReadiness({ ...item, scheduled, parentContexts: chain })), chain };
}

/** Claude's workflow must let Baton's bot start it (agents.md §3); each gap is a readiness problem. */
async function claudeProblems(setup: GithubSetup, connection: GithubConnectionRow, repository: string) {
  const finding = await findClaudeWorkflow(setup.client, { ...connection, repository }, repository);
  const [claude] = agentReadiness({
    connection: { ...connection, repository },
    appSlug: setup.config.slug,
    userLogin: null,
    claudeWorkflow: finding,
    copilot: { kind: 'not asked' },
    appPermissions: { kind: 'not asked' },
  });
  return claude!.checks.filter((check) => !check.ok).map((check) => `${check.check.toLowerCase()}: ${check.fix}`);
}

/** The team's test command (Settings → GitHub), or null for the usual runners. */
const teamTestCommand = async (db: Db, teamId: string) => (await findTeam(db, teamId))?.testCommand ?? null;

/** What the sender is told when GitHub did not say whether it opened the issue. */
export const UNCONFIRMED_NOTICE =
  'GitHub did not answer in time, so it is not yet known whether the issue was opened. The hand-off is recorded and Baton links the issue as soon as GitHub reports it; if none appears within a few minutes, send again.';

/**
 * The terminal hand-off: the same readiness checks, a hand-off record the agent's record_progress and
 * link_pull_request calls then move, and the commands to paste (the token is fetched separately).
 */
async function sendToTerminal(db: Db, input: SendInput, item: ItemColumns): Promise<SentHandoff> {
  const { teamId, userId, body, now } = input;
  if (body.agent !== 'claude-code') {
    throw invalidRequest(
      `The terminal hand-off starts a local Claude Code; ${codingAgentNames[body.agent]} is handed items as a GitHub issue.`,
    );
  }
  const { problems } = await itemProblems(db, teamId, item);
  if (problems.length > 0 && !body.force) {
    throw invalidRequest(`Not ready to hand off: ${problems.join('; ')}. Fix them, or send anyway.`);
  }
  const terminal = terminalCommands(input.publicUrl, item.externalId, await teamTestCommand(db, teamId));
  const row = await db.transaction(async (tx) => {
    const stored = await insertHandoff(tx, {
      id: randomUUID(),
      teamId,
      itemId: item.id,
      agent: body.agent,
      automationKind: body.automationKind,
      state: 'pending',
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
    });
    await appendHandoffEvent(tx, {
      handoffId: stored.id,
      at: now,
      kind: 'sent',
      text: `Terminal command made for Claude Code${problems.length > 0 ? ` (sent anyway: ${problems.join('; ')})` : ''}`,
    });
    if (body.instructions?.trim()) {
      await appendHandoffEvent(tx, {
        handoffId: stored.id,
        at: now,
        kind: 'instructions',
        text: body.instructions.trim(),
      });
    }
    await advanceItemWork(tx, item.id, { status: WorkflowStatus.SentToAgent }, now);
    return stored;
  });
  return { ...handoffOf(row), terminal };
}

export async function sendToAgent(db: Db, github: GithubSetup | null, input: SendInput): Promise<SentHandoff> {
  const { teamId, userId, body, now } = input;
  const item = await findTeamItem(db, teamId, body.itemId);
  if (!item) throw notFound('Item not found');
  if (body.automationKind === AutomationKind.LocalAutomation) return sendToTerminal(db, input, item);
  const setup = requireGithub(github);
  const connection = await findGithubConnection(db, teamId);
  if (!connection) throw invalidRequest('Connect GitHub first (Settings → GitHub).');
  if (connection.suspendedAt) {
    throw invalidRequest(
      `Baton's GitHub app is suspended on ${connection.accountLogin}: an owner unsuspends it on GitHub (Settings → GitHub Apps) before anything can be sent.`,
    );
  }

  let repository = connection.repository;
  let baseBranch = body.baseBranch ?? connection.baseBranch;
  if (body.repository && body.repository.toLowerCase() !== connection.repository?.toLowerCase()) {
    const reachable = await setup.client.listRepositories(connection.installationId);
    const match = reachable.find((candidate) => candidate.fullName.toLowerCase() === body.repository!.toLowerCase());
    if (!match)
      throw invalidRequest(`${body.repository} is not a repository the app can reach on ${connection.accountLogin}.`);
    repository = match.fullName;
    baseBranch = body.baseBranch ?? match.defaultBranch;
  }
  if (!repository) throw invalidRequest('Choose the repository hand-offs go to first (Settings → GitHub).');
  // The agent branches from it: one deleted since it was chosen would fail there, out of sight.
  if (baseBranch) {
    const where = body.baseBranch ? 'in the Hand off… dialog' : 'Settings → GitHub';
    await requireBranch(setup, connection.installationId, repository, baseBranch, where);
  }

  // Copilot and Cursor are started as the sender: without their GitHub authorization nothing can be sent.
  const token = body.agent === 'claude-code' ? null : await userToken(db, setup, userId, now);
  const { problems, chain } = await itemProblems(db, teamId, item);
  if (body.agent === 'claude-code') problems.push(...(await claudeProblems(setup, connection, repository)));
  if (problems.length > 0 && !body.force) {
    throw invalidRequest(`Not ready to hand off: ${problems.join('; ')}. Fix them, or send anyway.`);
  }

  const issue = issueFor({
    agent: body.agent,
    externalId: item.externalId,
    description: item.description,
    goals: item.goals,
    testScenarios: item.newTestScenarios,
    contexts: [...chain].reverse(),
    instructions: body.instructions ?? null,
    itemUrl: itemUrl(input.publicUrl, item.externalId),
    baseBranch,
    testCommand: await teamTestCommand(db, teamId),
  });
  const installationId = connection.installationId;
  const marker = newIssueMarker();
  // Recorded before GitHub is asked, so an issue whose answer is lost still has its hand-off.
  const recorded = await insertHandoff(db, {
    id: randomUUID(),
    teamId,
    itemId: item.id,
    agent: body.agent,
    automationKind: body.automationKind,
    state: 'pending',
    repository,
    baseBranch,
    issueMarker: marker,
    lastSignAt: now,
    createdBy: userId,
    createdAt: now,
    updatedAt: now,
  });
  const sentAnyway = problems.length > 0 ? ` (sent anyway: ${problems.join('; ')})` : '';
  const request = { ...issue, body: issue.body + markerLine(marker) };
  let created: Awaited<ReturnType<typeof openIssue>>;
  try {
    created = await openIssue(setup, {
      agent: body.agent,
      installationId,
      repository,
      baseBranch,
      token,
      marker,
      issue: request,
    });
  } catch (error) {
    // GitHub refused (or the summons failed and its issue was closed): nothing was sent.
    await deleteHandoff(db, recorded.id);
    throw error;
  }

  if (!created) {
    await appendHandoffEvent(db, {
      handoffId: recorded.id,
      at: now,
      kind: 'sent',
      text: `GitHub did not confirm the issue in ${repository} for ${codingAgentNames[body.agent]}; it is linked when GitHub reports it${sentAnyway}`,
    });
    return { ...handoffOf(recorded), notice: UNCONFIRMED_NOTICE };
  }

  try {
    return await db.transaction(async (tx) => {
      await updateHandoff(tx, recorded.id, { issueNumber: created.number, issueUrl: created.url }, now);
      await appendHandoffEvent(tx, {
        handoffId: recorded.id,
        at: now,
        kind: 'sent',
        text: `Issue #${created.number} opened in ${repository} for ${codingAgentNames[body.agent]}${created.how}${sentAnyway}`,
        url: created.url,
      });
      if (created.unconfirmed) {
        await appendHandoffEvent(tx, { handoffId: recorded.id, at: now, kind: 'error', text: created.unconfirmed });
      }
      // The item's status only moves forward (advanceItemWork): a re-send of a merged item keeps it merged.
      await advanceItemWork(tx, item.id, { status: WorkflowStatus.SentToAgent, codingAgentUrl: created.url }, now);
      return handoffOf({ ...recorded, issueNumber: created.number, issueUrl: created.url });
    });
  } catch (error) {
    // Nothing half-made: the issue goes too (best effort; the original failure is what the user sees).
    await setup.client.closeIssue(installationId, { repository, number: created.number }).catch(() => undefined);
    await deleteHandoff(db, recorded.id).catch(() => undefined);
    throw error;
  }
}

/** The item's hand-offs as the item panel shows them; another team's item is NotFound. */
export async function itemHandoffs(db: Db, teamId: string, itemId: string): Promise<ItemHandoffs> {
  if (!(await findTeamItem(db, teamId, itemId))) throw notFound('Item not found');
  const found = await listItemHandoffs(db, teamId, itemId, 20);
  return {
    handoffs: found.map(({ row, events }) => ({
      ...handoffOf(row),
      events: events.map((event) => ({
        at: event.at.toISOString(),
        kind: event.kind,
        text: event.text,
        url: event.url,
      })),
    })),
  };
}
