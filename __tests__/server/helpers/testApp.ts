import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config/config';
import type { OidcProviders } from '../../../src/server/integrations/oidc';
import type { ClientMetadataFetchForTests } from '../../../src/server/oauth/clientMetadataDocuments';
import { openTestDatabase } from './testDatabase';

/** A clock tests move by hand (session expiry, invite expiry). */
export class TestClock {
  private current = new Date('2026-11-22T09:00:00Z').getTime();
  now = () => new Date(this.current);
  advance(ms: number) {
    this.current += ms;
  }
}

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  /** The database's URL on PostgreSQL (none on PGlite), for a second instance on it. */
  databaseUrl?: string;
  /** Another Baton instance on the same database and clock, `env` added to this one's; closed with this one. */
  anotherInstance(env?: Record<string, string>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/** Builds Baton on a fresh test database; env overrides configuration the way an operator would. */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: { oidc?: OidcProviders; clientMetadataFetchForTests?: ClientMetadataFetchForTests } = {},
): Promise<TestApp> {
  const configWith = (more: Record<string, string>) =>
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env, ...more });
  const database = await openTestDatabase();
  const clock = new TestClock();
  const build = async (config = configWith({})) => {
    const instance = await buildApp({
      config,
      database,
      clock,
      oidc: options.oidc,
      clientMetadataFetchForTests: options.clientMetadataFetchForTests,
      clientDistDir: '/nonexistent-baton-dist',
    });
    await instance.ready();
    return instance;
  };
  const app = await build();
  const others: FastifyInstance[] = [];
  return {
    app,
    clock,
    databaseUrl: database.url,
    anotherInstance: async (more = {}) => {
      const other = await build(configWith(more));
      others.push(other);
      return other;
    },
    close: async () => {
      for (const other of others) await other.close();
      await app.close();
      await database.drop();
    },
  };
}

/** The session cookie from a response, ready to send back as a Cookie header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name.endsWith('baton_session'));
  if (!cookie) throw new Error(`no session cookie in response: ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

/** A JSON call as the browser client makes it. */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method,
    url,
    headers: {
      ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    payload: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

/** Signs in with the Test provider and returns the cookie and the core application context. */
export async function signInAs(app: FastifyInstance, emailAddress: string, inviteCode?: string) {
  const response = await call(app, 'POST', '/v1/auth/test-authenticate', { body: { emailAddress, inviteCode } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return { cookie: sessionCookie(response), context: response.json().data.coreApplicationContext };
}
