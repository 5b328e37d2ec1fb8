import { randomBytes } from 'node:crypto';
import { invites } from '../../src/server/db/schema';
import { buildTestApp, call, signInAs, type TestApp } from './helpers/testApp';

describe('the core application context', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('lists every team of the user with their role, and shows invite codes to Admins only', async () => {
    const admin = await signInAs(t.app, 'owner@example.com');
    const teamId = admin.context.activeTeam.id;
    const inviteCode = randomBytes(16).toString('base64url');
    const expiresAt = new Date(t.clock.now().getTime() + 86_400_000);
    await t.app.db
      .insert(invites)
      .values({ inviteCode, teamId, emailAddress: 'editor@example.com', role: 1, expiresAt });
    const pending = randomBytes(16).toString('base64url');
    await t.app.db
      .insert(invites)
      .values({ inviteCode: pending, teamId, emailAddress: 'later@example.com', role: 1, expiresAt });

    const editor = await signInAs(t.app, 'editor@example.com', inviteCode);
    expect(editor.context.availableTeams).toEqual([{ id: teamId, teamName: "owner's team", role: 1 }]);
    expect(editor.context.activeTeam.invitedTeamMembers).toEqual([{ memberEmailAddress: 'later@example.com' }]);

    const adminView = await call(t.app, 'GET', '/v1/teams/active', { cookie: admin.cookie });
    expect(adminView.json().data.invitedTeamMembers).toEqual([
      { memberEmailAddress: 'later@example.com', inviteCode: pending, role: 1, expiresAt: expiresAt.toISOString() },
    ]);
    const editorView = await call(t.app, 'GET', '/v1/teams/active', { cookie: editor.cookie });
    expect(editorView.json().data.invitedTeamMembers).toEqual([{ memberEmailAddress: 'later@example.com' }]);
  });
});
