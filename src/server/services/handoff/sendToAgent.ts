/**
 * `send-to-agent` (agents.md §3): checks the item is ready, opens the GitHub issue that summons the
 * agent, and records the hand-off with the item's link and status in one transaction. A GitHub
 * failure stores nothing; a record that cannot be stored closes the issue it would have described.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/types';
import type { HandoffRow } from '../../db/schema';
import { findTeamItem, updateItem } from '../../repositories/items';
import { listItemContexts } from '../../repositories/projectContexts';
import { findGithubConnection } from '../../repositories/githubConnections';
import { contextChain } from '../../repositories/contextItems';
import { appendHandoffEvent, insertHandoff, listItemHandoffs } from '../../repositories/handoffs';
import { invalidRequest, notFound } from '../../errors';
import { requireGithub, type GithubSetup } from '../github';
import { issueFor } from './issueBody';
import { AutomationKind } from '../../../shared/enums';
import { displayTitle } from '../../../shared/displayTitle';
import type { Handoff, ItemHandoffs, SendToAgentBody } from '../../../shared/contract/handoff';
import { codingAgentNames } from '../../../shared/contract/github';

/** workflowStatus "sent to agent" (design §5). */
const SENT_TO_AGENT = 1;

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

/** What must hold before an item goes to an agent; each failing check is named (and `force` skips them). */
function readinessProblems(
  item: { description: string; goals: string[]; newTestScenarios: string[] },
  scheduled: boolean,
) {
  const problems: string[] = [];
  if (!displayTitle(item.description).trim()) problems.push('the item has no title: write its description');
  if (item.goals.length === 0 && item.newTestScenarios.length === 0) {
    problems.push('the item has no goals or test scenarios to say when it is done');
  }
  if (!scheduled) problems.push('the item is not scheduled: put it on a day, week or milestone');
  return problems;
}

export async function sendToAgent(db: Db, github: GithubSetup | null, input: SendInput): Promise<Handoff> {
  const { teamId, userId, body, now } = input;
  if (body.automationKind === AutomationKind.LocalAutomation) {
    throw invalidRequest(
      "Local automation (a terminal command for Claude Code) needs Baton's MCP server, which this Baton does not have yet: hand the item off as a GitHub issue.",
    );
  }
  const item = await findTeamItem(db, teamId, body.itemId);
  if (!item) throw notFound('Item not found');
  if (body.agent !== 'claude-code') {
    throw invalidRequest(
      `${codingAgentNames[body.agent]} is started as your GitHub user, and this Baton cannot act as your GitHub user yet: hand the item to Claude Code.`,
    );
  }
  const setup = requireGithub(github);
  const connection = await findGithubConnection(db, teamId);
  if (!connection) throw invalidRequest('Connect GitHub first (Settings → GitHub).');

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

  const scheduled = (await listItemContexts(db, item.id)).some((context) => context.timeframeSpan !== null);
  const problems = readinessProblems(item, scheduled);
  if (problems.length > 0 && !body.force) {
    throw invalidRequest(`Not ready to hand off: ${problems.join('; ')}. Fix them, or send anyway.`);
  }

  const chain = item.parentContextItemId ? await contextChain(db, teamId, item.parentContextItemId) : [];
  const issue = issueFor({
    agent: body.agent,
    externalId: item.externalId,
    description: item.description,
    goals: item.goals,
    testScenarios: item.newTestScenarios,
    contexts: [...chain].reverse(),
    instructions: body.instructions ?? null,
    itemUrl: input.publicUrl,
    baseBranch,
  });
  const created = await setup.client.createIssue(connection.installationId, { repository, ...issue });

  try {
    return await db.transaction(async (tx) => {
      const row = await insertHandoff(tx, {
        id: randomUUID(),
        teamId,
        itemId: item.id,
        agent: body.agent,
        automationKind: body.automationKind,
        state: 'pending',
        repository,
        baseBranch,
        issueNumber: created.number,
        issueUrl: created.url,
        createdBy: userId,
        createdAt: now,
        updatedAt: now,
      });
      await appendHandoffEvent(tx, {
        handoffId: row.id,
        at: now,
        kind: 'sent',
        text: `Issue #${created.number} opened in ${repository} for ${codingAgentNames[body.agent]}${
          problems.length > 0 ? ` (sent anyway: ${problems.join('; ')})` : ''
        }`,
        url: created.url,
      });
      await updateItem(tx, item.id, { codingAgentUrl: created.url, workflowStatus: SENT_TO_AGENT }, now);
      return handoffOf(row);
    });
  } catch (error) {
    // Nothing half-made: the issue goes too (best effort; the original failure is what the user sees).
    await setup.client
      .closeIssue(connection.installationId, { repository, number: created.number })
      .catch(() => undefined);
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
