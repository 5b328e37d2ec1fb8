import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { buildTestApp, signInAs, type TestApp } from './helpers/testApp';

/** API answers above 1 kB are compressed for a browser that accepts it; small ones are not. */
describe('compression', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await buildTestApp();
    ({ cookie } = await signInAs(t.app, 'compress@example.com'));
  });
  afterAll(() => t.close());

  // The OpenAPI document: a large answer, as the board's is.
  const read = (encoding: string) =>
    t.app.inject({ method: 'GET', url: '/v1/openapi.json', headers: { cookie, 'accept-encoding': encoding } });

  it('sends brotli, or gzip, or the plain answer, each the same JSON', async () => {
    const plain = await read('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await read('br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await read('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });

  it('leaves a small answer as it is', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});
