import { buildTestApp } from './helpers/testApp';
import { appKeyPair } from './helpers/fakeGithub';

// GitHub's documented test vector for X-Hub-Signature-256 (docs: "Validating webhook deliveries").
const secret = "It's a Secret to Everybody";
const payload = 'Hello, World!';
const signature = 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17';

describe('GitHub webhook signatures', () => {
  it('accepts GitHub’s test vector and refuses it with one byte changed', async () => {
    const keys = appKeyPair();
    const t = await buildTestApp({
      GITHUB_APP_ID: '1',
      GITHUB_APP_SLUG: 'baton-vector',
      GITHUB_APP_PRIVATE_KEY: keys.privateKeyPem,
      GITHUB_WEBHOOK_SECRET: secret,
      GITHUB_APP_CLIENT_ID: 'Iv1.v',
      GITHUB_APP_CLIENT_SECRET: 'v',
    });
    try {
      const send = (body: string) =>
        t.app.inject({
          method: 'POST',
          url: '/v1/github/webhook',
          headers: {
            'content-type': 'application/json',
            'x-github-event': 'ping',
            'x-github-delivery': 'vector-1',
            'x-hub-signature-256': signature,
          },
          payload: body,
        });
      // The signature holds, so the delivery gets as far as reading the (non-JSON) payload.
      const verified = await send(payload);
      expect([verified.statusCode, verified.json().message]).toEqual([400, 'The payload is not JSON.']);
      const tampered = await send('Hello, World?');
      expect([tampered.statusCode, tampered.json().result]).toEqual([401, 'Unauthorized']);
    } finally {
      await t.close();
    }
  });
});
