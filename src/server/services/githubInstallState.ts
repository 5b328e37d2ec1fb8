import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long an install link stays good: long enough to pick repositories on GitHub. */
export const INSTALL_STATE_TTL_MS = 30 * 60 * 1000;

interface StatePayload {
  teamId: string;
  userId: string;
  expiresAt: number;
  nonce: string;
}

const keyOf = (secret: string) => Buffer.from(hkdfSync('sha256', secret, 'baton', 'github-install-state', 32));
const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

/** The state of an install URL: who started it, for which team, until when; signed, so it cannot be forged. */
export function signInstallState(secret: string, who: { teamId: string; userId: string }, now: Date): string {
  const payload: StatePayload = {
    ...who,
    expiresAt: now.getTime() + INSTALL_STATE_TTL_MS,
    nonce: randomBytes(9).toString('base64url'),
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(keyOf(secret), body)}`;
}

/** True when the state was signed here, for this team and user, and has not expired. */
export function checkInstallState(
  secret: string,
  state: string,
  who: { teamId: string; userId: string },
  now: Date,
): boolean {
  const [body, signature, extra] = state.split('.');
  if (!body || !signature || extra !== undefined) return false;
  const expected = Buffer.from(sign(keyOf(secret), body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as StatePayload;
    return payload.teamId === who.teamId && payload.userId === who.userId && now.getTime() < payload.expiresAt;
  } catch {
    return false;
  }
}
