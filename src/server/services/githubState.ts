import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long an install or authorization link stays good: long enough to pick repositories on GitHub. */
export const GITHUB_STATE_TTL_MS = 30 * 60 * 1000;

/** What a state was made for: a state of one kind is never accepted for the other. */
export type GithubStatePurpose = 'install' | 'authorize';

interface StatePayload {
  teamId: string;
  userId: string;
  expiresAt: number;
  nonce: string;
}

const keyOf = (secret: string, purpose: GithubStatePurpose) =>
  Buffer.from(hkdfSync('sha256', secret, 'baton', `github-${purpose}-state`, 32));
const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

/** The state of a GitHub link: who started it, for which team, until when; signed, so it cannot be forged. */
export function signGithubState(
  secret: string,
  purpose: GithubStatePurpose,
  who: { teamId: string; userId: string },
  now: Date,
): string {
  const payload: StatePayload = {
    ...who,
    expiresAt: now.getTime() + GITHUB_STATE_TTL_MS,
    nonce: randomBytes(9).toString('base64url'),
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(keyOf(secret, purpose), body)}`;
}

/** True when the state was signed here, for this team and user, and has not expired. */
export function checkGithubState(
  secret: string,
  purpose: GithubStatePurpose,
  state: string,
  who: { teamId: string; userId: string },
  now: Date,
): boolean {
  const [body, signature, extra] = state.split('.');
  if (!body || !signature || extra !== undefined) return false;
  const expected = Buffer.from(sign(keyOf(secret, purpose), body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as StatePayload;
    return payload.teamId === who.teamId && payload.userId === who.userId && now.getTime() < payload.expiresAt;
  } catch {
    return false;
  }
}
