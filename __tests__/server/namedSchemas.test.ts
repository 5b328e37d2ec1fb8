import { Type } from '@sinclair/typebox';
import { buildTestApp, call, type TestApp } from './helpers/testApp';
import { refInliner } from './helpers/openApiRefs';
import { namedSchemas } from '../../src/server/plugins/namedSchemas';
import { collectNamedSchemas, referToNamed } from '../../src/server/plugins/schemaRefs';

type Node = Record<string, unknown>;
interface Document {
  paths: Record<string, Record<string, Node>>;
  components: { schemas: Record<string, Node> };
}

/** JSON with sorted keys: two schemas are the same type when these are equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([key, child]) => `${JSON.stringify(key)}:${canonical(child)}`).join(',')}}`;
}

/** Every object below `node` (not `node` itself), with where it is. */
function* descendants(node: unknown, at: string): Generator<[string, Node]> {
  if (node === null || typeof node !== 'object') return;
  for (const [key, child] of Object.entries(node)) {
    if (child === null || typeof child !== 'object') continue;
    if (!Array.isArray(child)) yield [`${at}/${key}`, child as Node];
    yield* descendants(child, `${at}/${key}`);
  }
}

describe('named component schemas', () => {
  let t: TestApp;
  let document: Document;
  beforeAll(async () => {
    t = await buildTestApp();
    document = (await call(t.app, 'GET', '/v1/openapi.json')).json();
  });
  afterAll(() => t.close());

  it('lists every named contract schema once under components.schemas, by its $id', () => {
    const names = Object.keys(document.components.schemas);
    expect(names.sort()).toEqual([...namedSchemas.keys()].sort());
    for (const name of ['Item', 'ProjectContext', 'Project', 'Timeframe', 'MoveRequest', 'SortKeyResponse'])
      expect(names).toContain(name);
    for (const name of ['ErrorEnvelope', 'OkEmpty', 'Comment', 'SentHandoff', 'ActiveTeam', 'ContextItem'])
      expect(names).toContain(name);
  });

  it('has routes refer to the named types, every reference resolving and no $id left', () => {
    const move = document.paths['/v1/teams/active/projects/{projectId}/all/{itemId}/project-context']!.put!;
    expect(move.requestBody).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/MoveRequest' } } },
    });
    expect(move.responses).toMatchObject({
      '200': { content: { 'application/json': { schema: { properties: { data: { $ref: expect.any(String) } } } } } },
      '4XX': { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } },
    });
    for (const [where, node] of descendants(document, '')) {
      expect([where, node.$id]).toEqual([where, undefined]);
      if (typeof node.$ref !== 'string') continue;
      const name = node.$ref.replace('#/components/schemas/', '');
      expect([where, name in document.components.schemas]).toEqual([where, true]);
    }
  });

  it('repeats no named type inline, in a route or inside another named type', () => {
    const inline = refInliner(document.components.schemas);
    const named = new Map(
      Object.entries(document.components.schemas).map(([name, schema]) => [canonical(inline(schema)), name]),
    );
    const copies: string[] = [];
    const look = (node: unknown, at: string) => {
      for (const [where, child] of descendants(node, at)) {
        const name = typeof child.$ref === 'string' ? undefined : named.get(canonical(inline(child)));
        if (name) copies.push(`${where} repeats ${name}`);
      }
    };
    look(document.paths, '#/paths');
    for (const [name, schema] of Object.entries(document.components.schemas))
      look(schema, `#/components/schemas/${name}`);
    expect(copies).toEqual([]);
  });
});

describe('referToNamed', () => {
  const Point = Type.Object({ x: Type.Number() }, { $id: 'Point' });
  const Line = Type.Object({ from: Point, to: Point }, { $id: 'Line' });
  const named = collectNamedSchemas([Line]);

  it('finds nested named schemas and refers to them, keeping the root when asked', () => {
    expect([...named.keys()]).toEqual(['Line', 'Point']);
    expect(referToNamed(Line, named, 'test', true)).toEqual({
      $id: 'Line',
      type: 'object',
      required: ['from', 'to'],
      properties: { from: { $ref: 'Point' }, to: { $ref: 'Point' } },
    });
    expect(referToNamed(Type.Array(Line), named, 'test')).toEqual({ type: 'array', items: { $ref: 'Line' } });
  });

  it('refuses an $id that is not registered, and a different schema under a registered one', () => {
    const Other = Type.Object({ y: Type.Number() }, { $id: 'Other' });
    expect(() => referToNamed(Type.Object({ other: Other }), named, 'GET /x')).toThrow(
      'GET /x: schema $id "Other" is not one of the contract\'s named schemas',
    );
    const FakePoint = Type.Object({ x: Type.String() }, { $id: 'Point' });
    expect(() => referToNamed(Type.Object({ p: FakePoint }), named, 'GET /x')).toThrow(
      'GET /x: two different schemas carry the $id "Point"',
    );
    expect(() => collectNamedSchemas([Line, FakePoint])).toThrow('two different schemas carry the $id "Point"');
  });
});
