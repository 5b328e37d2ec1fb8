/**
 * A team's GitHub connection (agents.md §3): the install link, the install callback verified with
 * GitHub before anything is stored, the repository hand-offs go to, and what each agent still needs.
 */
import type { Db } from '../db/types';
import type { GithubConfig } from '../config/githubConfig';
import type { GithubClient, GithubRepository } from '../integrations/github/githubClient';
import { findGithubConnection, saveGithubInstallation, saveGithubRepository } from '../repositories/githubConnections';
import { ApiError, invalidRequest } from '../errors';
import { githubAppSettingsPhrase } from '../../shared/githubSettings';
import { checkGithubState, signGithubState } from './githubState';
import { authorizationUsable, stateSecret, storeUserAuthorization, userToken } from './githubUser';
import { findGithubUserAuthorization } from '../repositories/githubUserAuthorizations';
import {
  agentReadiness,
  findClaudeWorkflow,
  type AppPermissionsFinding,
  type CopilotFinding,
} from './handoff/agentReadiness';
import type { GithubStatus, GithubUserStatus, InstallCallbackBody, RepositoryBody } from '../../shared/contract/github';

export interface GithubSetup {
  config: GithubConfig;
  client: GithubClient;
}

/** The hand-off is off on a Baton without a GitHub App: say so, and how to turn it on. */
export function requireGithub(setup: GithubSetup | null): GithubSetup {
  if (!setup) {
    throw new ApiError(
      'Failed',
      `GitHub is not set up on this Baton: an operator sets ${githubAppSettingsPhrase} (docs/handoff.md). The terminal hand-off works without it.`,
      // A setting of this Baton, not a fault: 409, so clients show the message rather than retry.
      409,
    );
  }
  return setup;
}

export function startInstall(setup: GithubSetup, who: { teamId: string; userId: string }, now: Date) {
  return { installUrl: setup.client.installUrl(signGithubState(stateSecret(setup), 'install', who, now)) };
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
  if (!checkGithubState(stateSecret(setup), 'install', body.state, { teamId, userId }, now)) {
    throw invalidRequest('This install link has expired or was started by someone else: connect GitHub again.');
  }
  const installation = await setup.client.getInstallation(body.installationId);
  if (!installation) {
    throw invalidRequest(`GitHub has no installation ${body.installationId} of ${setup.config.slug}.`);
  }
  // The installation id comes from the browser: only one the user can reach on GitHub may be connected.
  const token = await setup.client.exchangeCode(body.code);
  if (!token || !(await setup.client.userReachesInstallation(token.token, installation.id))) {
    throw invalidRequest(`Your GitHub account cannot reach installation ${installation.id}: install the app again.`);
  }
  // The same redirect authorized the app for this user: keep it, so Copilot and Cursor work for them at once.
  await storeUserAuthorization(db, setup, { userId, token, user: await setup.client.getUser(token.token), now });
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
  const baseBranch = input.body.baseBranch ?? repository.defaultBranch;
  if (input.body.baseBranch) {
    await requireBranch(setup, connection.installationId, repository.fullName, baseBranch, 'Settings → GitHub');
  }
  await saveGithubRepository(db, input.teamId, { repository: repository.fullName, baseBranch, now: input.now });
}

/** Refuses a base branch the repository does not have, before anything is stored or sent. */
export async function requireBranch(
  setup: GithubSetup,
  installationId: number,
  repository: string,
  branch: string,
  where: string,
) {
  if (await setup.client.branchExists(installationId, repository, branch)) return;
  throw invalidRequest(
    `${repository} has no branch "${branch}": choose an existing base branch (${where}), or leave it empty for the repository's default branch. Nothing was changed.`,
  );
}

/** Whether Copilot may be assigned in the repository, asked as the user; failures are findings. */
async function findCopilot(
  db: Db,
  setup: GithubSetup,
  userId: string,
  repository: string | null,
  now: Date,
): Promise<CopilotFinding> {
  if (!repository) return { kind: 'not asked' };
  try {
    const token = await userToken(db, setup, userId, now);
    return { kind: 'asked', assignable: await setup.client.copilotAssignable(token, repository) };
  } catch (error) {
    return { kind: 'unknown', problem: (error as Error).message };
  }
}

/** What any member sees of the team's GitHub set-up, with readiness for them (their own authorization). */
export async function githubUserStatus(
  db: Db,
  setup: GithubSetup | null,
  who: { teamId: string; userId: string },
  now: Date,
): Promise<GithubUserStatus> {
  if (!setup) {
    const off = { configured: false, connected: false, repository: null, baseBranch: null };
    return { ...off, repositories: [], problem: null, user: null, agents: [] };
  }
  const connection = await findGithubConnection(db, who.teamId);
  let repositories: GithubRepository[] = [];
  let problem: string | null = null;
  if (connection) {
    try {
      repositories = await setup.client.listRepositories(connection.installationId);
    } catch (error) {
      problem = (error as Error).message;
    }
  }
  const authorization = await findGithubUserAuthorization(db, who.userId);
  const userLogin = authorizationUsable(authorization, now) ? authorization!.githubLogin : null;
  const repository = connection?.repository ?? null;
  const [claudeWorkflow, copilot, appPermissions] = await Promise.all([
    findClaudeWorkflow(setup.client, connection, repository),
    userLogin ? findCopilot(db, setup, who.userId, repository, now) : ({ kind: 'not asked' } as const),
    findAppPermissions(setup, connection?.installationId ?? null),
  ]);
  return {
    configured: true,
    connected: Boolean(connection),
    repository,
    baseBranch: connection?.baseBranch ?? null,
    repositories,
    problem,
    user: userLogin ? { login: userLogin } : null,
    agents: agentReadiness({
      connection,
      reachable: connection && !problem ? repositories.map((r) => r.fullName) : null,
      appSlug: setup.config.slug,
      userLogin,
      claudeWorkflow,
      copilot,
      appPermissions,
    }),
  };
}

/** The installation's permissions, asked with the app's JWT; failures are findings. */
async function findAppPermissions(setup: GithubSetup, installationId: number | null): Promise<AppPermissionsFinding> {
  if (installationId === null) return { kind: 'not asked' };
  try {
    const installation = await setup.client.getInstallation(installationId);
    if (!installation) return { kind: 'unknown', problem: 'GitHub no longer has this installation of the app.' };
    return { kind: 'read', permissions: installation.permissions };
  } catch (error) {
    return { kind: 'unknown', problem: (error as Error).message };
  }
}

/** The team's connection as the settings page shows it; GitHub being down is reported, not thrown. */
export async function githubStatus(
  db: Db,
  setup: GithubSetup | null,
  who: { teamId: string; userId: string },
  now: Date,
): Promise<GithubStatus> {
  const connection = setup ? await findGithubConnection(db, who.teamId) : undefined;
  return {
    ...(await githubUserStatus(db, setup, who, now)),
    appSlug: setup?.config.slug ?? null,
    account: connection
      ? { login: connection.accountLogin, type: connection.accountType, installationId: connection.installationId }
      : null,
  };
}
