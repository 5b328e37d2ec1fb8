import { Type, type Static } from '@sinclair/typebox';
import { IdentityProviders, OidcProviders } from '../enums';
import { EmailAddress } from './common';
import { CoreApplicationContext } from './userAndTeam';

const InviteCode = Type.String({ minLength: 8, maxLength: 128 });

export const TestAuthenticateBody = Type.Object(
  { emailAddress: EmailAddress, inviteCode: Type.Optional(InviteCode) },
  { $id: 'TestAuthenticateBody', additionalProperties: false },
);
export type TestAuthenticateBody = Static<typeof TestAuthenticateBody>;

export const ExchangeTokenBody = Type.Object(
  {
    identityProvider: Type.Union(OidcProviders.map((provider) => Type.Literal(provider))),
    code: Type.String({ minLength: 1, maxLength: 4096 }),
    codeVerifier: Type.String({ minLength: 43, maxLength: 128 }),
    redirectUri: Type.String({ format: 'uri', maxLength: 2048 }),
    inviteCode: Type.Optional(InviteCode),
  },
  { $id: 'ExchangeTokenBody', additionalProperties: false },
);
export type ExchangeTokenBody = Static<typeof ExchangeTokenBody>;

export const SignedIn = Type.Object({ coreApplicationContext: CoreApplicationContext }, { $id: 'SignedIn' });
export type SignedIn = Static<typeof SignedIn>;

export const ValidateInviteBody = Type.Object(
  { inviteCode: InviteCode, emailAddress: EmailAddress },
  { $id: 'ValidateInviteBody', additionalProperties: false },
);
export type ValidateInviteBody = Static<typeof ValidateInviteBody>;

export const ValidatedInvite = Type.Object({ teamName: Type.String() }, { $id: 'ValidatedInvite' });

export const ValidatedSession = Type.Object({ emailAddress: Type.String() }, { $id: 'ValidatedSession' });

/** What the sign-in screen needs to start each provider's authorization-code flow. */
export const IdentityProviderInfo = Type.Object(
  {
    identityProvider: Type.Union(IdentityProviders.map((provider) => Type.Literal(provider))),
    enabled: Type.Boolean(),
    authorizationEndpoint: Type.Optional(Type.String()),
    clientId: Type.Optional(Type.String()),
    scope: Type.Optional(Type.String()),
    /** Set when the provider must answer by POSTing a form (Apple): the browser adds response_mode to the request. */
    responseMode: Type.Optional(Type.Literal('form_post')),
  },
  { $id: 'IdentityProviderInfo' },
);
export type IdentityProviderInfo = Static<typeof IdentityProviderInfo>;

export const IdentityProviderList = Type.Object(
  { identityProviders: Type.Array(IdentityProviderInfo) },
  { $id: 'IdentityProviderList' },
);
