import { createHmac } from 'node:crypto';
import { githubDeliveries } from '../../src/server/db/schema';
import { buildTestApp, type TestApp } from './helpers/testApp';
import { appKeyPair } from './helpers/fakeGithub';

const SECRET = 'webhook-input-secret';
const sign = (body: string) => `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;

/** Signed bodies GitHub would never send, each refused with 400 before anything is stored. */
const hostileBodies: [string, string, RegExp][] = [
  ['null', 'null', /must be a JSON object/],
  ['an array', '[]', /must be a JSON object/],
  ['a string', '"text"', /must be a JSON object/],
  ['5,000-deep arrays', `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`, /nested deeper than 64 levels/],
  ['3,000-deep objects', `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`, /nested deeper than 64 levels/],
  ['a NUL', '{"action":"opened","issue":{"title":"a\\u0000b"}}', /payload\.issue\.title contains a NUL character/],
  ['a lone surrogate in a value', '{"action":"x\\udc00"}', /lone surrogate/],
  ['a lone surrogate in a key', '{"\\ud800":1}', /lone surrogate/],
  ['installation id 1e20', '{"installation":{"id":1e20}}', /installation\.id must be a positive integer/],
  ['installation id 1.5', '{"installation":{"id":1.5}}', /installation\.id/],
  ['installation id -1', '{"installation":{"id":-1}}', /installation\.id/],
  ['installation id as text', '{"installation":{"id":"31"}}', /installation\.id/],
  ['installation a number', '{"installation":31}', /installation\.id/],
];

describe('GitHub webhook: signed bodies it cannot store', () => {
  let t: TestApp;
  beforeAll(async () => {
    const keys = appKeyPair();
    t = await buildTestApp({
      GITHUB_APP_ID: '1',
      GITHUB_APP_SLUG: 'baton-input',
      GITHUB_APP_PRIVATE_KEY: keys.privateKeyPem,
      GITHUB_WEBHOOK_SECRET: SECRET,
      GITHUB_APP_CLIENT_ID: 'Iv1.i',
      GITHUB_APP_CLIENT_SECRET: 'i',
    });
  });
  afterAll(() => t.close());

  const deliver = (body: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/github/webhook',
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'issues',
        'x-github-delivery': `d-${Math.random()}`,
        'x-hub-signature-256': sign(body),
        ...headers,
      },
      payload: body,
    });
  const stored = async () => (await t.app.db.select().from(githubDeliveries)).length;

  it.each(hostileBodies)('answers 400 to %s and stores nothing', async (_what, body, message) => {
    const response = await deliver(body);
    expect([response.statusCode, response.json().result]).toEqual([400, 'InvalidRequest']);
    expect(response.json().message).toMatch(message);
    expect(await stored()).toBe(0);
  });

  it('answers 400 to a delivery id or event name that is not one', async () => {
    const odd: Record<string, string>[] = [
      { 'x-github-delivery': 'd'.repeat(101) },
      { 'x-github-delivery': 'two words' },
      { 'x-github-event': 'Issues!' },
    ];
    for (const headers of odd) {
      const response = await deliver('{"action":"opened"}', headers);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^X-GitHub-(Delivery|Event) is not/);
    }
    expect(await stored()).toBe(0);
  });

  it('stores a well-formed delivery with its installation id, and one without', async () => {
    const deep = JSON.stringify({
      installation: { id: 2 ** 40 },
      nested: JSON.parse(`${'['.repeat(60)}${']'.repeat(60)}`),
    });
    expect((await deliver(deep, { 'x-github-delivery': 'ok-1' })).statusCode).toBe(200);
    expect(
      (await deliver('{"zen":"Keep it logically awesome."}', { 'x-github-delivery': 'ok-2', 'x-github-event': 'ping' }))
        .statusCode,
    ).toBe(200);
    const rows = await t.app.db.select().from(githubDeliveries);
    expect(rows.map((row) => [row.deliveryId, row.installationId]).sort()).toEqual([
      ['ok-1', 2 ** 40],
      ['ok-2', null],
    ]);
  });
});
