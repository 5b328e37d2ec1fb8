import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { buildTestApp, type TestApp } from '../server/helpers/testApp';
import { appKeyPair } from '../server/helpers/fakeGithub';
import { edgeNumbers, hostileStrings, hostileValue, nested, rawBodies } from './hostileValues';
import { tableSnapshot } from './tableSnapshot';

/**
 * Fuzzes GitHub's webhook with bodies signed with the right secret: a valid signature must not let a
 * body GitHub would never send reach a 5xx. Refusals (4xx) store nothing; FUZZ_RUNS and FUZZ_SEED as
 * in api.test.ts.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 10) * 10;
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const SECRET = 'fuzz-webhook-secret';

const sign = (body: string | Buffer) => `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;

/** A delivery shaped like GitHub's, any field of which may be hostile. */
const githubShaped = fc
  .record(
    {
      action: fc.oneof(fc.constantFrom('opened', 'closed', 'created', 'completed'), hostileValue),
      installation: fc.oneof(
        fc.record({
          id: fc.oneof(
            fc.constantFrom(31, 1e20, 2 ** 53, 0, -1, 1.5, '31', null),
            fc.constantFrom(...edgeNumbers),
            hostileValue,
          ),
        }),
        hostileValue,
      ),
      issue: fc.record({ number: fc.oneof(fc.nat(), hostileValue), title: hostileValue, html_url: hostileValue }),
      pull_request: fc.record({
        html_url: fc.oneof(fc.constantFrom('javascript:alert(1)', 'https://evil.example/pull/1'), hostileValue),
        body: fc.constantFrom(...hostileStrings),
        head: fc.record({ ref: hostileValue }),
      }),
      repository: fc.record({ full_name: hostileValue }),
      deep: fc.constantFrom(nested(10), nested(65), nested(3000)),
    },
    { requiredKeys: [] },
  )
  .map((payload) => JSON.stringify(payload));

const body = fc.oneof(
  { weight: 6, arbitrary: githubShaped },
  { weight: 2, arbitrary: fc.constantFrom(...rawBodies, '{"installation":{"id":1e20}}', '{"installation":null}') },
  { weight: 1, arbitrary: hostileValue.map((value) => JSON.stringify(value) ?? 'null') },
);
const event = fc.constantFrom(
  'issues',
  'issue_comment',
  'pull_request',
  'installation',
  'installation_repositories',
  'workflow_run',
  'ping',
  'Issues!',
  '',
);
const deliveryId = fc.oneof(
  { weight: 8, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.constantFrom('', 'x'.repeat(101), 'a b') },
);

describe('fuzzing the GitHub webhook with signed bodies', () => {
  let t: TestApp;
  beforeAll(async () => {
    const keys = appKeyPair();
    t = await buildTestApp({
      RATE_LIMIT_ENABLED: 'false',
      GITHUB_APP_ID: '1',
      GITHUB_APP_SLUG: 'baton-fuzz',
      GITHUB_APP_PRIVATE_KEY: keys.privateKeyPem,
      GITHUB_WEBHOOK_SECRET: SECRET,
      GITHUB_APP_CLIENT_ID: 'Iv1.f',
      GITHUB_APP_CLIENT_SECRET: 'f',
      GITHUB_API_URL: 'http://127.0.0.1:9', // nothing listens: applying a delivery must not reach out
      GITHUB_TIMEOUT_SECONDS: '1',
    });
    console.info(`webhook fuzz: ${RUNS} deliveries, seed ${SEED}`);
  }, 60_000);
  afterAll(() => t.close(), 60_000);

  it(
    'answers no 5xx and stores nothing when it refuses',
    async () => {
      let before = await tableSnapshot(t.app);
      const property = fc.asyncProperty(body, event, deliveryId, fc.boolean(), async (payload, name, id, signed) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/v1/github/webhook',
          headers: {
            'content-type': 'application/json',
            'x-github-event': name,
            'x-github-delivery': id,
            'x-hub-signature-256': signed ? sign(payload) : sign('something else'),
          },
          payload,
        });
        await t.app.githubQueue.idle();
        const shown = typeof payload === 'string' ? payload.slice(0, 300) : payload.toString('hex').slice(0, 300);
        const what = () => `${name} ${id} ${shown}\n→ ${response.statusCode} ${response.body.slice(0, 300)}`;
        if (response.statusCode >= 500) throw new Error(`server error: ${what()}`);
        if (!signed && response.statusCode !== 401) throw new Error(`unsigned, not refused: ${what()}`);
        const after = await tableSnapshot(t.app);
        if (response.statusCode >= 400) {
          const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
          if (changed.length > 0) throw new Error(`refused, but changed ${changed.join(', ')}: ${what()}`);
        }
        before = after;
      });
      await fc.assert(property, { numRuns: RUNS, seed: SEED, endOnFailure: true });
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    },
    Math.max(120_000, RUNS * 1_000),
  );
});
