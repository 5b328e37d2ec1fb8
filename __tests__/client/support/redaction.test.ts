import { CONTENT_REMOVED, REDACTED, redactForSupport } from '../../../src/client/features/support/redaction';
import { redactSecrets } from '../../../src/client/features/support/secretRedaction';
import { devToolsOptions } from '../../../src/client/app/devTools';

describe('redactSecrets (DevTools and snapshots share it)', () => {
  it('redacts codes, verifiers, invite codes and every *token key, deep in arrays and objects', () => {
    const input = {
      code: 'c',
      nested: [{ codeVerifier: 'v', inviteCode: 'i', token: 't', accessToken: 'a', refresh_token: 'r' }],
      tokens: [{ name: 'laptop', tokenPrefix: 'bt_12' }],
      kept: 'value',
    };
    expect(redactSecrets(input)).toEqual({
      code: REDACTED,
      nested: [
        {
          codeVerifier: REDACTED,
          inviteCode: REDACTED,
          token: REDACTED,
          accessToken: REDACTED,
          refresh_token: REDACTED,
        },
      ],
      // A token's shown prefix is not the token.
      tokens: [{ name: 'laptop', tokenPrefix: 'bt_12' }],
      kept: 'value',
    });
    expect(input.code).toBe('c');
  });

  it('is what the DevTools sanitisers use', () => {
    expect(devToolsOptions.stateSanitizer({ mcp: { token: 'secret' } })).toEqual({ mcp: { token: REDACTED } });
  });
});

describe('redactForSupport', () => {
  const state = {
    userContext: { emailAddress: 'Ada@Example.com', activeAccountId: 'ada@example.com' },
    teamMemberships: [
      { memberEmailAddress: 'bob@example.com', role: 1 },
      { memberEmailAddress: 'carol@example.org', role: 0 },
    ],
    history: [{ changedBy: 'bob@example.com' }],
    items: { a: { description: 'Ship it\n\nAsk bob@example.com', goals: ['fast', 'safe'], externalId: 'AE-1' } },
    invites: [{ inviteCode: 'abc', memberEmailAddress: 'dan@example.net' }],
  };

  it('keeps the user’s own address and replaces everyone else’s with a stable stand-in', () => {
    const out = redactForSupport(state, { ownEmailAddress: 'ada@example.com', includeContent: true });
    expect(out.userContext).toEqual(state.userContext);
    expect(out.teamMemberships.map((m) => m.memberEmailAddress)).toEqual([
      'person-1@redacted.invalid',
      'person-2@redacted.invalid',
    ]);
    // The same person keeps the same stand-in wherever they appear, free text included.
    expect(out.history[0]!.changedBy).toBe('person-1@redacted.invalid');
    expect(out.items.a.description).toBe('Ship it\n\nAsk person-1@redacted.invalid');
    expect(out.invites[0]).toEqual({ inviteCode: REDACTED, memberEmailAddress: 'person-3@redacted.invalid' });
    expect(JSON.stringify(out)).not.toMatch(/bob@|carol@|dan@|abc/);
  });

  it('removes the texts when content is not included, keeping their shape', () => {
    const out = redactForSupport(state, { ownEmailAddress: 'ada@example.com', includeContent: false });
    expect(out.items.a).toEqual({
      description: CONTENT_REMOVED,
      goals: [CONTENT_REMOVED, CONTENT_REMOVED],
      externalId: 'AE-1',
    });
    expect(JSON.stringify(out)).not.toContain('Ship it');
  });

  it('treats comments like the rest: other authors’ addresses replaced, their text removed unless included', () => {
    const comments = {
      comments: [
        { id: 'c1', authorEmailAddress: 'bob@example.com', body: 'Ask @carol@example.com', byAgent: false },
        { id: 'c2', authorEmailAddress: 'ada@example.com', body: 'Mine', byAgent: true },
      ],
    };
    const kept = redactForSupport(comments, { ownEmailAddress: 'ada@example.com', includeContent: true });
    expect(kept.comments).toEqual([
      {
        id: 'c1',
        authorEmailAddress: 'person-1@redacted.invalid',
        body: 'Ask @person-2@redacted.invalid',
        byAgent: false,
      },
      { id: 'c2', authorEmailAddress: 'ada@example.com', body: 'Mine', byAgent: true },
    ]);
    const removed = redactForSupport(comments, { ownEmailAddress: 'ada@example.com', includeContent: false });
    expect(removed.comments.map((comment) => comment.body)).toEqual([CONTENT_REMOVED, CONTENT_REMOVED]);
  });

  it('replaces addresses used as keys and list entries (the team slice keeps invites by address)', () => {
    const team = {
      invites: {
        ids: ['dan@example.net'],
        entities: { 'dan@example.net': { memberEmailAddress: 'dan@example.net', inviteCode: 'abc' } },
      },
      watchers: ['ada@example.com', 'bob@example.com'],
    };
    const out = redactForSupport(team, { ownEmailAddress: 'ada@example.com', includeContent: true });
    expect(out).toEqual({
      invites: {
        ids: ['person-1@redacted.invalid'],
        entities: {
          'person-1@redacted.invalid': { memberEmailAddress: 'person-1@redacted.invalid', inviteCode: REDACTED },
        },
      },
      watchers: ['ada@example.com', 'person-2@redacted.invalid'],
    });
  });

  it('without a known user, every address is replaced', () => {
    expect(redactForSupport({ a: 'x@y.io' }, { ownEmailAddress: null, includeContent: true })).toEqual({
      a: 'person-1@redacted.invalid',
    });
  });
});
