import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { rateLimitEnvSchema, rateLimitSettings, type RateLimitSettings } from '../plugins/rateLimitPolicy';
import {
  githubConfig,
  githubEnvSchema,
  githubSetupConfig,
  type GithubConfig,
  type GithubSetupConfig,
} from './githubConfig';

/** AI_PROVIDER values (docs/ai.md). */
export const AiProviders = ['none', 'openai', 'anthropic', 'openai-compatible'] as const;

/** Every environment variable Baton reads, with its rule. Validated once at boot. */
const EnvSchema = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  HOST: Type.String({ minLength: 1, default: 'localhost' }),
  DATA_DIR: Type.String({ minLength: 1, default: './data' }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  DATABASE_POOL_SIZE: Type.Integer({ minimum: 1, maximum: 200, default: 10 }),
  // Calls moving items under way at once; moves that arrive meanwhile go together in the next (repositories/moveBatches.ts).
  DATABASE_MOVE_CALLS: Type.Integer({ minimum: 1, maximum: 200, default: 2 }),
  // Database timeouts, in seconds: a lost or partitioned database gives 503s after these, never a hang.
  DATABASE_CONNECT_TIMEOUT_SECONDS: Type.Number({ exclusiveMinimum: 0, maximum: 600, default: 5 }),
  DATABASE_STATEMENT_TIMEOUT_SECONDS: Type.Number({ exclusiveMinimum: 0, maximum: 3600, default: 15 }),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS: Type.Number({ exclusiveMinimum: 0, maximum: 3600, default: 30 }),
  // The embedded database serves one statement at a time: requests take turns, in arrival order, and one
  // whose wait and turn would together pass EMBEDDED_DATABASE_QUEUE_SECONDS is answered 503.
  EMBEDDED_DATABASE_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 1000, default: 8 }),
  EMBEDDED_DATABASE_QUEUE_SECONDS: Type.Number({ exclusiveMinimum: 0, maximum: 600, default: 5 }),
  // A comment line on every quiet live-event stream, so proxies keep it open; each also re-checks the stream's session.
  LIVE_EVENTS_HEARTBEAT_SECONDS: Type.Number({ exclusiveMinimum: 0, maximum: 300, default: 15 }),
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], {
    default: 'development',
  }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) => Type.Literal(level)),
    { default: 'info' },
  ),
  PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://[^/]+$' })),
  ENABLE_TEST_SIGN_IN: Type.Optional(Type.Boolean()),
  SESSION_IDLE_DAYS: Type.Number({ exclusiveMinimum: 0, default: 14 }),
  SESSION_ABSOLUTE_DAYS: Type.Number({ exclusiveMinimum: 0, default: 60 }),
  GOOGLE_CLIENT_ID: Type.Optional(Type.String({ minLength: 1 })),
  GOOGLE_CLIENT_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  GOOGLE_ISSUER_URL: Type.String({ pattern: '^https?://', default: 'https://accounts.google.com' }),
  MICROSOFT_CLIENT_ID: Type.Optional(Type.String({ minLength: 1 })),
  MICROSOFT_CLIENT_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  MICROSOFT_TENANT_ID: Type.String({ minLength: 1, default: 'common' }),
  MICROSOFT_ISSUER_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  APPLE_CLIENT_ID: Type.Optional(Type.String({ minLength: 1 })),
  APPLE_TEAM_ID: Type.Optional(Type.String({ minLength: 1 })),
  APPLE_KEY_ID: Type.Optional(Type.String({ minLength: 1 })),
  APPLE_PRIVATE_KEY: Type.Optional(Type.String({ minLength: 1 })),
  APPLE_CLIENT_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  APPLE_ISSUER_URL: Type.String({ pattern: '^https?://', default: 'https://appleid.apple.com' }),
  CONTENT_HOSTS: Type.String({ default: '' }),
  CONTENT_BASE_PATH: Type.String({ pattern: '^/[A-Za-z0-9._~/-]*[^/]$', default: '/about' }),
  LEGACY_CONTENT_HOSTS: Type.String({ default: '' }),
  LEGACY_CONTENT_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  AI_PROVIDER: Type.Union(
    AiProviders.map((name) => Type.Literal(name)),
    { default: 'none' },
  ),
  AI_MODEL: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  AI_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  AI_BASE_URL: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  AI_TIMEOUT_SECONDS: Type.Number({ exclusiveMinimum: 0, maximum: 600, default: 60 }),
  STRIPE_SECRET_KEY: Type.Optional(Type.String({ pattern: '^(sk|rk)_(test|live)_\\S+$' })),
  STRIPE_WEBHOOK_SECRET: Type.Optional(Type.String({ pattern: '^whsec_\\S+$' })),
  STRIPE_API_BASE: Type.Optional(Type.String({ pattern: '^https?://[^/]+$' })),
  TRUST_PROXY_HOPS: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })),
  MCP_CLIENT_METADATA_DOCUMENTS: Type.Boolean({ default: false }),
  RATE_LIMIT_ENABLED: Type.Boolean({ default: true }),
  ...rateLimitEnvSchema,
  ...githubEnvSchema,
});
type Env = Static<typeof EnvSchema>;

export interface OidcClientConfig {
  clientId: string;
  clientSecret?: string;
  issuerUrl: string;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Where the Stripe API is reached; only tests point it elsewhere. */
  apiBase?: { protocol: 'http' | 'https'; host: string; port: number };
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  databasePoolSize: number;
  /** Calls moving items under way at once (repositories/moveBatches.ts). */
  databaseMoveCalls: number;
  /** How long to wait for a PostgreSQL connection, a statement, and a transaction left idle (src/server/db/postgresPool.ts). */
  databaseTimeouts: DatabaseTimeouts;
  /** On the embedded database: requests served at once, and the bound on a request's wait and turn together (past it, a 503). */
  embeddedDatabaseTurns: { concurrency: number; budgetMs: number };
  /** Between heartbeats of a live-event stream (routes/events.ts). */
  liveEventsHeartbeatMs: number;
  nodeEnv: Env['NODE_ENV'];
  logLevel: string;
  publicUrl: string;
  /** Cookies are Secure unless Baton is served from http://localhost. */
  secureCookies: boolean;
  enableTestSignIn: boolean;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  google?: OidcClientConfig;
  microsoft?: OidcClientConfig & { tenantId: string };
  apple?: OidcClientConfig & { teamId?: string; keyId?: string; privateKey?: string };
  contentHosts: string[];
  contentBasePath: string;
  legacyContentHosts: string[];
  legacyContentUrl?: string;
  /** Who takes payment: nobody (plan changes apply at once) unless Stripe is configured. */
  paymentProvider: 'none' | 'stripe';
  stripe?: StripeConfig;
  ai: AiConfig;
  /** The GitHub App items are handed through; null when not configured (the hand-off is then off). */
  github: GithubConfig | null;
  /** Creating the GitHub App from Baton (routes/githubSetup.ts); null unless GITHUB_SETUP_TOKEN is set and no app is. */
  githubSetup: GithubSetupConfig | null;
  /** How many proxies in front add to X-Forwarded-For; the client address is the entry the outermost one added. */
  trustProxyHops: number;
  /** Whether MCP clients may name themselves by a Client ID Metadata Document URL, which Baton then fetches (needs outbound HTTPS). */
  mcpClientMetadataDocuments: boolean;
  /** Per-IP and per-user limits (src/server/plugins/rateLimitPolicy.ts). */
  rateLimits: RateLimitSettings;
}

export class ConfigError extends Error {}

export interface DatabaseTimeouts {
  connectMs: number;
  statementMs: number;
  idleInTransactionMs: number;
}

/** Which AI provider writes drafts: none (the built-in drafter, docs/ai.md) or one reached through the AI SDK. */
export type AiConfig =
  | { provider: 'none' }
  | {
      provider: Exclude<(typeof AiProviders)[number], 'none'>;
      model: string;
      apiKey?: string;
      baseUrl?: string;
      timeoutMs: number;
    };

/** AI_* variables: a provider needs its model (and key, or a base URL for a compatible server); none needs nothing. */
function aiConfig(env: Env): AiConfig {
  const fail = (variable: string, why: string) => new ConfigError(`Invalid environment variable ${variable}: ${why}`);
  if (env.AI_PROVIDER === 'none') {
    for (const variable of ['AI_MODEL', 'AI_API_KEY', 'AI_BASE_URL'] as const) {
      if (env[variable])
        throw fail(
          'AI_PROVIDER',
          `${variable} is set but AI_PROVIDER is none; set AI_PROVIDER to openai, anthropic or openai-compatible`,
        );
    }
    return { provider: 'none' };
  }
  if (!env.AI_MODEL) throw fail('AI_MODEL', `required when AI_PROVIDER is ${env.AI_PROVIDER}`);
  if (env.AI_PROVIDER === 'openai-compatible' && !env.AI_BASE_URL) {
    throw fail(
      'AI_BASE_URL',
      'required when AI_PROVIDER is openai-compatible (e.g. http://localhost:11434/v1 for Ollama)',
    );
  }
  if (env.AI_PROVIDER !== 'openai-compatible' && !env.AI_API_KEY) {
    throw fail('AI_API_KEY', `required when AI_PROVIDER is ${env.AI_PROVIDER}`);
  }
  return {
    provider: env.AI_PROVIDER,
    model: env.AI_MODEL,
    apiKey: env.AI_API_KEY,
    baseUrl: env.AI_BASE_URL?.replace(/\/+$/, ''),
    timeoutMs: Math.round(env.AI_TIMEOUT_SECONDS * 1000),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const list = (value: string) =>
  value
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);

/** Reads and checks the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const known = Object.keys(EnvSchema.properties);
  const raw: Record<string, unknown> = {};
  for (const key of known) {
    const value = environment[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const converted = Value.Default(EnvSchema, Value.Convert(EnvSchema, raw));
  const firstError = Value.Errors(EnvSchema, converted).First();
  if (firstError) {
    const variable = firstError.path.replace(/^\//, '') || 'environment';
    throw new ConfigError(
      `Invalid environment variable ${variable}: ${firstError.message} (got "${String(raw[variable] ?? '')}")`,
    );
  }
  const env = converted as Env;

  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const parsed = new URL(publicUrl);
  const isLocalHttp = parsed.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname);
  if (parsed.protocol === 'http:' && !isLocalHttp) {
    throw new ConfigError('Invalid environment variable PUBLIC_URL: must use https unless it is http://localhost');
  }
  if (env.SESSION_ABSOLUTE_DAYS < env.SESSION_IDLE_DAYS) {
    throw new ConfigError(
      'Invalid environment variable SESSION_ABSOLUTE_DAYS: must not be shorter than SESSION_IDLE_DAYS',
    );
  }
  const pair = (id: string | undefined, idName: string, secret: string | undefined, secretName: string) => {
    if (secret && !id)
      throw new ConfigError(`Invalid environment variable ${idName}: required when ${secretName} is set`);
    return id;
  };

  const googleId = pair(env.GOOGLE_CLIENT_ID, 'GOOGLE_CLIENT_ID', env.GOOGLE_CLIENT_SECRET, 'GOOGLE_CLIENT_SECRET');
  const microsoftId = pair(
    env.MICROSOFT_CLIENT_ID,
    'MICROSOFT_CLIENT_ID',
    env.MICROSOFT_CLIENT_SECRET,
    'MICROSOFT_CLIENT_SECRET',
  );
  const appleId = pair(env.APPLE_CLIENT_ID, 'APPLE_CLIENT_ID', env.APPLE_CLIENT_SECRET, 'APPLE_CLIENT_SECRET');
  if (appleId && !env.APPLE_CLIENT_SECRET && !(env.APPLE_TEAM_ID && env.APPLE_KEY_ID && env.APPLE_PRIVATE_KEY)) {
    throw new ConfigError(
      'Invalid environment variable APPLE_PRIVATE_KEY: Apple sign-in needs APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY (or APPLE_CLIENT_SECRET)',
    );
  }

  const stripeKey = pair(
    env.STRIPE_SECRET_KEY,
    'STRIPE_SECRET_KEY',
    env.STRIPE_WEBHOOK_SECRET,
    'STRIPE_WEBHOOK_SECRET',
  );
  if (stripeKey && !env.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid environment variable STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set (the signing secret of the webhook endpoint)',
    );
  }
  const stripeApi = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : undefined;

  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    databaseMoveCalls: env.DATABASE_MOVE_CALLS,
    databaseTimeouts: {
      connectMs: Math.round(env.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000),
      statementMs: Math.round(env.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000),
      idleInTransactionMs: Math.round(env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS * 1000),
    },
    embeddedDatabaseTurns: {
      concurrency: env.EMBEDDED_DATABASE_CONCURRENCY,
      budgetMs: Math.round(env.EMBEDDED_DATABASE_QUEUE_SECONDS * 1000),
    },
    liveEventsHeartbeatMs: Math.round(env.LIVE_EVENTS_HEARTBEAT_SECONDS * 1000),
    nodeEnv: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    publicUrl: parsed.origin,
    secureCookies: !isLocalHttp,
    enableTestSignIn: env.ENABLE_TEST_SIGN_IN ?? env.NODE_ENV !== 'production',
    sessionIdleMs: env.SESSION_IDLE_DAYS * DAY_MS,
    sessionAbsoluteMs: env.SESSION_ABSOLUTE_DAYS * DAY_MS,
    google: googleId
      ? { clientId: googleId, clientSecret: env.GOOGLE_CLIENT_SECRET, issuerUrl: env.GOOGLE_ISSUER_URL }
      : undefined,
    microsoft: microsoftId
      ? {
          clientId: microsoftId,
          clientSecret: env.MICROSOFT_CLIENT_SECRET,
          tenantId: env.MICROSOFT_TENANT_ID,
          issuerUrl: env.MICROSOFT_ISSUER_URL ?? `https://login.microsoftonline.com/${env.MICROSOFT_TENANT_ID}/v2.0`,
        }
      : undefined,
    apple: appleId
      ? {
          clientId: appleId,
          clientSecret: env.APPLE_CLIENT_SECRET,
          issuerUrl: env.APPLE_ISSUER_URL,
          teamId: env.APPLE_TEAM_ID,
          keyId: env.APPLE_KEY_ID,
          privateKey: env.APPLE_PRIVATE_KEY,
        }
      : undefined,
    contentHosts: list(env.CONTENT_HOSTS),
    contentBasePath: env.CONTENT_BASE_PATH,
    legacyContentHosts: list(env.LEGACY_CONTENT_HOSTS),
    legacyContentUrl: env.LEGACY_CONTENT_URL,
    paymentProvider: stripeKey ? 'stripe' : 'none',
    ai: aiConfig(env),
    github: githubConfig(env, (variable, why) => new ConfigError(`Invalid environment variable ${variable}: ${why}`)),
    githubSetup: githubSetupConfig(env),
    stripe:
      stripeKey && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: stripeKey,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiBase: stripeApi && {
              protocol: stripeApi.protocol === 'http:' ? 'http' : 'https',
              host: stripeApi.hostname,
              port: Number(stripeApi.port || (stripeApi.protocol === 'http:' ? 80 : 443)),
            },
          }
        : undefined,
    // https means a TLS proxy in front (Baton serves http); trusting a fixed number of hops, not all, keeps
    // a client's own X-Forwarded-For entries from choosing its address (and its rate-limit count).
    trustProxyHops: env.TRUST_PROXY_HOPS ?? (isLocalHttp ? 0 : 1),
    mcpClientMetadataDocuments: env.MCP_CLIENT_METADATA_DOCUMENTS,
    rateLimits: rateLimitSettings(env.RATE_LIMIT_ENABLED, env),
  };
}
