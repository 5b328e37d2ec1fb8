import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { buildTestApp, type TestApp } from '../server/helpers/testApp';
import { ResultCodes } from '../../src/shared/results';
import { arbitraryFor, idPool, withOneMutation, type Pools, type Schema } from './schemaArbitrary';
import { hostilePathSegments, hostileStrings, hostileValue, rawBodies } from './hostileValues';
import { fuzzFixture, teamWithItems, type Team } from './fixture';
import { tableSnapshot } from './tableSnapshot';
import { withRefsInlined } from '../server/helpers/openApiRefs';

/**
 * Fuzzes every operation of the OpenAPI document against a signed-in app: wrong types, missing and
 * extra fields, huge and deep values, NUL and lone surrogates, odd dates, unknown enums, bad ids in
 * paths. No answer may be a 5xx, a refused request (4xx) must leave every table as it was, and the
 * app must still answer /healthz. FUZZ_RUNS sets the requests per operation, FUZZ_SEED replays a run.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  method: string;
  path: string;
  operationId: string;
  parameters: Parameter[];
  body?: Schema;
}
interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      { operationId?: string; parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } }
    >
  >;
}

function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path: route,
      operationId: operation.operationId ?? `${method} ${route}`,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content['application/json']?.schema,
    })),
  );
}

// Jest declares tests before any app runs, so the list comes from the committed copy; a test below
// checks the served document has exactly these operations.
const committed = withRefsInlined(
  JSON.parse(readFileSync(path.join(process.cwd(), 'docs/openapi.json'), 'utf8')) as OpenApiDocument,
);
const operations = operationsOf(committed);

interface FuzzRequest {
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** encodeURIComponent, except for text it cannot encode (a lone surrogate), which goes as invalid UTF-8. */
const encode = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};

function requestFor(operation: Operation, pools: Pools): fc.Arbitrary<FuzzRequest> {
  const segment = (name: string) => {
    const pool = idPool(name, pools) ?? pools.all;
    return fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...pool).map(encode) },
      { weight: 2, arbitrary: fc.constantFrom(...hostilePathSegments) },
      { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 20, unit: 'grapheme' }).map(encode) },
    );
  };
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const hasIdempotencyKey = operation.parameters.some(
    (parameter) => parameter.name.toLowerCase() === 'idempotency-key',
  );

  const url = fc
    .tuple(
      fc.tuple(...pathParameters.map((parameter) => segment(parameter.name))),
      fc.tuple(
        ...queryParameters.map((parameter) =>
          fc.option(
            fc.oneof(
              arbitraryFor(parameter.schema, parameter.name, { pools, hostility: 0 }).map(String),
              fc.constantFrom(...hostileStrings),
            ),
          ),
        ),
      ),
      fc.option(fc.constantFrom('extra=1', 'query=a&query=b', 'q=%00', '%00=1', '__proto__=x')),
    )
    .map(([segments, values, extra]) => {
      let route = operation.path;
      pathParameters.forEach((parameter, index) => (route = route.replace(`{${parameter.name}}`, segments[index]!)));
      const query = queryParameters
        .map((parameter, index) => (values[index] === null ? null : `${parameter.name}=${encode(values[index]!)}`))
        .filter((pair): pair is string => pair !== null);
      if (extra) query.push(extra);
      return query.length > 0 ? `${route}?${query.join('&')}` : route;
    });

  const idempotencyKey = hasIdempotencyKey
    ? fc.option(fc.oneof(fc.uuid(), fc.constantFrom('', ' ', 'x'.repeat(256), 'caf\u00e9', 'a\tb', 'same-key')))
    : fc.constant(null);

  const schemaBody = (hostility: number, mutate = false) => {
    if (!operation.body) return fc.option(hostileValue.map((value) => JSON.stringify(value)));
    const value = arbitraryFor(operation.body, 'body', { pools, hostility });
    return (mutate ? withOneMutation(value) : value).map((body) => JSON.stringify(body));
  };
  const payload =
    operation.method === 'GET'
      ? fc.constant(undefined)
      : fc.oneof(
          { weight: 2, arbitrary: schemaBody(0) },
          { weight: 5, arbitrary: schemaBody(0, true) },
          { weight: 2, arbitrary: schemaBody(1) },
          { weight: 1, arbitrary: fc.constantFrom(...rawBodies) },
        );
  const contentType = fc.constantFrom(
    'application/json',
    'application/json',
    'application/json',
    'application/json; charset=utf-8',
    'text/plain',
  );

  return fc.tuple(url, idempotencyKey, payload, contentType).map(([target, key, body, type]) => ({
    url: target,
    headers: {
      ...(operation.method === 'GET' ? {} : { 'content-type': type }),
      ...(key === null ? {} : { 'idempotency-key': key }),
    },
    payload: body ?? undefined,
  }));
}

const describeRequest = (operation: Operation, request: FuzzRequest) => {
  const payload =
    request.payload === undefined
      ? ''
      : Buffer.isBuffer(request.payload)
        ? request.payload.toString('hex')
        : request.payload.length > 400
          ? `${request.payload.slice(0, 400)}… (${request.payload.length} chars)`
          : request.payload;
  return `${operation.method} ${request.url.slice(0, 300)} ${JSON.stringify(request.headers)} ${payload}`;
};

describe('fuzzing every API operation', () => {
  let t: TestApp;
  let foreign: Team;
  beforeAll(async () => {
    // Rate limits would turn most of these requests into 429s; they are tested on their own.
    t = await buildTestApp({ RATE_LIMIT_ENABLED: 'false' });
    foreign = await teamWithItems(t.app, 'fuzz-foreign@example.com');
    console.info(`fuzz: ${RUNS} runs per operation, seed ${SEED} (FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} replays it)`);
  }, 60_000);
  afterAll(() => t.close(), 60_000);

  it('fuzzes every operation the app serves', async () => {
    const served = operationsOf(
      withRefsInlined((await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json<OpenApiDocument>()),
    );
    const names = (list: Operation[]) => list.map((operation) => `${operation.method} ${operation.path}`).sort();
    expect(names(operations)).toEqual(names(served));
  }, 30_000);

  it.each(operations.map((operation) => [operation.operationId, operation] as const))(
    '%s: no 5xx, nothing stored when refused',
    async (_name, operation) => {
      const name = `fuzz-${operation.operationId.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
      const { owner, pools } = await fuzzFixture(t.app, name, foreign);
      let before = await tableSnapshot(t.app);
      const property = fc.asyncProperty(requestFor(operation, pools), async (request) => {
        const response = await t.app.inject({
          method: operation.method as 'GET',
          url: request.url,
          headers: { ...request.headers, cookie: owner.cookie },
          payload: request.payload,
        });
        const what = () =>
          `${describeRequest(operation, request)}\n→ ${response.statusCode} ${response.body.slice(0, 300)}`;
        if (response.statusCode >= 500) throw new Error(`server error: ${what()}`);
        const after = await tableSnapshot(t.app);
        if (response.statusCode >= 400) {
          const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
          if (changed.length > 0) throw new Error(`refused, but changed ${changed.join(', ')}: ${what()}`);
          if (request.url.startsWith('/v1/') && !(ResultCodes as readonly string[]).includes(response.json().result))
            throw new Error(`not an envelope: ${what()}`);
        }
        before = after;
      });
      await fc.assert(property, { numRuns: RUNS, seed: SEED, endOnFailure: true });
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    },
    Math.max(120_000, RUNS * 3_000), // a long run (npm run test:fuzz -- --long) takes longer per operation
  );

  it('still answers /healthz and signs in after all of it', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await teamWithItems(t.app, 'fuzz-after@example.com');
  }, 30_000);
});
