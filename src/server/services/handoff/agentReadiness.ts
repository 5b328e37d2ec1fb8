/**
 * What each agent needs before a hand-off (agents.md §3), as far as Baton can see: the app installed,
 * a repository chosen, for Claude a workflow that lets Baton's bot start it, and for Copilot and Cursor
 * the sender's own GitHub authorization (they are started as that user).
 */
import type { GithubConnectionRow } from '../../db/schema';
import type { GithubClient } from '../../integrations/github/githubClient';
import type { CodingAgent, GithubStatus } from '../../../shared/contract/github';
import { claudeWorkflowVerdict, type ClaudeWorkflowVerdict } from './claudeWorkflow';

export type AgentReadiness = GithubStatus['agents'];

const check = (name: string, ok: boolean, fix: string) => ({ check: name, ok, fix: ok ? null : fix });

/** Claude's workflow files in the repository, as `claudeWorkflows` found them, or why they could not be seen. */
export type ClaudeWorkflowFinding =
  | { kind: 'read'; workflows: { path: string; text: string }[] }
  | { kind: 'unreadable' }
  | { kind: 'unknown'; problem: string }
  | { kind: 'no repository' };

/** Looks for Claude's workflow; a GitHub failure is a finding, not an error, so the status still answers. */
export async function findClaudeWorkflow(
  client: GithubClient,
  connection: GithubConnectionRow | undefined,
  repository: string | null,
): Promise<ClaudeWorkflowFinding> {
  if (!connection || !repository) return { kind: 'no repository' };
  try {
    const workflows = await client.claudeWorkflows(connection.installationId, repository);
    return workflows ? { kind: 'read', workflows } : { kind: 'unreadable' };
  } catch (error) {
    return { kind: 'unknown', problem: (error as Error).message };
  }
}

/** Each Claude workflow's verdict on Baton's issue (files that only mention the action are left out). */
export const claudeVerdicts = (finding: ClaudeWorkflowFinding, appSlug: string): ClaudeWorkflowVerdict[] =>
  finding.kind === 'read' ? finding.workflows.flatMap((file) => claudeWorkflowVerdict(file, appSlug) ?? []) : [];

function claudeWorkflowCheck(finding: ClaudeWorkflowFinding, appSlug: string, repository: string | null) {
  const name = 'Claude workflow lets Baton start it';
  const bot = `${appSlug}[bot]`;
  switch (finding.kind) {
    case 'no repository':
      return check(name, false, 'Choose the repository first.');
    case 'unreadable':
      return check(name, false, `Baton cannot read ${repository}'s workflows: grant the app "Contents: read".`);
    case 'unknown':
      return check(name, false, `Could not look at the workflows just now: ${finding.problem}`);
    case 'read': {
      const verdicts = claudeVerdicts(finding, appSlug);
      if (verdicts.length === 0) {
        return check(
          name,
          false,
          `Add Claude Code's workflow (anthropics/claude-code-action) to ${repository}, on issues opened, with the ANTHROPIC_API_KEY secret and allowed_bots: "${bot}".`,
        );
      }
      const runs = verdicts.some((verdict) => verdict.runsOnBatonIssue);
      return check(name, runs, verdicts.map((verdict) => `${verdict.path}: ${verdict.reason}`).join(' '));
    }
  }
}

/** What Baton could not evaluate in the workflow that would start Claude, said beside a met check. */
function claudeUnverified(finding: ClaudeWorkflowFinding, appSlug: string): string | undefined {
  const verdicts = claudeVerdicts(finding, appSlug).filter((verdict) => verdict.runsOnBatonIssue);
  if (verdicts.length === 0 || verdicts.some((verdict) => !verdict.warning)) return undefined;
  return verdicts.map((verdict) => `${verdict.path}: ${verdict.warning}`).join(' ');
}

/** Whether GitHub lists Copilot among who may be assigned in the repository, asked as the user. */
export type CopilotFinding =
  { kind: 'asked'; assignable: boolean } | { kind: 'unknown'; problem: string } | { kind: 'not asked' };

function copilotCheck(finding: CopilotFinding, repository: string | null) {
  const name = 'Copilot coding agent available to you in the repository';
  switch (finding.kind) {
    case 'not asked':
      return check(name, false, 'Connect your GitHub account and choose the repository first.');
    case 'unknown':
      return check(name, false, `Could not ask GitHub just now: ${finding.problem}`);
    case 'asked':
      return check(
        name,
        finding.assignable,
        `GitHub does not offer Copilot in ${repository}: you need a Copilot plan with the coding agent, enabled for the repository (its Settings → Copilot).`,
      );
  }
}

/**
 * What Copilot's assignment needs of Baton's app: the user's token acts with only what both the app and
 * the user have, and GitHub assigns Copilot only with read and write on all four.
 */
export const COPILOT_APP_PERMISSIONS = ['actions', 'contents', 'issues', 'pull_requests'] as const;
const permissionNames: Record<(typeof COPILOT_APP_PERMISSIONS)[number], string> = {
  actions: 'Actions',
  contents: 'Contents',
  issues: 'Issues',
  pull_requests: 'Pull requests',
};

/** The installation's permissions as GitHub answered them, or why they could not be read. */
export type AppPermissionsFinding =
  { kind: 'read'; permissions: Record<string, string> } | { kind: 'unknown'; problem: string } | { kind: 'not asked' };

/** Which of Copilot's permissions the installation lacks write on, by their names on GitHub's settings page. */
export const missingCopilotPermissions = (permissions: Record<string, string>) =>
  COPILOT_APP_PERMISSIONS.filter((name) => !['write', 'admin'].includes(permissions[name] ?? '')).map(
    (name) => permissionNames[name],
  );

function copilotPermissionsCheck(finding: AppPermissionsFinding, accountLogin: string | null) {
  const name = "Baton's app may write Actions, Contents, Issues and Pull requests";
  switch (finding.kind) {
    case 'not asked':
      return check(name, false, 'An Admin connects GitHub (Settings → GitHub).');
    case 'unknown':
      return check(name, false, `Could not ask GitHub just now: ${finding.problem}`);
    case 'read': {
      const missing = missingCopilotPermissions(finding.permissions);
      return check(
        name,
        missing.length === 0,
        `Copilot is assigned with your token, which has only what both you and Baton's app have: the operator gives the app "Read and write" on ${missing.join(', ')} (the app's settings → Permissions), then an owner of ${accountLogin ?? 'the account'} accepts the new permissions (Settings → GitHub Apps).`,
      );
    }
  }
}

/** What Baton cannot see of Cursor: said as a check that is neither met nor failed. */
export const CURSOR_UNVERIFIED =
  "Baton cannot see Cursor's side: the repository needs Cursor's GitHub app (cursor.com → Integrations) and your Cursor account linked to your GitHub account, with background agents on your Cursor plan.";

export function agentReadiness(input: {
  connection: GithubConnectionRow | undefined;
  /** The repositories the installation reaches, when GitHub could be asked. */
  reachable?: string[] | null;
  appSlug: string;
  userLogin: string | null;
  claudeWorkflow: ClaudeWorkflowFinding;
  copilot: CopilotFinding;
  appPermissions: AppPermissionsFinding;
}): AgentReadiness {
  const { connection } = input;
  const installed = connection?.suspendedAt
    ? check(
        'GitHub app installed',
        false,
        `The app is suspended on ${connection.accountLogin}: an owner unsuspends it on GitHub (Settings → GitHub Apps).`,
      )
    : check('GitHub app installed', Boolean(connection), 'An Admin connects GitHub (Settings → GitHub).');
  const chosen = connection?.repository ?? null;
  // GitHub's list of what the app reaches, when it could be read: a repository taken away is named.
  const removed = Boolean(
    chosen && input.reachable && !input.reachable.some((r) => r.toLowerCase() === chosen.toLowerCase()),
  );
  const repository = removed
    ? check(
        'Repository chosen',
        false,
        `Baton's app no longer reaches ${chosen}: give it access again on GitHub, or an Admin chooses another repository (Settings → GitHub).`,
      )
    : check('Repository chosen', Boolean(chosen), 'An Admin chooses the repository (Settings → GitHub).');
  const user = check(
    'Your GitHub account connected',
    Boolean(input.userLogin),
    'Connect your GitHub account (Settings → GitHub): this agent is started as you.',
  );
  const agents: { agent: CodingAgent; checks: ReturnType<typeof check>[] }[] = [
    {
      agent: 'claude-code',
      checks: [
        installed,
        repository,
        claudeWorkflowCheck(input.claudeWorkflow, input.appSlug, connection?.repository ?? null),
      ],
    },
    {
      agent: 'copilot',
      checks: [
        installed,
        repository,
        user,
        copilotPermissionsCheck(input.appPermissions, connection?.accountLogin ?? null),
        copilotCheck(input.copilot, connection?.repository ?? null),
      ],
    },
    { agent: 'cursor', checks: [installed, repository, user] },
  ];
  const unverified: Partial<Record<CodingAgent, string>> = {
    'claude-code': claudeUnverified(input.claudeWorkflow, input.appSlug),
    cursor: CURSOR_UNVERIFIED,
  };
  return agents.map(({ agent, checks }) => ({
    agent,
    ready: checks.every((c) => c.ok),
    checks,
    ...(unverified[agent] ? { unverified: unverified[agent] } : {}),
  }));
}
