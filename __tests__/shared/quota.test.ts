import { accountSettingsPath, quotaMessage, quotaMessages } from '../../src/shared/quota';

describe('quota routing (spec §2) and messages (spec §8)', () => {
  it.each([
    ['owned-team', '/settings/account?feature=teams'],
    ['team-members', '/settings/account?feature=users'],
    ['total-teams', '/settings/account?feature=teams'],
    ['number-of-projects', '/settings/account?feature=projects'],
    ['projects', '/settings/account?feature=projects'],
    ['project-items', '/settings/account?feature=project-items'],
    ['agent-actions', '/settings/account?feature=agent'],
    ['something-else', '/settings/account'],
    [undefined, '/settings/account'],
  ])('%s → %s', (kind, path) => {
    expect(accountSettingsPath(kind)).toBe(path);
  });

  it('uses the exact messages of the spec', () => {
    expect(quotaMessage('team-members')).toBe("Sorry, you don't have any open User licenses to add a Team Member.");
    expect(quotaMessage('project-items')).toBe(
      'Sorry, you have reached your quota for the number of Project Items you can have in your Project.',
    );
    expect(quotaMessage('nonsense')).toBe('Sorry, there was a problem.');
    expect(quotaMessage(undefined)).toBe('You have reached a quota limit.');
    expect(Object.keys(quotaMessages)).toHaveLength(7);
  });
});
