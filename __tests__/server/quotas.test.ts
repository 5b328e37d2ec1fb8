import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { invites, memberships, projects, teams } from '../../src/server/db/schema';
import { enforceQuota } from '../../src/server/services/quotas';
import { insertProject } from '../../src/server/repositories/projects';
import { ApiError } from '../../src/server/errors';
import { buildTestApp, call, signInAs, type TestApp } from './helpers/testApp';
import { expectQuotaLimit, invite, putPlan } from './helpers/members';

// Integration tests: many calls each, and the machine may be busy running other suites.
jest.setTimeout(30_000);

const N = 20;

/**
 * N concurrent creates against one free slot must create exactly one: each quota is checked under a
 * row lock in the transaction of the write it guards. On PGlite calls take turns on one connection;
 * on PostgreSQL (npm run test:pg) they really race, on a pool of 20 connections.
 */
describe('quotas hold under concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const statuses = (responses: { statusCode: number }[]) =>
    responses.reduce<Record<number, number>>(
      (counts, r) => ({ ...counts, [r.statusCode]: (counts[r.statusCode] ?? 0) + 1 }),
      {},
    );

  it(`teams: ${N} concurrent creates with one owned-team slot left create exactly one`, async () => {
    const { cookie } = await signInAs(t.app, 'racer-teams@example.com');
    await putPlan(t.app, cookie, 'team'); // 3 owned teams: the personal team + 1 below = 2
    expect((await call(t.app, 'POST', '/v1/teams', { cookie, body: { teamName: 'Second' } })).statusCode).toBe(200);
    const responses = await Promise.all(
      Array.from({ length: N }, (_, n) =>
        call(t.app, 'POST', '/v1/teams', { cookie, body: { teamName: `Race ${n}` } }),
      ),
    );
    expect(statuses(responses)).toEqual({ 200: 1, 402: N - 1 });
    for (const refused of responses.filter((r) => r.statusCode === 402)) {
      expect(refused.json()).toMatchObject({ result: 'QuotaLimit', data: { quotaKind: 'owned-team' } });
    }
    const owned = await t.app.db.select().from(teams).where(eq(teams.accountId, 'racer-teams@example.com'));
    expect(owned).toHaveLength(3);
  });

  it(`members: ${N} concurrent invites with one seat left create exactly one`, async () => {
    const { cookie, context } = await signInAs(t.app, 'racer-members@example.com'); // free: 3 seats
    await invite(t.app, cookie, 'first-seat@example.com');
    const responses = await Promise.all(
      Array.from({ length: N }, (_, n) =>
        call(t.app, 'POST', '/v1/teams/active/members', {
          cookie,
          body: { emailAddress: `racer${n}@example.com`, role: 1 },
        }),
      ),
    );
    expect(statuses(responses)).toEqual({ 200: 1, 402: N - 1 });
    for (const refused of responses.filter((r) => r.statusCode === 402)) {
      expect(refused.json().data).toEqual({ quotaKind: 'team-members' });
    }
    const open = await t.app.db.select().from(invites).where(eq(invites.teamId, context.activeTeam.id));
    const members = await t.app.db.select().from(memberships).where(eq(memberships.teamId, context.activeTeam.id));
    expect(open.length + members.length).toBe(3);
  });

  it(`projects: ${N} concurrent creates with one project slot left create exactly one`, async () => {
    const { cookie, context } = await signInAs(t.app, 'racer-projects@example.com'); // free: 3 projects, 1 used
    const create = (description: string) =>
      call(t.app, 'POST', '/v1/teams/active/projects', { cookie, body: { description } });
    expect((await create('Second')).statusCode).toBe(200);
    const responses = await Promise.all(Array.from({ length: N }, (_, n) => create(`Race ${n}`)));
    expect(statuses(responses)).toEqual({ 200: 1, 402: N - 1 });
    for (const refused of responses.filter((r) => r.statusCode === 402)) {
      expect(refused.json().data).toEqual({ quotaKind: 'projects' });
    }
    expect(await t.app.db.select().from(projects).where(eq(projects.teamId, context.activeTeam.id))).toHaveLength(3);
  });

  it(`projects, in the service: ${N} concurrent guarded writes with one slot left make exactly one`, async () => {
    const { context } = await signInAs(t.app, 'racer-projects2@example.com');
    const teamId = context.activeTeam.id;
    await insertProject(t.app.db, { id: randomUUID(), teamId, description: 'Second' });
    const outcomes = await Promise.allSettled(
      Array.from({ length: N }, (_, n) =>
        t.app.db.transaction(async (tx) => {
          await enforceQuota(tx, { kind: 'projects', teamId }, t.clock.now());
          await insertProject(tx, { id: randomUUID(), teamId, description: `Race ${n}` });
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes.filter((o) => o.status === 'rejected')) {
      const reason = (outcome as PromiseRejectedResult).reason as ApiError;
      expect(reason).toBeInstanceOf(ApiError);
      expect(reason.quotaKind).toBe('projects');
    }
    expect(await t.app.db.select().from(projects).where(eq(projects.teamId, teamId))).toHaveLength(3);
  });

  it('upgrading lifts a projects quota just hit; cancelling keeps the projects but refuses more', async () => {
    const { cookie } = await signInAs(t.app, 'grower@example.com');
    const create = (description: string) =>
      call(t.app, 'POST', '/v1/teams/active/projects', { cookie, body: { description } });
    for (const description of ['Two', 'Three']) expect((await create(description)).statusCode).toBe(200);
    expectQuotaLimit(await create('Four'), 'projects');
    await putPlan(t.app, cookie, 'team');
    expect((await create('Four')).statusCode).toBe(200);
    await call(t.app, 'DELETE', '/v1/accounts/active/plan', { cookie });
    expectQuotaLimit(await create('Five'), 'projects');
    const context = (await call(t.app, 'GET', '/v1/user/core-application-context', { cookie })).json().data;
    expect(context.availableProjects).toHaveLength(4);
  });

  it(`invites: ${N} concurrent uses of one invite join once`, async () => {
    const lead = await signInAs(t.app, 'racer-invite-lead@example.com');
    const { cookie } = await signInAs(t.app, 'racer-invitee@example.com');
    const inviteCode = await invite(t.app, lead.cookie, 'racer-invitee@example.com');
    const responses = await Promise.all(
      Array.from({ length: N }, () =>
        call(t.app, 'POST', '/v1/users/active/accept-invite', { cookie, body: { inviteCode } }),
      ),
    );
    expect(statuses(responses)).toEqual({ 200: 1, 404: N - 1 });
    const members = await t.app.db.select().from(memberships).where(eq(memberships.teamId, lead.context.activeTeam.id));
    expect(members).toHaveLength(2);
  });

  it('total teams: concurrent joins stop at the plan’s limit', async () => {
    const { cookie } = await signInAs(t.app, 'racer-total@example.com'); // free: 3 teams in total
    const codes: string[] = [];
    for (const n of [1, 2, 3, 4]) {
      const host = await signInAs(t.app, `racer-total-host${n}@example.com`);
      codes.push(await invite(t.app, host.cookie, 'racer-total@example.com'));
    }
    const responses = await Promise.all(
      codes.map((inviteCode) =>
        call(t.app, 'POST', '/v1/users/active/accept-invite', { cookie, body: { inviteCode } }),
      ),
    );
    expect(statuses(responses)).toEqual({ 200: 2, 402: 2 });
    const context = (await call(t.app, 'GET', '/v1/user/core-application-context', { cookie })).json().data;
    const mine = await t.app.db.select().from(memberships).where(eq(memberships.userId, context.userContext.userId));
    expect(mine).toHaveLength(3);
  });
});
