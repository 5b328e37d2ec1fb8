import { exportPKCS8, generateKeyPair, jwtVerify, decodeProtectedHeader, type CryptoKey } from 'jose';
import { loadConfig } from '../../../src/server/config/config';
import { createOidcProviders } from '../../../src/server/integrations/oidc';
import { createAppleClientSecret } from '../../../src/server/integrations/oidc/appleClientSecret';
import {
  alteringTokenRequests,
  exchangeFailure,
  pkceAndNonce,
  startFakeIdentityProviders,
  type FakeIdentityProviders,
} from './fakeIdentityProvider';

const PUBLIC_URL = 'https://baton.test';
const REDIRECT_URI = `${PUBLIC_URL}/auth/apple`;
const TEAM_ID = 'TEAM123456';
const KEY_ID = 'KEY7654321';
const baton = { clientId: 'test.baton.web', clientSecret: 'apple-registered-secret', redirectUri: REDIRECT_URI };
const accounts = [
  { sub: '001234.abcdef', email: 'x7k2@privaterelay.appleid.com', email_verified: 'true' },
  { sub: '005678.fedcba' },
  // Sign in with Apple at Work & School: an address Apple has not verified.
  { sub: '009999.abcabc', email: 'boss@school.example', email_verified: 'false' },
];

let idp: FakeIdentityProviders;
let appleIssuer: string;
let signingKey: { privateKey: CryptoKey; publicKey: CryptoKey; pem: string };

async function signIn(account = '001234.abcdef') {
  const { codeVerifier, codeChallenge, nonce } = await pkceAndNonce();
  const code = await idp.authorize({
    authorizationEndpoint: `${appleIssuer}/auth`,
    clientId: baton.clientId,
    redirectUri: REDIRECT_URI,
    scope: 'openid email',
    nonce,
    codeChallenge,
    account,
  });
  return { identityProvider: 'Apple' as const, code, codeVerifier, redirectUri: REDIRECT_URI };
}

beforeAll(async () => {
  idp = await startFakeIdentityProviders();
  appleIssuer = await idp.addIssuer({ mountPath: '/apple', clients: [baton], accounts });
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  signingKey = { privateKey, publicKey, pem: await exportPKCS8(privateKey) };
});

afterAll(() => idp.close());

describe('Apple sign-in against a real OpenID provider', () => {
  const withSecret = () =>
    createOidcProviders(
      loadConfig({
        PUBLIC_URL,
        APPLE_CLIENT_ID: baton.clientId,
        APPLE_CLIENT_SECRET: baton.clientSecret,
        APPLE_ISSUER_URL: appleIssuer,
      }),
      { allowInsecureRequests: true },
    );

  test('with APPLE_CLIENT_SECRET, a good exchange returns the identity', async () => {
    expect(await withSecret().exchange(await signIn())).toEqual({
      identityProvider: 'Apple',
      issuer: appleIssuer,
      subject: '001234.abcdef',
      emailAddress: 'x7k2@privaterelay.appleid.com',
    });
  });

  test('with a signing key, the client secret is an ES256 JWT from the team for Apple', async () => {
    const postedSecrets: string[] = [];
    // The fake provider knows a fixed secret; Apple would check the JWT, so the test checks it here.
    const appleChecksSecret = alteringTokenRequests(async (body) => {
      const secret = body.get('client_secret') ?? '';
      postedSecrets.push(secret);
      await jwtVerify(secret, signingKey.publicKey, {
        algorithms: ['ES256'],
        issuer: TEAM_ID,
        subject: baton.clientId,
        audience: 'https://appleid.apple.com',
      });
      body.set('client_secret', baton.clientSecret);
    });
    const config = loadConfig({
      PUBLIC_URL,
      APPLE_CLIENT_ID: baton.clientId,
      APPLE_TEAM_ID: TEAM_ID,
      APPLE_KEY_ID: KEY_ID,
      // As an env file would hold it: one line, with literal \n.
      APPLE_PRIVATE_KEY: signingKey.pem.replace(/\n/g, '\\n'),
      APPLE_ISSUER_URL: appleIssuer,
    });
    const providers = createOidcProviders(config, { allowInsecureRequests: true, fetch: appleChecksSecret });

    const identity = await providers.exchange(await signIn());
    expect(identity.subject).toBe('001234.abcdef');
    await providers.exchange(await signIn());

    expect(postedSecrets).toHaveLength(2);
    expect(postedSecrets[1]).toBe(postedSecrets[0]); // reused while fresh
    expect(decodeProtectedHeader(postedSecrets[0] ?? '')).toEqual({ alg: 'ES256', kid: KEY_ID });
    const { payload } = await jwtVerify(postedSecrets[0] ?? '', signingKey.publicKey);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBeLessThanOrEqual(600);
  });

  test('an Apple account that shares no verified e-mail address has no address', async () => {
    for (const account of ['005678.fedcba', '009999.abcabc']) {
      const identity = await withSecret().exchange(await signIn(account));
      expect(identity.emailAddress).toBeUndefined();
      expect(identity.noAddressReason).toMatch(/^Your Apple account did not share a verified e-mail address/);
    }
  });

  test('the redirect URI must be /auth/apple', async () => {
    const input = await signIn();
    const error = await exchangeFailure(withSecret().exchange({ ...input, redirectUri: `${PUBLIC_URL}/auth/google` }));
    expect(error.message).toBe('The Apple sign-in returned to an unexpected address');
  });

  test('describe() offers Apple with the e-mail scope and response_mode=form_post', async () => {
    expect((await withSecret().describe())[0]).toEqual({
      identityProvider: 'Apple',
      enabled: true,
      authorizationEndpoint: `${appleIssuer}/auth`,
      clientId: baton.clientId,
      scope: 'openid email',
      responseMode: 'form_post',
    });
  });
});

describe('the Apple client secret', () => {
  test('is re-signed once fewer than five of its ten minutes are left', async () => {
    let now = new Date('2030-01-01T00:00:00Z');
    const secret = createAppleClientSecret(
      { teamId: TEAM_ID, keyId: KEY_ID, clientId: baton.clientId, privateKey: signingKey.pem },
      () => now,
    );
    expect(() => secret.current()).toThrow();
    await secret.refresh();
    const first = secret.current();
    now = new Date('2030-01-01T00:05:00Z');
    await secret.refresh();
    expect(secret.current()).toBe(first);
    now = new Date('2030-01-01T00:05:01Z');
    await secret.refresh();
    expect(secret.current()).not.toBe(first);
    const { payload } = await jwtVerify(secret.current(), signingKey.publicKey, { currentDate: now });
    expect(payload).toMatchObject({ iss: TEAM_ID, sub: baton.clientId, aud: 'https://appleid.apple.com' });
  });
});
