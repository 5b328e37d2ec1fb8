import { hkdfSync } from 'node:crypto';
import { Type, type Static } from '@sinclair/typebox';
import { GITHUB_APP_SETTINGS } from '../../shared/githubSettings';

/** GITHUB_* variables (docs/handoff.md): the GitHub App Baton hands items through. */
export const githubEnvSchema = {
  GITHUB_APP_ID: Type.Optional(Type.String({ pattern: '^[0-9]+$' })),
  GITHUB_APP_SLUG: Type.Optional(Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,99}$' })),
  GITHUB_APP_PRIVATE_KEY: Type.Optional(Type.String({ minLength: 1 })),
  GITHUB_WEBHOOK_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  GITHUB_APP_CLIENT_ID: Type.Optional(Type.String({ minLength: 1 })),
  GITHUB_APP_CLIENT_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  GITHUB_API_URL: Type.String({ pattern: '^https?://[^\\s]+$', default: 'https://api.github.com' }),
  GITHUB_WEB_URL: Type.String({ pattern: '^https?://[^\\s]+$', default: 'https://github.com' }),
  GITHUB_TIMEOUT_SECONDS: Type.Number({ exclusiveMinimum: 0, maximum: 120, default: 10 }),
  /** Hours without a sign of the agent after which a hand-off shows as stale. */
  GITHUB_HANDOFF_STALE_HOURS: Type.Number({ exclusiveMinimum: 0, maximum: 24 * 90, default: 24 }),
  /** 32 bytes, base64: encrypts users' GitHub tokens at rest. Derived from the app's key when unset. */
  GITHUB_TOKEN_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /** The operator's password for creating the app from Baton (/v1/setup/github), while no app is configured. */
  GITHUB_SETUP_TOKEN: Type.Optional(Type.String({ minLength: 16 })),
};
type GithubEnv = Static<ReturnType<typeof Type.Object<typeof githubEnvSchema>>>;

export interface GithubConfig {
  appId: string;
  slug: string;
  privateKey: string;
  webhookSecret: string;
  /**
   * The app's OAuth client: the install callback's code proves the user may reach the installation,
   * and Copilot and Cursor act through a user's authorization.
   */
  oauth: { clientId: string; clientSecret: string };
  /** Every API call goes here (GitHub Enterprise Server's /api/v3, or a fake in tests). */
  apiUrl: string;
  /** Where people go: the app's install page. */
  webUrl: string;
  /** GitHub Enterprise Server (its API at `<host>/api/v3`): its install page is under /github-apps/. */
  enterpriseServer: boolean;
  /** How long one GitHub API call may take. */
  timeoutMs: number;
  /** How long a hand-off may go without a sign of its agent before it is stale. */
  staleAfterMs: number;
  /** The AES-256 key users' GitHub tokens are stored under. */
  tokenKey: Buffer;
}

/** The variables one GitHub App needs together; any of them alone is a mistake worth refusing at boot. */
const required = GITHUB_APP_SETTINGS;

/**
 * The GitHub App's settings, or null when none is configured (the hand-off is then off, with a clear
 * message). Throws naming the first variable that is missing or malformed.
 */
export function githubConfig(env: GithubEnv, fail: (variable: string, why: string) => Error): GithubConfig | null {
  const given = required.filter((name) => env[name]);
  if (given.length === 0) return null;
  const missing = required.find((name) => !env[name]);
  if (missing) throw fail(missing, `required when ${given[0]} is set: a GitHub App needs ${required.join(', ')}`);
  // A key pasted into a one-line variable keeps its line breaks as "\n".
  const privateKey = env.GITHUB_APP_PRIVATE_KEY!.replace(/\\n/g, '\n').trim();
  if (!/^-----BEGIN (RSA )?PRIVATE KEY-----[\s\S]+-----END (RSA )?PRIVATE KEY-----$/.test(privateKey)) {
    throw fail('GITHUB_APP_PRIVATE_KEY', 'not a PEM private key (the .pem file GitHub gives for the app)');
  }
  let tokenKey: Buffer;
  if (env.GITHUB_TOKEN_KEY) {
    tokenKey = Buffer.from(env.GITHUB_TOKEN_KEY, 'base64');
    if (tokenKey.length !== 32) throw fail('GITHUB_TOKEN_KEY', 'must be 32 bytes in base64 (openssl rand -base64 32)');
  } else {
    // Without a key of its own, one derived from the app's secrets: replacing them means users authorize again.
    const secret = `${privateKey}\n${env.GITHUB_APP_CLIENT_SECRET!}`;
    tokenKey = Buffer.from(hkdfSync('sha256', secret, 'baton', 'github user tokens', 32));
  }
  return {
    appId: env.GITHUB_APP_ID!,
    slug: env.GITHUB_APP_SLUG!,
    privateKey,
    webhookSecret: env.GITHUB_WEBHOOK_SECRET!,
    oauth: { clientId: env.GITHUB_APP_CLIENT_ID!, clientSecret: env.GITHUB_APP_CLIENT_SECRET! },
    apiUrl: env.GITHUB_API_URL.replace(/\/+$/, ''),
    webUrl: env.GITHUB_WEB_URL.replace(/\/+$/, ''),
    enterpriseServer: /\/api\/v3\/*$/.test(env.GITHUB_API_URL),
    timeoutMs: Math.round(env.GITHUB_TIMEOUT_SECONDS * 1000),
    staleAfterMs: Math.round(env.GITHUB_HANDOFF_STALE_HOURS * 3_600_000),
    tokenKey,
  };
}

/** Creating the app through GitHub's manifest flow (docs/handoff.md): where GitHub is, and the operator's token. */
export interface GithubSetupConfig {
  apiUrl: string;
  webUrl: string;
  timeoutMs: number;
  setupToken: string;
}

/**
 * The manifest flow's settings: only while no app is configured (it hands out a new app's secrets) and
 * only with GITHUB_SETUP_TOKEN set (the page is the operator's, not any visitor's); null otherwise.
 */
export function githubSetupConfig(env: GithubEnv): GithubSetupConfig | null {
  if (!env.GITHUB_SETUP_TOKEN || GITHUB_APP_SETTINGS.some((name) => env[name])) return null;
  return {
    apiUrl: env.GITHUB_API_URL.replace(/\/+$/, ''),
    webUrl: env.GITHUB_WEB_URL.replace(/\/+$/, ''),
    timeoutMs: Math.round(env.GITHUB_TIMEOUT_SECONDS * 1000),
    setupToken: env.GITHUB_SETUP_TOKEN,
  };
}
