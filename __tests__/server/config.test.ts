import { loadConfig } from '../../src/server/config/config';

describe('configuration from the environment', () => {
  it('has working defaults for the embedded install', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      dataDir: './data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      secureCookies: false,
      enableTestSignIn: true,
      contentBasePath: '/about',
      liveEventsHeartbeatMs: 15_000,
    });
    expect(config.google).toBeUndefined();
  });

  it('turns the Test provider off in production unless enabled', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).enableTestSignIn).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ENABLE_TEST_SIGN_IN: 'true' }).enableTestSignIn).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ NODE_ENV: 'prod' }, 'NODE_ENV'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'http://baton.example.com' }, 'PUBLIC_URL'],
    [{ ENABLE_TEST_SIGN_IN: 'maybe' }, 'ENABLE_TEST_SIGN_IN'],
    [{ SESSION_IDLE_DAYS: '0' }, 'SESSION_IDLE_DAYS'],
    [{ CONTENT_BASE_PATH: 'about' }, 'CONTENT_BASE_PATH'],
    [{ GOOGLE_CLIENT_SECRET: 'x' }, 'GOOGLE_CLIENT_ID'],
    [{ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_x' }, 'STRIPE_SECRET_KEY'],
    [{ STRIPE_SECRET_KEY: 'sk_test_abc' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ STRIPE_WEBHOOK_SECRET: 'whsec_x' }, 'STRIPE_SECRET_KEY'],
    [{ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'secret' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ STRIPE_API_BASE: 'localhost:12111' }, 'STRIPE_API_BASE'],
    [{ DATABASE_CONNECT_TIMEOUT_SECONDS: '0' }, 'DATABASE_CONNECT_TIMEOUT_SECONDS'],
    [{ LIVE_EVENTS_HEARTBEAT_SECONDS: '0' }, 'LIVE_EVENTS_HEARTBEAT_SECONDS'],
    [{ DATABASE_STATEMENT_TIMEOUT_SECONDS: 'soon' }, 'DATABASE_STATEMENT_TIMEOUT_SECONDS'],
    [{ DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS: '-1' }, 'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS'],
  ])('names the variable of a bad value: %p', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(`Invalid environment variable ${variable}`);
  });

  it('bounds every database wait: 5 s to connect, 15 s per statement, 30 s idle in a transaction, each settable', () => {
    expect(loadConfig({}).databaseTimeouts).toEqual({
      connectMs: 5_000,
      statementMs: 15_000,
      idleInTransactionMs: 30_000,
    });
    expect(
      loadConfig({
        DATABASE_CONNECT_TIMEOUT_SECONDS: '1.5',
        DATABASE_STATEMENT_TIMEOUT_SECONDS: '60',
        DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS: '120',
      }).databaseTimeouts,
    ).toEqual({ connectMs: 1_500, statementMs: 60_000, idleInTransactionMs: 120_000 });
  });

  it('uses Secure cookies behind https and reads the provider settings', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://baton.example.com',
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 's',
      MICROSOFT_CLIENT_ID: 'm',
      MICROSOFT_TENANT_ID: 'contoso.onmicrosoft.com',
      CONTENT_HOSTS: 'Baton.example.com, www.baton.example.com',
    });
    expect(config.secureCookies).toBe(true);
    expect(config.google).toEqual({ clientId: 'g', clientSecret: 's', issuerUrl: 'https://accounts.google.com' });
    expect(config.microsoft?.issuerUrl).toBe('https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0');
    expect(config.contentHosts).toEqual(['baton.example.com', 'www.baton.example.com']);
  });

  it('takes no payment by default and uses Stripe when its key and signing secret are set', () => {
    expect(loadConfig({})).toMatchObject({ paymentProvider: 'none', stripe: undefined });
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_123',
        STRIPE_WEBHOOK_SECRET: 'whsec_456',
        STRIPE_API_BASE: 'http://127.0.0.1:12111',
      }),
    ).toMatchObject({
      paymentProvider: 'stripe',
      stripe: {
        secretKey: 'sk_test_123',
        webhookSecret: 'whsec_456',
        apiBase: { protocol: 'http', host: '127.0.0.1', port: 12111 },
      },
    });
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'rk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_2' }).stripe?.apiBase,
    ).toBeUndefined();
  });
});
