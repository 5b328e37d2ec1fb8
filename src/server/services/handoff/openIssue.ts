/**
 * Opening a hand-off's issue so that it summons the agent (agents.md §3), and finding it again when
 * GitHub's answer was lost, so one send never opens two issues.
 */
import { invalidRequest } from '../../errors';
import { GithubCallFailed } from '../../integrations/github/githubClient';
import type { GithubSetup } from '../github';
import type { Db } from '../../db/types';
import type { HandoffRow } from '../../db/schema';
import type { Clock } from '../../plugins/database';
import { userToken } from '../githubUser';
import type { CodingAgent } from '../../../shared/contract/github';
import { COPILOT_INSTRUCTIONS, cursorComment } from './issueBody';
import { missingCopilotPermissions } from './agentReadiness';

/** The assignee that starts Copilot's coding agent through the REST API. */
const COPILOT_ASSIGNEE = 'copilot-swe-agent[bot]';

/** Copilot shows in an issue's assignees under one of these logins. */
const isCopilot = (login: string) => /^copilot(-swe-agent(\[bot\])?)?$/i.test(login);

interface IssueRequest {
  agent: CodingAgent;
  installationId: number;
  repository: string;
  baseBranch: string | null;
  token: string | null;
  marker: string;
  issue: { title: string; body: string };
}
interface OpenedIssue {
  number: number;
  url: string;
  assignees: string[];
}

/**
 * Opens the issue as the agent needs it (Copilot's as the user, assigned; the others as the app). When
 * GitHub's answer is lost it may still have opened it: the issue is then looked up by its marker, and
 * null means GitHub has not said either way.
 */
async function createOrFindIssue(setup: GithubSetup, input: IssueRequest): Promise<OpenedIssue | null> {
  const { client } = setup;
  const { installationId, repository, issue } = input;
  try {
    if (input.agent === 'copilot') {
      return await client.createIssueAsUser(input.token!, {
        repository,
        ...issue,
        assignees: [COPILOT_ASSIGNEE],
        agentAssignment: {
          target_repo: repository,
          base_branch: input.baseBranch ?? '',
          custom_instructions: COPILOT_INSTRUCTIONS,
        },
      });
    }
    return { ...(await client.createIssue(installationId, { repository, ...issue })), assignees: [] };
  } catch (error) {
    if (!(error instanceof GithubCallFailed) || !error.uncertain) throw error;
    const found = await client.findIssueByMarker(installationId, repository, input.marker).catch(() => null);
    // Only an issue opened by whoever Baton asked to open it counts.
    const byApp = found?.author?.login.toLowerCase() === `${setup.config.slug}[bot]`;
    const byUser = found?.author?.type === 'User';
    return found && (input.agent === 'copilot' ? byUser : byApp) ? found : null;
  }
}

/** Why GitHub dropped Copilot's assignment, as far as GitHub will say: the app's permissions, then Copilot's offer. */
async function copilotDropCause(setup: GithubSetup, input: IssueRequest): Promise<string> {
  const { client } = setup;
  const installation = await client.getInstallation(input.installationId).catch(() => null);
  const missing = installation ? missingCopilotPermissions(installation.permissions) : [];
  if (missing.length > 0) {
    return `Baton's app lacks read and write on ${missing.join(', ')}, and your token has only what both you and the app have (docs/handoff.md: the operator grants them, an owner accepts them).`;
  }
  try {
    if (!(await client.copilotAssignable(input.token!, input.repository))) {
      return "GitHub does not offer Copilot's coding agent to you there: you need a Copilot plan with the coding agent, enabled for the repository (its Settings → Copilot), and write access to it.";
    }
  } catch (error) {
    return `GitHub would not say whether Copilot can be assigned there (${(error as Error).message}).`;
  }
  return 'GitHub offers Copilot there and the app has the permissions it needs, yet it dropped the assignment without saying why: try again, or assign Copilot on the issue yourself.';
}

/**
 * Opens the issue and summons the agent (agents.md §3): Claude by `@claude` in the body, through the
 * app; Copilot by assignment with `agent_assignment`, as the user; Cursor by an `@cursor` comment as
 * the user, on an issue the app opens. A summons GitHub refuses closes the issue again; answers null
 * when GitHub did not say whether it opened the issue.
 */
export async function openIssue(
  setup: GithubSetup,
  input: IssueRequest,
): Promise<(OpenedIssue & { how: string; unconfirmed?: string }) | null> {
  const { client } = setup;
  const { installationId, repository } = input;
  const undo = (number: number) => client.closeIssue(installationId, { repository, number }).catch(() => undefined);
  const created = await createOrFindIssue(setup, input);
  if (!created) return null;
  if (input.agent === 'claude-code') return { ...created, how: '' };
  if (input.agent === 'copilot') {
    // GitHub may answer before the assignment shows: read the issue again before undoing it.
    const assigned =
      created.assignees.some(isCopilot) ||
      (
        await client
          .issueAssigneesAsUser(input.token!, { repository, number: created.number })
          .catch(() => [] as string[])
      ).some(isCopilot);
    if (!assigned) {
      const cause = await copilotDropCause(setup, input);
      await undo(created.number);
      throw invalidRequest(`GitHub did not assign Copilot in ${repository}: ${cause} Nothing was sent.`);
    }
    return { ...created, how: ', assigned to Copilot' };
  }
  try {
    await client.commentAsUser(input.token!, {
      repository,
      number: created.number,
      body: cursorComment(input.baseBranch),
    });
  } catch (error) {
    // A comment GitHub may have posted is not undone: Cursor could be at work on it.
    if (error instanceof GithubCallFailed && error.uncertain) {
      return { ...created, how: '', unconfirmed: 'GitHub did not confirm the @cursor comment: check the issue' };
    }
    await undo(created.number);
    throw error;
  }
  return { ...created, how: ', @cursor summoned' };
}

/**
 * The sender's @cursor comment on a Cursor hand-off's issue that GitHub reported only after its answer
 * was lost (the send could not comment on an issue it did not know).
 */
export function cursorSummoner(db: Db, setup: GithubSetup, clock: Clock) {
  return async (handoff: HandoffRow, issueNumber: number) => {
    const token = await userToken(db, setup, handoff.createdBy, clock.now());
    await setup.client.commentAsUser(token, {
      repository: handoff.repository!,
      number: issueNumber,
      body: cursorComment(handoff.baseBranch),
    });
  };
}
