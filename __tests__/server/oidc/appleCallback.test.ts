import Fastify, { type FastifyInstance } from 'fastify';
import appleCallback from '../../../src/server/routes/auth/appleCallback';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await app.register(appleCallback);
  // A sibling route outside the plugin: the form parser must not reach it.
  app.post('/elsewhere', async () => ({ ok: true }));
  await app.ready();
});

afterAll(() => app.close());

const postForm = (url: string, form: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

describe('POST /auth/apple (Apple form_post callback)', () => {
  test('redirects the code and state to the single-page app with 303', async () => {
    const response = await postForm('/auth/apple', {
      code: 'c0de.with+odd/chars',
      state: 'st&te',
      user: '{"name":{"firstName":"A"}}',
    });
    expect(response.statusCode).toBe(303);
    const location = new URL(response.headers.location as string, 'https://baton.test');
    expect(location.pathname).toBe('/auth/apple');
    expect(Object.fromEntries(location.searchParams)).toEqual({ code: 'c0de.with+odd/chars', state: 'st&te' });
  });

  test('passes an error on instead of a code', async () => {
    const response = await postForm('/auth/apple', { error: 'user_cancelled_authorize', state: 'abc' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/auth/apple?error=user_cancelled_authorize&state=abc');
  });

  test('a post without code or error becomes error=invalid_request', async () => {
    const response = await postForm('/auth/apple', { state: 'abc' });
    expect(response.headers.location).toBe('/auth/apple?error=invalid_request&state=abc');
  });

  test('the form parser is scoped to the plugin', async () => {
    const response = await postForm('/elsewhere', { a: 'b' });
    expect(response.statusCode).toBe(415);
  });
});
