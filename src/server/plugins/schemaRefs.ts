import { isDeepStrictEqual } from 'node:util';

/** A JSON Schema node as the contract writes it (TypeBox's symbol keys are not part of it). */
type SchemaNode = Record<string, unknown>;
/** Each contract schema with an `$id`, by that `$id`, as written (self-contained). */
export type NamedSchemas = ReadonlyMap<string, SchemaNode>;

const isNode = (value: unknown): value is SchemaNode => typeof value === 'object' && value !== null;
const idOf = (node: SchemaNode) => (typeof node.$id === 'string' ? node.$id : undefined);
/** The schema as JSON: TypeBox's symbols (Kind, Optional) dropped, key order ignored by the comparison. */
const asJson = (node: SchemaNode): unknown => JSON.parse(JSON.stringify(node));

/** Schema objects already found equal to the named schema of their `$id`. */
const checked = new WeakSet<object>();

/** Throws unless `node` is the schema registered under `id` (the same object, or a copy of it). */
function assertSameAsNamed(id: string, node: SchemaNode, named: NamedSchemas, where: string) {
  const registered = named.get(id);
  if (!registered) throw new Error(`${where}: schema $id "${id}" is not one of the contract's named schemas`);
  if (registered === node || checked.has(node)) return;
  if (!isDeepStrictEqual(asJson(registered), asJson(node)))
    throw new Error(`${where}: two different schemas carry the $id "${id}"`);
  checked.add(node);
}

/**
 * Every schema with an `$id` among `values` (a module's exports: anything) and nested in them, by
 * `$id`. Two different schemas under one `$id` throw: Ajv and the OpenAPI document would each keep one.
 */
export function collectNamedSchemas(values: Iterable<unknown>): NamedSchemas {
  const named = new Map<string, SchemaNode>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!isNode(value)) return;
    const id = idOf(value);
    if (id !== undefined) {
      if (named.has(id)) return assertSameAsNamed(id, value, named, 'contract');
      named.set(id, value);
    }
    Object.values(value).forEach(visit);
  };
  for (const value of values) visit(value);
  return named;
}

/**
 * A copy of `schema` in which every named subschema is a `$ref` to its `$id`; the root too unless
 * `keepRoot` (a named schema's own registered form keeps its `$id` and refers to the others).
 */
export function referToNamed(schema: unknown, named: NamedSchemas, where: string, keepRoot = false): unknown {
  if (Array.isArray(schema)) return schema.map((child) => referToNamed(child, named, where));
  if (!isNode(schema)) return schema;
  const id = idOf(schema);
  if (id !== undefined && !keepRoot) {
    assertSameAsNamed(id, schema, named, where);
    return { $ref: id };
  }
  return Object.fromEntries(Object.entries(schema).map(([key, child]) => [key, referToNamed(child, named, where)]));
}
