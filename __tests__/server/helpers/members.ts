import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { agentActions } from '../../../src/server/db/schema';
import { call, signInAs } from './testApp';

/** The active team's Admin invites an address; answers the invite code. */
export async function invite(app: FastifyInstance, adminCookie: string, emailAddress: string, role: 0 | 1 = 1) {
  const response = await call(app, 'POST', '/v1/teams/active/members', {
    cookie: adminCookie,
    body: { emailAddress, role },
  });
  if (response.statusCode !== 200) throw new Error(`invite failed: ${response.statusCode} ${response.body}`);
  return response.json().data.inviteCode as string;
}

/** Invites a new user into the Admin's active team and signs them in through the invite. */
export async function join(app: FastifyInstance, adminCookie: string, emailAddress: string, role: 0 | 1 = 1) {
  const signedIn = await signInAs(app, emailAddress, await invite(app, adminCookie, emailAddress, role));
  return { ...signedIn, userId: signedIn.context.userContext.userId as string };
}

/** Puts the owner's active account on a plan (no payment provider: it applies at once). */
export async function putPlan(
  app: FastifyInstance,
  ownerCookie: string,
  plan: 'free' | 'team' | 'business',
  billingPeriod: 0 | 1 = 0,
) {
  const response = await call(app, 'PUT', '/v1/accounts/active/plan', {
    cookie: ownerCookie,
    body: { plan, billingPeriod },
  });
  if (response.statusCode !== 200) throw new Error(`plan change failed: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

/** Asserts a QuotaLimit answer naming the kind, with the spec's message. */
export function expectQuotaLimit(response: LightMyRequestResponse, quotaKind: string) {
  expect(response.statusCode).toBe(402);
  expect(response.json()).toMatchObject({ result: 'QuotaLimit', data: { quotaKind } });
}

/** Asserts a 403 that keeps the user signed in (the client does not log out on it). */
export function expectForbidden(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(403);
  expect(response.json().result).toBe('Unauthorized');
}

/** Records `count` agent actions this month on an account, as if its members had used them (quota tests). */
export async function useAgentActions(
  app: FastifyInstance,
  now: Date,
  user: { accountId: string; teamId: string; userId: string },
  count: number,
) {
  await app.db
    .insert(agentActions)
    .values(Array.from({ length: count }, () => ({ id: randomUUID(), ...user, kind: 'earlier', createdAt: now })));
}
