/**
 * A Baton user's GitHub authorization (the app's OAuth web flow; agents.md §3): Copilot is assigned and
 * Cursor is summoned as this user, since GitHub refuses the app's own tokens for them. Tokens are
 * stored sealed, refreshed shortly before they expire (GitHub rotates both), and forgotten when GitHub
 * stops accepting them.
 */
import type { Db } from '../db/types';
import type { GithubUserAuthorizationRow } from '../db/schema';
import type { GithubUser, GithubUserToken } from '../integrations/github/githubClient';
import { openToken, sealToken } from '../integrations/github/tokenCipher';
import {
  claimTokenRefresh,
  deleteGithubUserAuthorization,
  findGithubUserAuthorization,
  releaseTokenRefresh,
  saveGithubUserAuthorization,
} from '../repositories/githubUserAuthorizations';
import { invalidRequest } from '../errors';
import { checkGithubState, signGithubState } from './githubState';
import type { GithubSetup } from './github';
import type { UserAuthorizationCallbackBody } from '../../shared/contract/github';

/** A token this close to its expiry is refreshed before use, so a call never starts with a dying token. */
const REFRESH_MARGIN_MS = 5 * 60 * 1000;

export const stateSecret = (setup: GithubSetup) => `${setup.config.privateKey}\n${setup.config.webhookSecret}`;

/** Where GitHub sends the user back: register it as a Callback URL of the app (docs/handoff.md). */
export const authorizationRedirect = (publicUrl: string) => `${publicUrl}/settings/github`;

const reconnect = (why: string) => invalidRequest(`${why}: connect your GitHub account again (Settings → GitHub).`);

export function startUserAuthorization(
  setup: GithubSetup,
  who: { teamId: string; userId: string },
  publicUrl: string,
  now: Date,
) {
  const state = signGithubState(stateSecret(setup), 'authorize', who, now);
  return { authorizeUrl: setup.client.authorizeUrl(state, authorizationRedirect(publicUrl)) };
}

/** Stores what GitHub granted, sealed; used by the authorization callback and by the install callback. */
export async function storeUserAuthorization(
  db: Db,
  setup: GithubSetup,
  input: { userId: string; token: GithubUserToken; user: GithubUser; now: Date },
) {
  const key = setup.config.tokenKey;
  await saveGithubUserAuthorization(
    db,
    {
      userId: input.userId,
      githubUserId: input.user.id,
      githubLogin: input.user.login,
      accessToken: sealToken(key, input.token.token),
      accessTokenExpiresAt: input.token.expiresAt,
      refreshToken: input.token.refreshToken ? sealToken(key, input.token.refreshToken) : null,
      refreshTokenExpiresAt: input.token.refreshTokenExpiresAt,
    },
    input.now,
  );
}

/** The authorization callback: the state must be this user's, and GitHub must accept the code. */
export async function completeUserAuthorization(
  db: Db,
  setup: GithubSetup,
  input: { teamId: string; userId: string; body: UserAuthorizationCallbackBody; now: Date },
) {
  const { teamId, userId, body, now } = input;
  if (!checkGithubState(stateSecret(setup), 'authorize', body.state, { teamId, userId }, now)) {
    throw invalidRequest('This authorization link has expired or was started by someone else: connect GitHub again.');
  }
  const token = await setup.client.exchangeCode(body.code);
  if (!token) throw reconnect('GitHub refused the authorization code');
  const user = await setup.client.getUser(token.token);
  await storeUserAuthorization(db, setup, { userId, token, user, now });
}

export async function forgetUserAuthorization(db: Db, userId: string) {
  await deleteGithubUserAuthorization(db, userId);
}

/** Whether the user's authorization is usable without asking GitHub: present, and refreshable if expired. */
export function authorizationUsable(row: GithubUserAuthorizationRow | undefined, now: Date): boolean {
  if (!row) return false;
  if (!row.accessTokenExpiresAt || row.accessTokenExpiresAt.getTime() > now.getTime()) return true;
  return Boolean(
    row.refreshToken && (!row.refreshTokenExpiresAt || row.refreshTokenExpiresAt.getTime() > now.getTime()),
  );
}

/** How long one request may hold the refresh: longer than GitHub's answer may take. */
const REFRESH_CLAIM_MS = 2 * 60 * 1000;
/** How long a request waits for another one's refresh before saying to try again. */
const REFRESH_WAIT_MS = 15_000;

/**
 * The user's GitHub token, refreshed first when it is about to expire. GitHub rotates the refresh token,
 * so only one request refreshes: it claims the row in one statement and asks GitHub with no transaction
 * open (a slow GitHub must not hold the database); the others wait for its result.
 */
export async function userToken(db: Db, setup: GithubSetup, userId: string, now: Date): Promise<string> {
  const key = setup.config.tokenKey;
  const fresh = (row: GithubUserAuthorizationRow) =>
    !row.accessTokenExpiresAt || row.accessTokenExpiresAt.getTime() - REFRESH_MARGIN_MS > now.getTime();
  const usable = (row: GithubUserAuthorizationRow | undefined) =>
    row && fresh(row) ? openToken(key, row.accessToken) : null;

  const stored = await findGithubUserAuthorization(db, userId);
  if (!stored)
    throw invalidRequest('Connect your GitHub account first (Settings → GitHub): this agent is started as you.');
  const current = usable(stored);
  if (current) return current;

  const waitUntil = Date.now() + REFRESH_WAIT_MS;
  for (;;) {
    const claimed = await claimTokenRefresh(db, userId, now, new Date(now.getTime() + REFRESH_CLAIM_MS));
    if (claimed) {
      // Another request may have refreshed it between the read and the claim.
      const already = usable(claimed);
      if (already) {
        await releaseTokenRefresh(db, userId);
        return already;
      }
      return refreshClaimed(db, setup, claimed, now);
    }
    const row = await findGithubUserAuthorization(db, userId);
    if (!row) throw reconnect('Your GitHub authorization was removed');
    const refreshed = usable(row);
    if (refreshed) return refreshed;
    if (Date.now() > waitUntil) throw invalidRequest('Your GitHub token is being renewed: try again in a moment.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Refreshes the tokens of a claimed row; GitHub refusing the refresh token forgets the authorization. */
async function refreshClaimed(db: Db, setup: GithubSetup, row: GithubUserAuthorizationRow, now: Date) {
  const key = setup.config.tokenKey;
  const refreshToken = row.refreshToken ? openToken(key, row.refreshToken) : null;
  const refreshable =
    refreshToken && (!row.refreshTokenExpiresAt || row.refreshTokenExpiresAt.getTime() > now.getTime());
  let renewed: GithubUserToken | null;
  try {
    renewed = refreshable ? await setup.client.refreshUserToken(refreshToken) : null;
  } catch (error) {
    // GitHub did not answer: the tokens are as they were, and the next request may try again.
    await releaseTokenRefresh(db, row.userId);
    throw error;
  }
  if (!renewed) {
    await deleteGithubUserAuthorization(db, row.userId);
    throw reconnect('Your GitHub authorization has expired');
  }
  await storeUserAuthorization(db, setup, {
    userId: row.userId,
    token: renewed,
    user: { id: row.githubUserId, login: row.githubLogin },
    now,
  });
  return renewed.token;
}
