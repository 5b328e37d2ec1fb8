import { eq } from 'drizzle-orm';
import { users } from '../../src/server/db/schema';
import { buildTestApp, call, signInAs, type TestApp } from './helpers/testApp';
import { invite as inviteRoute, putPlan } from './helpers/members';

const DAY = 24 * 60 * 60 * 1000;

describe('signing in with an invite', () => {
  let t: TestApp;
  let adminContext: { activeTeam: { id: string; teamName: string } };
  beforeAll(async () => {
    t = await buildTestApp();
    const lead = await signInAs(t.app, 'lead@example.com');
    adminContext = lead.context;
    await putPlan(t.app, lead.cookie, 'business'); // seats for every invite below
  }, 30_000);
  afterAll(() => t.close());

  /** The team's Admin invites through the route (signing in again: some tests move the clock past the session). */
  async function invite(emailAddress: string, role: 0 | 1 = 1) {
    const { cookie } = await signInAs(t.app, 'lead@example.com');
    return inviteRoute(t.app, cookie, emailAddress, role);
  }

  it('validate-invite names the team for the invited address only', async () => {
    const inviteCode = await invite('new@example.com');
    const valid = await call(t.app, 'POST', '/v1/auth/validate-invite', {
      body: { inviteCode, emailAddress: 'NEW@example.com' },
    });
    expect(valid.json()).toEqual({ result: 'Ok', data: { teamName: adminContext.activeTeam.teamName } });
    const wrong = await call(t.app, 'POST', '/v1/auth/validate-invite', {
      body: { inviteCode, emailAddress: 'other@example.com' },
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().result).toBe('NotFound');
  });

  it('joins the inviting team with the invited role instead of creating a team', async () => {
    const inviteCode = await invite('joiner@example.com', 1);
    const { context } = await signInAs(t.app, 'joiner@example.com', inviteCode);
    expect(context.activeTeam.id).toBe(adminContext.activeTeam.id);
    expect(context.activeTeam.teamMemberships).toContainEqual(
      expect.objectContaining({ memberEmailAddress: 'joiner@example.com', role: 1 }),
    );
    expect(context.userContext.activeAccountId).toBe('lead@example.com');
  });

  it('is single use', async () => {
    const inviteCode = await invite('once@example.com');
    await signInAs(t.app, 'once@example.com', inviteCode);
    const again = await call(t.app, 'POST', '/v1/auth/test-authenticate', {
      body: { emailAddress: 'once@example.com', inviteCode },
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses an expired invite or another address and creates nothing', async () => {
    const inviteCode = await invite('late@example.com', 1);
    t.clock.advance(14 * DAY + 1);
    const late = await call(t.app, 'POST', '/v1/auth/test-authenticate', {
      body: { emailAddress: 'late@example.com', inviteCode },
    });
    expect(late.statusCode).toBe(404);
    const other = await call(t.app, 'POST', '/v1/auth/test-authenticate', {
      body: { emailAddress: 'stranger@example.com', inviteCode: await invite('someone@example.com') },
    });
    expect(other.statusCode).toBe(404);
    for (const emailAddress of ['late@example.com', 'stranger@example.com']) {
      expect(await t.app.db.select().from(users).where(eq(users.emailAddress, emailAddress))).toEqual([]);
    }
  });

  it('an existing user signing in with an invite joins the team and makes it active', async () => {
    const { context: own } = await signInAs(t.app, 'existing@example.com');
    const inviteCode = await invite('existing@example.com', 0);
    const { context } = await signInAs(t.app, 'existing@example.com', inviteCode);
    expect(own.activeTeam.id).not.toBe(adminContext.activeTeam.id);
    expect(context.activeTeam.id).toBe(adminContext.activeTeam.id);
  });
});
