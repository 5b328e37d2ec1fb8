import { Type, type TOptional, type TString } from '@sinclair/typebox';

/**
 * Baton's rate limits, all in one table. Each named limit counts hits per caller in a fixed window,
 * in the database, so every instance shares the count.
 *
 * - `per: 'ip'` limits count by client address (`request.ip`, an IPv6 address by its /64) before the
 *   body is read; they apply to the routes listed in `routes` (method and full path).
 * - `per: 'user'` limits count by signed-in user. `writes` applies to every non-GET /v1 call with a
 *   session, `reads` instead to those declared `config: { readOnly: true }`; a route with another user limit (say `agentActions`) names it in `routes` and is counted
 *   against that limit instead of `writes` (@fastify/rate-limit runs one limit per request).
 *
 * Adding a limit: add a row here (its `env` variable is read and validated by config.ts, as
 * `<max>/<window seconds>`), document it in docs/operations.md and the README.
 */
export const rateLimitPolicy = {
  /** Sign-in: the Test provider, the OIDC code exchange and Apple's form_post callback. */
  signIn: {
    per: 'ip',
    max: 30,
    windowSeconds: 60,
    env: 'RATE_LIMIT_SIGN_IN',
    routes: ['POST /v1/auth/test-authenticate', 'POST /v1/auth/exchange-token', 'POST /auth/apple'],
  },
  /** Invite-code checks before sign-in: bounds guessing from one address. */
  inviteValidation: {
    per: 'ip',
    max: 30,
    windowSeconds: 600,
    env: 'RATE_LIMIT_INVITE_VALIDATION',
    routes: ['POST /v1/auth/validate-invite'],
  },
  /** Minting tokens: the terminal hand-off's item token, personal MCP tokens and OAuth consent answers. */
  token: {
    per: 'ip',
    max: 60,
    windowSeconds: 60,
    env: 'RATE_LIMIT_TOKEN',
    routes: ['POST /v1/mcp/auth/:id/token', 'POST /v1/teams/active/mcp/tokens', 'POST /v1/oauth2/consent'],
  },
  /** The OAuth authorization server (authorize, token, register, revoke): bounds registration floods and code guessing. */
  oauth: {
    per: 'ip',
    max: 120,
    windowSeconds: 60,
    env: 'RATE_LIMIT_OAUTH',
    routes: ['GET /oauth/*', 'POST /oauth/*'],
  },
  /** MCP requests (each tool call is one): generous for an agent at work, bounded for a runaway loop. */
  mcp: {
    per: 'ip',
    max: 600,
    windowSeconds: 60,
    env: 'RATE_LIMIT_MCP',
    routes: ['GET /mcp/token', 'POST /mcp/token', 'DELETE /mcp/token', 'GET /mcp', 'POST /mcp', 'DELETE /mcp'],
  },
  /** The public benchmark assessment (no sign-in): bounds scripted scoring from one address. */
  assessment: {
    per: 'ip',
    max: 30,
    windowSeconds: 60,
    env: 'RATE_LIMIT_ASSESSMENT',
    routes: ['POST /v1/benchmark/assessment'],
  },
  /** Every call that changes data (any non-GET /v1 call with a session that is not read-only). */
  writes: { per: 'user', max: 1200, windowSeconds: 60, env: 'RATE_LIMIT_WRITES', routes: [] },
  /**
   * Read-only POSTs with a session (the board query): routes declare `config: { readOnly: true }`, so a
   * burst of writes that meets the writes limit does not lock a user out of their own board.
   */
  reads: { per: 'user', max: 3000, windowSeconds: 60, env: 'RATE_LIMIT_READS', routes: [] },
  /** Calls that start agent work (the agent and hand-off routes, to come). */
  agentActions: {
    per: 'user',
    max: 60,
    windowSeconds: 60,
    env: 'RATE_LIMIT_AGENT_ACTIONS',
    routes: ['POST /v1/agent/:contextId/generate'],
  },
} as const satisfies Record<string, RateLimitRule>;

export interface RateLimitRule {
  per: 'ip' | 'user';
  max: number;
  windowSeconds: number;
  /** The environment variable that overrides `max` and `windowSeconds`, as `<max>/<window seconds>`. */
  env: string;
  routes: readonly string[];
}

export type RateLimitName = keyof typeof rateLimitPolicy;
export const rateLimitNames = Object.keys(rateLimitPolicy) as RateLimitName[];

/** What the configuration holds: whether limits apply at all, and each limit's numbers. */
export interface RateLimitSettings {
  enabled: boolean;
  limits: Record<RateLimitName, { max: number; windowSeconds: number }>;
}

/** `<max>/<window seconds>`, both positive integers, e.g. `30/60`. */
export const RATE_LIMIT_VALUE_PATTERN = '^[1-9][0-9]{0,8}/[1-9][0-9]{0,8}$';

type RateLimitEnv = (typeof rateLimitPolicy)[RateLimitName]['env'];

/** The environment variables of the limits, for config.ts's schema. */
export const rateLimitEnvSchema = Object.fromEntries(
  rateLimitNames.map((name) => [
    rateLimitPolicy[name].env,
    Type.Optional(Type.String({ pattern: RATE_LIMIT_VALUE_PATTERN })),
  ]),
) as Record<RateLimitEnv, TOptional<TString>>;

/** The settings from the environment's (already validated) values; limits not named keep their defaults. */
export function rateLimitSettings(enabled: boolean, values: Record<string, unknown>): RateLimitSettings {
  const limits = {} as RateLimitSettings['limits'];
  for (const name of rateLimitNames) {
    const rule: RateLimitRule = rateLimitPolicy[name];
    const value = values[rule.env];
    const [max, windowSeconds] =
      typeof value === 'string' ? value.split('/').map(Number) : [rule.max, rule.windowSeconds];
    limits[name] = { max: max!, windowSeconds: windowSeconds! };
  }
  return { enabled, limits };
}
