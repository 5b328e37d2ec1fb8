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
  deleteGithubUserAuthorization,
  findGithubUserAuthorization,
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

/**
 * The user's GitHub token, refreshed first when it is about to expire. The row is locked while it is
 * refreshed: GitHub rotates the refresh token, so two refreshes at once would lose the authorization.
 */
export async function userToken(db: Db, setup: GithubSetup, userId: string, now: Date): Promise<string> {
  const key = setup.config.tokenKey;
  const fresh = (row: GithubUserAuthorizationRow) =>
    !row.accessTokenExpiresAt || row.accessTokenExpiresAt.getTime() - REFRESH_MARGIN_MS > now.getTime();

  const stored = await findGithubUserAuthorization(db, userId);
  if (!stored)
    throw invalidRequest('Connect your GitHub account first (Settings → GitHub): this agent is started as you.');
  if (fresh(stored)) {
    const token = openToken(key, stored.accessToken);
    if (token) return token;
  }

  const outcome = await db.transaction(async (tx) => {
    const row = await findGithubUserAuthorization(tx, userId, { forUpdate: true });
    if (!row) return { forgotten: 'Your GitHub authorization was removed' };
    const current = openToken(key, row.accessToken);
    // Another request refreshed it while this one waited for the lock.
    if (current && fresh(row)) return { token: current };
    const refreshToken = row.refreshToken ? openToken(key, row.refreshToken) : null;
    const refreshable =
      refreshToken && (!row.refreshTokenExpiresAt || row.refreshTokenExpiresAt.getTime() > now.getTime());
    const renewed = refreshable ? await setup.client.refreshUserToken(refreshToken) : null;
    if (!renewed) {
      await deleteGithubUserAuthorization(tx, userId);
      return { forgotten: 'Your GitHub authorization has expired' };
    }
    await storeUserAuthorization(tx, setup, {
      userId,
      token: renewed,
      user: { id: row.githubUserId, login: row.githubLogin },
      now,
    });
    return { token: renewed.token };
  });
  if ('forgotten' in outcome) throw reconnect(outcome.forgotten!);
  return outcome.token;
}
