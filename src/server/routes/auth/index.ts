import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ExchangeTokenBody,
  IdentityProviderList,
  SignedIn,
  TestAuthenticateBody,
  ValidatedInvite,
  ValidatedSession,
  ValidateInviteBody,
} from '../../../shared/contract/auth';
import { answers, answersEmpty, ok, okEmpty } from '../responses';
import { signIn, TEST_ISSUER, type SignInIdentity } from '../../services/signIn';
import { loadCoreApplicationContext } from '../../services/coreContext';
import { findOpenInvite } from '../../repositories/invites';
import { OidcExchangeError } from '../../integrations/oidc';
import { invalidRequest, notFound, unauthorized } from '../../errors';

const tags = ['auth'];

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  /** Creates or finds the user, starts a fresh session and answers with their context, all or nothing. */
  async function completeSignIn(
    request: FastifyRequest,
    reply: FastifyReply,
    identity: SignInIdentity,
    inviteCode?: string,
  ) {
    const now = app.clock.now();
    const userId = await app.db.transaction((tx) => signIn(tx, identity, inviteCode, now));
    await app.sessions.issue(request, reply, userId);
    const coreApplicationContext = await app.db.transaction((tx) => loadCoreApplicationContext(tx, userId, now));
    return ok({ coreApplicationContext });
  }

  app.get(
    '/identity-providers',
    {
      config: { public: true, extendsSession: false },
      schema: { tags, operationId: 'listIdentityProviders', response: answers(IdentityProviderList) },
    },
    async () => {
      const oidc = await app.oidc.describe();
      return ok({
        identityProviders: [...oidc, { identityProvider: 'Test' as const, enabled: app.config.enableTestSignIn }],
      });
    },
  );

  app.post(
    '/test-authenticate',
    {
      config: { public: true },
      schema: { tags, operationId: 'testAuthenticate', body: TestAuthenticateBody, response: answers(SignedIn) },
    },
    async (request, reply) => {
      if (!app.config.enableTestSignIn) throw notFound('Test sign-in is not enabled');
      const emailAddress = request.body.emailAddress.trim().toLowerCase();
      const identity = { identityProvider: 'Test' as const, issuer: TEST_ISSUER, subject: emailAddress, emailAddress };
      return completeSignIn(request, reply, identity, request.body.inviteCode);
    },
  );

  app.post(
    '/exchange-token',
    {
      config: { public: true, callsOut: true },
      schema: { tags, operationId: 'exchangeToken', body: ExchangeTokenBody, response: answers(SignedIn) },
    },
    async (request, reply) => {
      const { inviteCode, ...exchange } = request.body;
      let identity: SignInIdentity;
      try {
        identity = await app.oidc.exchange(exchange);
      } catch (error) {
        if (error instanceof OidcExchangeError) {
          request.log.warn(
            { err: error.cause, identityProvider: exchange.identityProvider },
            'sign-in exchange refused',
          );
          throw invalidRequest(error.message);
        }
        throw error;
      }
      return completeSignIn(request, reply, identity, inviteCode);
    },
  );

  app.post(
    '/validate-invite',
    {
      config: { public: true, extendsSession: false },
      schema: { tags, operationId: 'validateInvite', body: ValidateInviteBody, response: answers(ValidatedInvite) },
    },
    async (request) => {
      const invite = await findOpenInvite(app.db, request.body.inviteCode, request.body.emailAddress, app.clock.now());
      if (!invite) throw notFound('This invite is not valid for this e-mail address, or it has expired.');
      return ok({ teamName: invite.teamName });
    },
  );

  app.post(
    '/sign-out',
    {
      config: { public: true, extendsSession: false, blocksScreen: true },
      schema: { tags, operationId: 'signOut', response: answersEmpty },
    },
    async (request, reply) => {
      await app.sessions.end(request, reply);
      // The browser drops cached answers. Not "storage": it would unregister the service worker
      // (docs/service-worker.md); the page clears its own caches and store on sign-out.
      reply.header('clear-site-data', '"cache"');
      return okEmpty();
    },
  );

  app.get(
    '/validate',
    {
      config: { extendsSession: false },
      schema: { tags, operationId: 'validateSession', response: answers(ValidatedSession) },
    },
    async (request, reply) => {
      if (!request.auth) throw unauthorized();
      reply.header('cache-control', 'no-store');
      return ok({ emailAddress: request.auth.emailAddress });
    },
  );
}
