import Fastify from 'fastify';
import compress from '@fastify/compress';
import { constants as zlibConstants } from 'node:zlib';
import type { DestinationStream } from 'pino';
import type { Config } from './config/config';
import type { Database } from './db/database';
import databasePlugin, { type Clock } from './plugins/database';
import envelope, { answerFrameworkError } from './plugins/envelope';
import databaseTurns from './plugins/databaseTurns';
import csrf from './plugins/csrf';
import session from './plugins/session';
import rateLimits from './plugins/rateLimit';
import idempotency from './plugins/idempotency';
import openapi from './plugins/openapi';
import namedSchemas from './plugins/namedSchemas';
import securityHeaders from './plugins/securityHeaders';
import { refuseUnstorableDates } from './plugins/storableDates';
import { lazySchemaCompilers } from './plugins/lazySchemaCompilers';
import { jsonLimitsKeyword } from './plugins/jsonLimits';
import { loggerOptions } from './plugins/logRedaction';
import clientSite from './plugins/clientSite';
import healthRoutes from './routes/health';
import authRoutes from './routes/auth';
import appleCallback, { APPLE_CALLBACK_PATH } from './routes/auth/appleCallback';
import userAndTeamRoutes from './routes/userAndTeam';
import accountRoutes from './routes/account';
import billingRoutes, { STRIPE_WEBHOOK_PATH } from './routes/billing';
import projectRoutes from './routes/projects';
import itemRoutes from './routes/items';
import itemLookupRoutes from './routes/items/lookup';
import handoffRoutes from './routes/handoff';
import githubWebhookRoute, { GITHUB_WEBHOOK_PATH } from './routes/github/webhook';
import githubRoutes from './routes/github';
import githubSetupRoutes from './routes/githubSetup';
import mcpEndpoint, { MCP_OAUTH_PATH, MCP_TOKEN_PATH } from './routes/mcp/mcpEndpoint';
import mcpTokenRoutes from './routes/mcp/tokens';
import authorizationEndpoints, { OAUTH_ROUTE } from './routes/oauth/authorizationEndpoints';
import consentRoutes from './routes/oauth/consent';
import eventRoutes from './routes/events';
import liveStreams from './plugins/liveStreams';
import { createTeamEventHub, type TeamEventHub } from './services/teamEvents/teamEventHub';
import { createAuthorizationServer } from './oauth/authorizationServer';
import type { ClientMetadataFetchForTests } from './oauth/clientMetadataDocuments';
import { deleteExpiredOAuthModels } from './repositories/oauthModels';
import type Provider from 'oidc-provider';
import contextItemRoutes from './routes/contextItems';
import commentRoutes from './routes/comments';
import agentRoutes from './routes/agent';
import benchmarkRoutes, { ASSESSMENT_PATH } from './routes/benchmark';
import { createAgentGenerator } from './ai/providers';
import type { AgentGenerator } from './ai/port';
import { createOidcProviders, type OidcProviders } from './integrations/oidc';
import { createPaymentProvider, type PaymentProvider } from './integrations/billing';
import { createGithubClient } from './integrations/github/githubClient';
import type { GithubSetup } from './services/github';
import { createGithubQueue, type GithubQueue } from './services/githubQueue';
import { createMoveBatches, MOVES_PER_CALL, SLOW_MOVE_CALL_MS, type MoveBatches } from './repositories/moveBatches';
import { movesInOneCall } from './repositories/moveCall';
import { cursorSummoner } from './services/handoff/openIssue';
import type { ErrorEnvelope } from '../shared/contract/common';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    oidc: OidcProviders;
    payments: PaymentProvider;
    agentGenerator: AgentGenerator;
    /** Baton's GitHub App, or null when GITHUB_* is not configured. */
    github: GithubSetup | null;
    /** Applies stored GitHub webhook deliveries after they were acknowledged. */
    githubQueue: GithubQueue;
    /** The OAuth 2.1 authorization server MCP clients sign in through. */
    oauth: Provider;
    /** Tells every open board of a team what changed, across instances. */
    teamEvents: TeamEventHub;
    /** Moves items, several in one call when they arrive together. */
    moves: MoveBatches;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  oidc?: OidcProviders;
  /** Where log lines go (stdout by default); tests capture them. */
  logStream?: DestinationStream;
  /** Where the built client lives; tests point it at a folder of their own. */
  clientDistDir?: string;
  /** Writes agent drafts; by default the one AI_PROVIDER names (tests pass a mock model). */
  agentGenerator?: AgentGenerator;
  /** Tests only: fakes on 127.0.0.1 the Client ID Metadata Document fetcher may reach. */
  clientMetadataFetchForTests?: ClientMetadataFetchForTests;
}

/** Builds the whole Baton server; `server.ts` only listens, tests `inject`. */
export async function buildApp(options: AppOptions) {
  const { config } = options;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    // A fixed number of proxies, not all: a client's own X-Forwarded-For entries must not choose its address.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
    ajv: {
      customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false },
      onCreate: refuseUnstorableDates,
      plugins: [jsonLimitsKeyword],
    },
    schemaController: { compilersFactory: lazySchemaCompilers },
  });

  app.decorate('config', config);
  app.decorate('oidc', options.oidc ?? createOidcProviders(config, { log: app.log }));
  app.decorate('payments', await createPaymentProvider(config));
  app.decorate('agentGenerator', options.agentGenerator ?? createAgentGenerator(config.ai));
  app.decorate('github', config.github ? { config: config.github, client: createGithubClient(config.github) } : null);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(databasePlugin, { database: options.database, clock: options.clock ?? { now: () => new Date() } });
  app.decorate(
    'githubQueue',
    createGithubQueue(
      app.db,
      app.clock,
      app.log,
      app.github
        ? {
            lookups: app.github.client,
            webUrl: app.github.config.webUrl,
            staleAfterMs: app.github.config.staleAfterMs,
            summonCursor: cursorSummoner(app.db, app.github, app.clock),
          }
        : null,
    ),
  );
  // Deliveries stored before a restart are applied once Baton is up; shutdown waits for the one in hand.
  app.addHook('onReady', async () => {
    if (app.github) app.githubQueue.kick();
  });
  app.addHook('onClose', async () => app.githubQueue.close());
  app.decorate('teamEvents', createTeamEventHub(options.database, app.log));
  app.decorate(
    'moves',
    createMoveBatches((calls) => movesInOneCall(app.db, calls), {
      calls: config.databaseMoveCalls,
      movesPerCall: MOVES_PER_CALL,
      slowCallMs: SLOW_MOVE_CALL_MS,
    }),
  );
  app.addHook('onClose', async () => app.teamEvents.close());
  app.decorate(
    'oauth',
    await createAuthorizationServer({
      db: app.db,
      publicUrl: config.publicUrl,
      behindProxy: config.trustProxyHops > 0,
      clientMetadataDocuments: {
        enabled: config.mcpClientMetadataDocuments,
        testOnly: options.clientMetadataFetchForTests,
      },
    }),
  );
  // Expired OAuth codes, tokens, interactions and sessions are deleted every 10 minutes.
  const oauthSweep = setInterval(() => {
    deleteExpiredOAuthModels(app.db, app.clock.now()).catch((error: unknown) =>
      app.log.warn({ err: error }, 'OAuth clean-up failed'),
    );
  }, 10 * 60_000).unref();
  app.addHook('onClose', async () => clearInterval(oauthSweep));
  await app.register(envelope);
  await app.register(databaseTurns, config.embeddedDatabaseTurns);
  // API answers above 1 kB go out compressed (brotli at a fast level, else gzip); streams that hijack
  // the reply (the events stream, MCP, OAuth) and precompressed files are left as they are.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(securityHeaders, { secure: config.secureCookies });
  // Stripe's webhook is not a browser call: its signature, checked in the route, stands in for CSRF;
  // Apple's callback is a cross-site form post by design that only redirects; MCP calls carry a bearer token;
  // OAuth's endpoints take form posts from MCP clients, protected by PKCE, client authentication and the provider's cookies.
  // The public assessment reads no session and stores nothing; the content site may call it from its own host.
  await app.register(csrf, {
    publicUrl: config.publicUrl,
    exemptRoutes: [
      STRIPE_WEBHOOK_PATH,
      APPLE_CALLBACK_PATH,
      GITHUB_WEBHOOK_PATH,
      MCP_TOKEN_PATH,
      MCP_OAUTH_PATH,
      OAUTH_ROUTE,
      ASSESSMENT_PATH,
    ],
  });
  await app.register(session, {
    secure: config.secureCookies,
    idleMs: config.sessionIdleMs,
    absoluteMs: config.sessionAbsoluteMs,
  });
  await app.register(rateLimits, { settings: config.rateLimits });
  await app.register(idempotency);
  await app.register(liveStreams);
  await app.register(namedSchemas);
  await app.register(openapi);
  await app.register(clientSite, { config, distDir: options.clientDistDir });

  await app.register(healthRoutes);
  await app.register(appleCallback);
  await app.register(authRoutes, { prefix: '/v1/auth' });
  await app.register(userAndTeamRoutes, { prefix: '/v1' });
  await app.register(accountRoutes, { prefix: '/v1/accounts' });
  await app.register(billingRoutes, { prefix: '/v1/billing' });
  await app.register(projectRoutes, { prefix: '/v1/teams/active' });
  await app.register(itemRoutes, { prefix: '/v1/teams/active' });
  await app.register(itemLookupRoutes, { prefix: '/v1/teams/active' });
  await app.register(contextItemRoutes, { prefix: '/v1/teams/active' });
  await app.register(commentRoutes, { prefix: '/v1/teams/active' });
  await app.register(githubRoutes, { prefix: '/v1/teams/active' });
  await app.register(handoffRoutes, { prefix: '/v1/teams/active' });
  await app.register(githubWebhookRoute, { prefix: '/v1/github' });
  await app.register(githubSetupRoutes);
  await app.register(agentRoutes, { prefix: '/v1' });
  await app.register(mcpTokenRoutes, { prefix: '/v1' });
  await app.register(mcpEndpoint);
  await app.register(authorizationEndpoints);
  await app.register(consentRoutes, { prefix: '/v1' });
  await app.register(eventRoutes, { prefix: '/v1/teams/active' });
  await app.register(benchmarkRoutes, { prefix: '/v1' });

  // Unknown API paths answer the envelope; any other page load gets the single-page app.
  app.setNotFoundHandler((request, reply) => {
    const isPageLoad = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/v1/');
    if (isPageLoad) return app.sendClientPage(reply);
    const body: ErrorEnvelope = {
      result: 'NotFound',
      message: `No route for ${request.method} ${request.url.split('?')[0]}`,
    };
    return reply.status(404).send(body);
  });

  return app;
}
