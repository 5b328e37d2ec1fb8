import { eq } from 'drizzle-orm';
import { invites } from '../../src/server/db/schema';
import { buildTestApp, call, signInAs, type TestApp } from './helpers/testApp';
import { expectQuotaLimit, invite, join } from './helpers/members';
import { quotaMessages } from '../../src/shared/quota';

// Integration tests: many calls each, and the machine may be busy running other suites.
jest.setTimeout(30_000);

const DAY = 24 * 60 * 60 * 1000;

describe('members and invites', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const activeTeam = async (cookie: string) => (await call(t.app, 'GET', '/v1/teams/active', { cookie })).json().data;
  const validate = (inviteCode: string, emailAddress: string) =>
    call(t.app, 'POST', '/v1/auth/validate-invite', { body: { inviteCode, emailAddress } });

  describe('POST /v1/teams/active/members (invite)', () => {
    it('answers a random, long invite code for the address, open for 14 days, and lists the address', async () => {
      const { cookie, context } = await signInAs(t.app, 'inviter@example.com');
      const response = await call(t.app, 'POST', '/v1/teams/active/members', {
        cookie,
        body: { emailAddress: 'New.Person@Example.com', role: 1 },
      });
      expect(response.statusCode).toBe(200);
      const created = response.json().data;
      expect(created).toEqual({
        inviteCode: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/), // 24 random bytes = 192 bits
        emailAddress: 'new.person@example.com',
        role: 1,
        expiresAt: new Date(t.clock.now().getTime() + 14 * DAY).toISOString(),
      });
      const [row] = await t.app.db.select().from(invites).where(eq(invites.inviteCode, created.inviteCode));
      expect(row).toMatchObject({ teamId: context.activeTeam.id, emailAddress: 'new.person@example.com', role: 1 });
      // The Admin sees the open invite with its code (to copy the link or revoke it).
      expect((await activeTeam(cookie)).invitedTeamMembers).toEqual([
        expect.objectContaining({ memberEmailAddress: 'new.person@example.com', inviteCode: created.inviteCode }),
      ]);
      expect((await validate(created.inviteCode, 'new.person@example.com')).statusCode).toBe(200);
      const other = await invite(t.app, cookie, 'other.person@example.com');
      expect(other).not.toBe(created.inviteCode);
    });

    it('inviting an address again replaces its open invite: the old link stops working', async () => {
      const { cookie } = await signInAs(t.app, 'reinviter@example.com');
      const first = await invite(t.app, cookie, 'again@example.com');
      const second = await invite(t.app, cookie, 'again@example.com', 0);
      expect((await validate(first, 'again@example.com')).statusCode).toBe(404);
      expect((await validate(second, 'again@example.com')).statusCode).toBe(200);
      expect((await activeTeam(cookie)).invitedTeamMembers).toEqual([
        expect.objectContaining({ memberEmailAddress: 'again@example.com', inviteCode: second }),
      ]);
    });

    it('refuses to invite a member of the team', async () => {
      const { cookie } = await signInAs(t.app, 'already@example.com');
      const response = await call(t.app, 'POST', '/v1/teams/active/members', {
        cookie,
        body: { emailAddress: 'ALREADY@example.com', role: 1 },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ result: 'InvalidRequest', message: expect.stringContaining('already') });
    });

    it.each([
      [{ emailAddress: 'not-an-address', role: 1 }, 'body.emailAddress'],
      [{ emailAddress: 'a@example.com', role: 2 }, 'body.role'],
      [{ emailAddress: 'a@example.com' }, 'body.role'],
    ])('refuses %p naming %s', async (body, field) => {
      const { cookie } = await signInAs(t.app, 'validator@example.com');
      const response = await call(t.app, 'POST', '/v1/teams/active/members', { cookie, body });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(field);
    });

    it('counts members plus open invites against team-members; revoked and expired invites free their seat', async () => {
      const { cookie } = await signInAs(t.app, 'seats@example.com'); // free: 3 seats, 1 taken
      const a = await invite(t.app, cookie, 'seat-a@example.com');
      await invite(t.app, cookie, 'seat-b@example.com');
      const full = await call(t.app, 'POST', '/v1/teams/active/members', {
        cookie,
        body: { emailAddress: 'seat-c@example.com', role: 1 },
      });
      expectQuotaLimit(full, 'team-members');
      expect(full.json().message).toBe(quotaMessages['team-members']);

      const revoke = await call(t.app, 'DELETE', '/v1/teams/active/members/invites', {
        cookie,
        body: { inviteReference: { inviteCode: a, emailAddress: 'seat-a@example.com' } },
      });
      expect(revoke.json()).toEqual({ result: 'Ok' });
      const c = await invite(t.app, cookie, 'seat-c@example.com');
      expect(c).toBeTruthy();

      t.clock.advance(15 * DAY); // both open invites expire
      const { cookie: fresh } = await signInAs(t.app, 'seats@example.com');
      expect((await activeTeam(fresh)).invitedTeamMembers).toEqual([]);
      await invite(t.app, fresh, 'seat-d@example.com');
      await invite(t.app, fresh, 'seat-e@example.com');
      expect((await activeTeam(fresh)).invitedTeamMembers).toHaveLength(2);
    });
  });

  describe('DELETE /v1/teams/active/members/invites (revoke)', () => {
    it('revokes an open invite by its reference only', async () => {
      const { cookie } = await signInAs(t.app, 'revoker@example.com');
      const code = await invite(t.app, cookie, 'revoked@example.com');
      const wrongAddress = await call(t.app, 'DELETE', '/v1/teams/active/members/invites', {
        cookie,
        body: { inviteReference: { inviteCode: code, emailAddress: 'someone-else@example.com' } },
      });
      expect(wrongAddress.statusCode).toBe(404);
      const ok = await call(t.app, 'DELETE', '/v1/teams/active/members/invites', {
        cookie,
        body: { inviteReference: { inviteCode: code, emailAddress: 'Revoked@example.com' } },
      });
      expect(ok.statusCode).toBe(200);
      expect((await validate(code, 'revoked@example.com')).statusCode).toBe(404);
      expect((await activeTeam(cookie)).invitedTeamMembers).toEqual([]);
      const again = await call(t.app, 'DELETE', '/v1/teams/active/members/invites', {
        cookie,
        body: { inviteReference: { inviteCode: code, emailAddress: 'revoked@example.com' } },
      });
      expect(again.statusCode).toBe(404);
      const signIn = await call(t.app, 'POST', '/v1/auth/test-authenticate', {
        body: { emailAddress: 'revoked@example.com', inviteCode: code },
      });
      expect(signIn.statusCode).toBe(404);
    });

    it('cannot revoke another team’s invite', async () => {
      const owner = await signInAs(t.app, 'owner-x@example.com');
      const code = await invite(t.app, owner.cookie, 'target-x@example.com');
      const { cookie } = await signInAs(t.app, 'meddler@example.com');
      const response = await call(t.app, 'DELETE', '/v1/teams/active/members/invites', {
        cookie,
        body: { inviteReference: { inviteCode: code, emailAddress: 'target-x@example.com' } },
      });
      expect(response.statusCode).toBe(404);
      expect((await validate(code, 'target-x@example.com')).statusCode).toBe(200);
    });
  });

  describe('POST /v1/users/active/accept-invite (a signed-in user follows an invite link)', () => {
    it('joins the team with the invited role and makes it active', async () => {
      const lead = await signInAs(t.app, 'accept-lead@example.com');
      const { cookie, context: own } = await signInAs(t.app, 'accepter@example.com');
      const code = await invite(t.app, lead.cookie, 'accepter@example.com', 0);
      const response = await call(t.app, 'POST', '/v1/users/active/accept-invite', {
        cookie,
        body: { inviteCode: code },
      });
      expect(response.statusCode).toBe(200);
      const context = response.json().data;
      expect(context.activeTeam.id).toBe(lead.context.activeTeam.id);
      expect(context.userContext.activeAccountId).toBe('accept-lead@example.com');
      expect(context.activeTeam.teamMemberships).toContainEqual({
        memberUserId: own.userContext.userId,
        memberEmailAddress: 'accepter@example.com',
        role: 0,
      });
      expect(context.activeTeam.invitedTeamMembers).toEqual([]);
      // Single use.
      const again = await call(t.app, 'POST', '/v1/users/active/accept-invite', { cookie, body: { inviteCode: code } });
      expect(again.statusCode).toBe(404);
    });

    it('refuses an invite addressed to someone else, or expired, and joins nothing', async () => {
      const lead = await signInAs(t.app, 'accept-lead2@example.com');
      const { cookie, context } = await signInAs(t.app, 'wrong-person@example.com');
      const forOther = await invite(t.app, lead.cookie, 'right-person@example.com');
      const wrong = await call(t.app, 'POST', '/v1/users/active/accept-invite', {
        cookie,
        body: { inviteCode: forOther },
      });
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json().message).toBe('This invite is not valid for this e-mail address, or it has expired.');
      const late = await invite(t.app, lead.cookie, 'wrong-person@example.com');
      t.clock.advance(14 * DAY + 1000);
      const { cookie: fresh } = await signInAs(t.app, 'wrong-person@example.com');
      const expired = await call(t.app, 'POST', '/v1/users/active/accept-invite', {
        cookie: fresh,
        body: { inviteCode: late },
      });
      expect(expired.statusCode).toBe(404);
      expect((await activeTeam(fresh)).id).toBe(context.activeTeam.id);
      expect((await validate(forOther, 'right-person@example.com')).statusCode).toBe(404); // expired too
    });

    it('an invite holds its seat: accepting it does not count the member twice', async () => {
      const lead = await signInAs(t.app, 'full-lead@example.com'); // free: 3 seats
      const a = await invite(t.app, lead.cookie, 'full-a@example.com');
      const b = await invite(t.app, lead.cookie, 'full-b@example.com');
      const existing = await signInAs(t.app, 'full-b@example.com');
      expect((await signInAs(t.app, 'full-a@example.com', a)).context.activeTeam.id).toBe(lead.context.activeTeam.id);
      const accepted = await call(t.app, 'POST', '/v1/users/active/accept-invite', {
        cookie: existing.cookie,
        body: { inviteCode: b },
      });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json().data.activeTeam.teamMemberships).toHaveLength(3);
    });

    it('respects the joining user’s total-teams quota and leaves the invite open when refused', async () => {
      const { cookie } = await signInAs(t.app, 'joiner-tt@example.com'); // free: 3 teams in total
      for (const host of ['tt-host1@example.com', 'tt-host2@example.com']) {
        const other = await signInAs(t.app, host);
        const code = await invite(t.app, other.cookie, 'joiner-tt@example.com');
        expect(
          (await call(t.app, 'POST', '/v1/users/active/accept-invite', { cookie, body: { inviteCode: code } }))
            .statusCode,
        ).toBe(200);
      }
      const fourth = await signInAs(t.app, 'tt-host3@example.com');
      const code = await invite(t.app, fourth.cookie, 'joiner-tt@example.com');
      const refused = await call(t.app, 'POST', '/v1/users/active/accept-invite', {
        cookie,
        body: { inviteCode: code },
      });
      expectQuotaLimit(refused, 'total-teams');
      const viaSignIn = await call(t.app, 'POST', '/v1/auth/test-authenticate', {
        body: { emailAddress: 'joiner-tt@example.com', inviteCode: code },
      });
      expectQuotaLimit(viaSignIn, 'total-teams');
      expect((await validate(code, 'joiner-tt@example.com')).statusCode).toBe(200);
    });

    it('a member following an invite to a team they are already in just switches to it', async () => {
      const lead = await signInAs(t.app, 'dup-lead@example.com');
      const member = await join(t.app, lead.cookie, 'dup-member@example.com');
      const own = await call(t.app, 'POST', '/v1/teams', { cookie: member.cookie, body: { teamName: 'Side' } });
      expect(own.json().data.activeTeam.teamName).toBe('Side');
      // Inviting a member again is refused, so an invite to a team one is already in can only be older:
      const inviteCode = 'older-invite-code-0001';
      await t.app.db.insert(invites).values({
        inviteCode,
        teamId: lead.context.activeTeam.id,
        emailAddress: 'dup-member@example.com',
        role: 0,
        createdAt: t.clock.now(),
        expiresAt: new Date(t.clock.now().getTime() + DAY),
      });
      const response = await call(t.app, 'POST', '/v1/users/active/accept-invite', {
        cookie: member.cookie,
        body: { inviteCode },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.activeTeam.id).toBe(lead.context.activeTeam.id);
      expect(response.json().data.activeTeam.teamMemberships).toEqual(
        expect.arrayContaining([expect.objectContaining({ memberUserId: member.userId, role: 1 })]),
      );
      expect(response.json().data.activeTeam.teamMemberships).toHaveLength(2);
    });
  });

  describe('members: remove, leave and change roles', () => {
    it('an Admin removes a member; the removed member lands in a team of their own', async () => {
      const lead = await signInAs(t.app, 'remove-lead@example.com');
      const member = await join(t.app, lead.cookie, 'removed@example.com');
      const response = await call(t.app, 'DELETE', `/v1/teams/active/members/${member.userId}`, {
        cookie: lead.cookie,
      });
      expect(response.json()).toEqual({ result: 'Ok' });
      expect((await activeTeam(lead.cookie)).teamMemberships).toHaveLength(1);
      const after = await call(t.app, 'GET', '/v1/user/core-application-context', { cookie: member.cookie });
      expect(after.statusCode).toBe(200);
      expect(after.json().data.activeTeam.id).not.toBe(lead.context.activeTeam.id);
      const denied = await call(t.app, 'PUT', '/v1/users/active/active-team', {
        cookie: member.cookie,
        body: { newActiveTeamIdentity: lead.context.activeTeam.id },
      });
      expect(denied.statusCode).toBe(404);
      const missing = await call(t.app, 'DELETE', `/v1/teams/active/members/${member.userId}`, {
        cookie: lead.cookie,
      });
      expect(missing.statusCode).toBe(404);
    });

    it('any member may leave (remove themselves)', async () => {
      const lead = await signInAs(t.app, 'leave-lead@example.com');
      const member = await join(t.app, lead.cookie, 'leaver@example.com', 1);
      const response = await call(t.app, 'DELETE', `/v1/teams/active/members/${member.userId}`, {
        cookie: member.cookie,
      });
      expect(response.statusCode).toBe(200);
      expect((await activeTeam(lead.cookie)).teamMemberships).toHaveLength(1);
    });

    it('an Admin changes a role', async () => {
      const lead = await signInAs(t.app, 'role-lead@example.com');
      const member = await join(t.app, lead.cookie, 'promoted@example.com', 1);
      const response = await call(t.app, 'PUT', `/v1/teams/active/members/${member.userId}/role`, {
        cookie: lead.cookie,
        body: { newRole: 0 },
      });
      expect(response.json()).toEqual({
        result: 'Ok',
        data: { memberUserId: member.userId, memberEmailAddress: 'promoted@example.com', role: 0 },
      });
      // The new Admin can act at once.
      expect(
        (await call(t.app, 'PUT', '/v1/teams/active/name', { cookie: member.cookie, body: { newTeamName: 'Ours' } }))
          .statusCode,
      ).toBe(200);
      const bad = await call(t.app, 'PUT', `/v1/teams/active/members/${member.userId}/role`, {
        cookie: lead.cookie,
        body: { newRole: 3 },
      });
      expect(bad.statusCode).toBe(400);
      const unknown = await call(t.app, 'PUT', '/v1/teams/active/members/nobody/role', {
        cookie: lead.cookie,
        body: { newRole: 1 },
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('the last Admin cannot leave, be removed or be demoted', async () => {
      const lead = await signInAs(t.app, 'last-admin@example.com');
      const leadId = lead.context.userContext.userId;
      const member = await join(t.app, lead.cookie, 'last-editor@example.com', 1);
      const attempts = [
        await call(t.app, 'DELETE', `/v1/teams/active/members/${leadId}`, { cookie: lead.cookie }),
        await call(t.app, 'PUT', `/v1/teams/active/members/${leadId}/role`, {
          cookie: lead.cookie,
          body: { newRole: 1 },
        }),
      ];
      for (const response of attempts) {
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({
          result: 'InvalidRequest',
          message: 'A team needs at least one Admin. Make another member Admin first.',
        });
      }
      // With a second Admin, the first may step down; then the second is the last.
      await call(t.app, 'PUT', `/v1/teams/active/members/${member.userId}/role`, {
        cookie: lead.cookie,
        body: { newRole: 0 },
      });
      const stepDown = await call(t.app, 'PUT', `/v1/teams/active/members/${leadId}/role`, {
        cookie: lead.cookie,
        body: { newRole: 1 },
      });
      expect(stepDown.statusCode).toBe(200);
      const removeLast = await call(t.app, 'DELETE', `/v1/teams/active/members/${member.userId}`, {
        cookie: member.cookie,
      });
      expect(removeLast.statusCode).toBe(409);
      expect((await activeTeam(lead.cookie)).teamMemberships).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ memberUserId: leadId, role: 1 }),
          expect.objectContaining({ memberUserId: member.userId, role: 0 }),
        ]),
      );
    });

    it('two Admins demoting each other at once leave one Admin', async () => {
      const lead = await signInAs(t.app, 'duel-a@example.com');
      const other = await join(t.app, lead.cookie, 'duel-b@example.com', 0);
      const leadId = lead.context.userContext.userId;
      const results = await Promise.all([
        call(t.app, 'PUT', `/v1/teams/active/members/${other.userId}/role`, {
          cookie: lead.cookie,
          body: { newRole: 1 },
        }),
        call(t.app, 'PUT', `/v1/teams/active/members/${leadId}/role`, { cookie: other.cookie, body: { newRole: 1 } }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403]);
      const admins = (await activeTeam(lead.cookie)).teamMemberships.filter((m: { role: number }) => m.role === 0);
      expect(admins).toHaveLength(1);
    });
  });
});
