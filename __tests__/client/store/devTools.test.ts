import { devToolsOptions, redactSecrets } from '../../../src/client/app/devTools';

describe('Redux DevTools sanitising', () => {
  it('strips sign-in codes, PKCE verifiers and invite codes from actions and state', () => {
    const action = {
      type: 'api/executeMutation/pending',
      meta: {
        arg: { originalArgs: { identityProvider: 'Google', code: 'abc', codeVerifier: 'secret', inviteCode: 'inv' } },
      },
    };
    expect(devToolsOptions.actionSanitizer(action).meta.arg.originalArgs).toEqual({
      identityProvider: 'Google',
      code: '[redacted]',
      codeVerifier: '[redacted]',
      inviteCode: '[redacted]',
    });
    expect(redactSecrets({ list: [{ code: 1 }], other: 2 })).toEqual({ list: [{ code: '[redacted]' }], other: 2 });
  });
});
