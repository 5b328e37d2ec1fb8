/**
 * A team's GitHub connection (agents.md §3): the install link, the install callback verified with
 * GitHub before anything is stored, the repository hand-offs go to, and what each agent still needs.
 */
import type { Db } from '../db/types';
import type { GithubConnectionRow } from '../db/schema';
import type { GithubConfig } from '../config/githubConfig';
import type { GithubClient, GithubRepository } from '../integrations/github/githubClient';
import { findGithubConnection, saveGithubInstallation, saveGithubRepository } from '../repositories/githubConnections';
import { ApiError, invalidRequest } from '../errors';
import { checkInstallState, signInstallState } from './githubInstallState';
import type { GithubStatus, InstallCallbackBody, RepositoryBody } from '../../shared/contract/github';

export interface GithubSetup {
  config: GithubConfig;
  client: GithubClient;
}

/** The hand-off is off on a Baton without a GitHub App: say so, and how to turn it on. */
export function requireGithub(setup: GithubSetup | null): GithubSetup {
  if (!setup) {
    throw new ApiError(
      'Failed',
      'GitHub is not set up on this Baton: an operator sets GITHUB_APP_ID, GITHUB_APP_SLUG, GITHUB_APP_PRIVATE_KEY and GITHUB_WEBHOOK_SECRET (docs/handoff.md).',
      // A setting of this Baton, not a fault: 409, so clients show the message rather than retry.
      409,
    );
  }
  return setup;
}

const stateSecret = (config: GithubConfig) => `${config.privateKey}\n${config.webhookSecret}`;

export function startInstall(setup: GithubSetup, who: { teamId: string; userId: string }, now: Date) {
  return { installUrl: setup.client.installUrl(signInstallState(stateSecret(setup.config), who, now)) };
}

/**
 * The install callback: the state must be this user's for this team, GitHub must know the installation,
 * and the user's OAuth code must show they can reach it.
 */
export async function completeInstall(
  db: Db,
  setup: GithubSetup,
  input: { teamId: string; userId: string; body: InstallCallbackBody; now: Date },
) {
  const { teamId, userId, body, now } = input;
  if (!checkInstallState(stateSecret(setup.config), body.state, { teamId, userId }, now)) {
    throw invalidRequest('This install link has expired or was started by someone else: connect GitHub again.');
  }
  const installation = await setup.client.getInstallation(body.installationId);
  if (!installation) {
    throw invalidRequest(`GitHub has no installation ${body.installationId} of ${setup.config.slug}.`);
  }
  // The installation id comes from the browser: only one the user can reach on GitHub may be connected.
  if (!(await setup.client.userReachesInstallation(body.code, installation.id))) {
    throw invalidRequest(`Your GitHub account cannot reach installation ${installation.id}: install the app again.`);
  }
  await saveGithubInstallation(db, {
    teamId,
    installationId: installation.id,
    accountLogin: installation.accountLogin,
    accountType: installation.accountType,
    connectedBy: userId,
    now,
  });
}

/** Chooses the repository hand-offs go to; it must be one the installation reaches. */
export async function chooseRepository(
  db: Db,
  setup: GithubSetup,
  input: { teamId: string; body: RepositoryBody; now: Date },
) {
  const connection = await findGithubConnection(db, input.teamId);
  if (!connection) throw invalidRequest('Connect GitHub first.');
  const repositories = await setup.client.listRepositories(connection.installationId);
  const wanted = input.body.repository.toLowerCase();
  const repository = repositories.find((candidate) => candidate.fullName.toLowerCase() === wanted);
  if (!repository) {
    throw invalidRequest(
      `${input.body.repository} is not a repository the app can reach on ${connection.accountLogin}: grant it access on GitHub first.`,
    );
  }
  await saveGithubRepository(db, input.teamId, {
    repository: repository.fullName,
    baseBranch: input.body.baseBranch ?? repository.defaultBranch,
    now: input.now,
  });
}

const check = (name: string, ok: boolean, fix: string) => ({ check: name, ok, fix: ok ? null : fix });

/** What each agent needs before a hand-off (agents.md §3), as far as Baton can see from here. */
function agentReadiness(connection: GithubConnectionRow | undefined): GithubStatus['agents'] {
  const installed = check('GitHub app installed', Boolean(connection), 'Connect GitHub.');
  const repository = check('Repository chosen', Boolean(connection?.repository), 'Choose the repository.');
  const userAuthorization = check(
    'Your GitHub user authorization',
    false,
    'Not available yet: this Baton cannot act as your GitHub user, which this agent needs.',
  );
  const agents = [
    { agent: 'claude-code' as const, checks: [installed, repository] },
    { agent: 'copilot' as const, checks: [installed, repository, userAuthorization] },
    { agent: 'cursor' as const, checks: [installed, repository, userAuthorization] },
  ];
  return agents.map(({ agent, checks }) => ({ agent, ready: checks.every((c) => c.ok), checks }));
}

/** The team's connection as the settings page shows it; GitHub being down is reported, not thrown. */
export async function githubStatus(db: Db, setup: GithubSetup | null, teamId: string): Promise<GithubStatus> {
  const connection = setup ? await findGithubConnection(db, teamId) : undefined;
  let repositories: GithubRepository[] = [];
  let problem: string | null = null;
  if (setup && connection) {
    try {
      repositories = await setup.client.listRepositories(connection.installationId);
    } catch (error) {
      problem = (error as Error).message;
    }
  }
  return {
    configured: Boolean(setup),
    connected: Boolean(connection),
    appSlug: setup?.config.slug ?? null,
    account: connection
      ? { login: connection.accountLogin, type: connection.accountType, installationId: connection.installationId }
      : null,
    repositories,
    repository: connection?.repository ?? null,
    baseBranch: connection?.baseBranch ?? null,
    problem,
    agents: agentReadiness(connection),
  };
}
