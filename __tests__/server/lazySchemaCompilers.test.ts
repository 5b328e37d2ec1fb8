import Fastify from 'fastify';
import { lazySchemaCompilers } from '../../src/server/plugins/lazySchemaCompilers';

/** Compiled on first use, the schemas behave as Fastify's own compilers make them. */
describe('route schemas compiled on first use', () => {
  const app = Fastify({
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
    schemaController: { compilersFactory: lazySchemaCompilers },
  });
  const handled: string[] = [];
  app.post(
    '/things',
    {
      schema: {
        headers: {
          type: 'object',
          properties: { 'Idempotency-Key': { type: 'string', minLength: 3 } },
          required: ['Idempotency-Key'],
        },
        querystring: { type: 'object', properties: { tag: { type: 'array', items: { type: 'string' } } } },
        body: { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] },
        response: { 200: { type: 'object', properties: { count: { type: 'integer' }, tags: { type: 'array' } } } },
      },
    },
    async (request) => {
      const { count } = request.body as { count: number };
      return { count, tags: (request.query as { tag?: string[] }).tag ?? [], secret: 'not in the schema' };
    },
  );
  // A route nobody calls is never compiled: a schema that cannot compile does not stop the start.
  app.get(
    '/never',
    { schema: { querystring: { type: 'object', properties: { n: { type: 'no-such-type' } } } } },
    () => {
      handled.push('never');
      return {};
    },
  );
  beforeAll(() => app.ready());
  afterAll(() => app.close());

  const post = (headers: Record<string, string>, body: unknown, query = '') =>
    app.inject({ method: 'POST', url: `/things${query}`, headers, payload: body as object });

  it('validates the body, coerces the query and leaves out what the response schema does not name', async () => {
    const response = await post({ 'idempotency-key': 'abcd' }, { count: 2 }, '?tag=a');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ count: 2, tags: ['a'] });
    const refused = await post({ 'idempotency-key': 'abcd' }, { count: 'two' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('body/count must be integer');
  });

  it('matches header names in any case, as Fastify does', async () => {
    expect((await post({ 'IDEMPOTENCY-KEY': 'abcd' }, { count: 1 })).statusCode).toBe(200);
    const refused = await post({ 'Idempotency-Key': 'ab' }, { count: 1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('headers/idempotency-key must NOT have fewer than 3 characters');
    expect((await post({}, { count: 1 })).json().message).toBe("headers must have required property 'idempotency-key'");
  });

  it('compiles a schema only when its route is called', async () => {
    expect(handled).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/never?n=1' })).statusCode).toBe(500);
    expect(handled).toEqual([]);
  });
});
