import fc from 'fast-check';
import { edgeNumbers, hostileStrings, hostileValue, oddDates } from './hostileValues';

/** The part of an OpenAPI 3.0 schema object @fastify/swagger writes for Baton's TypeBox schemas. */
export interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
}

/** Real values the generator draws ids and addresses from, so valid requests reach the handlers. */
export interface Pools {
  projects: string[];
  items: string[];
  users: string[];
  teams: string[];
  inviteCodes: string[];
  emails: string[];
  all: string[];
}

export interface Generation {
  pools: Pools;
  /** Weight of a hostile value at each node against 10 for a valid one; 0 generates valid-looking values only. */
  hostility: number;
}

/** The pool an id-like field draws from, by its name; undefined when the field is not an id. */
export function idPool(name: string, pools: Pools): string[] | undefined {
  if (/invite(Code|Reference)/i.test(name)) return pools.inviteCodes;
  if (!/(Id|Ids|Identity)$|^id$/.test(name)) return undefined;
  if (/project/i.test(name)) return pools.projects;
  if (/user/i.test(name)) return pools.users;
  if (/team/i.test(name)) return pools.teams;
  if (/item|neighbor|implementation|pattern|context/i.test(name)) return pools.items;
  return pools.all;
}

const isoDate = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString());

function validString(schema: Schema, name: string, generation: Generation): fc.Arbitrary<string> {
  const pool = idPool(name, generation.pools);
  if (pool && pool.length > 0) return fc.constantFrom(...pool);
  if (schema.format === 'email' || /email/i.test(name))
    return fc.oneof(fc.constantFrom(...generation.pools.emails), fc.emailAddress());
  if (schema.format === 'date') return isoDate.map((iso) => iso.slice(0, 10));
  if (schema.format === 'date-time') return isoDate;
  if (schema.format === 'uri') return fc.constant('http://localhost:3000/auth/callback');
  const maxLength = Math.min(schema.maxLength ?? 40, 40);
  const minLength = Math.min(schema.minLength ?? 0, maxLength);
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    return fc.stringMatching(pattern).map((text) => (text.length > maxLength ? text.slice(0, maxLength) : text));
  }
  return fc.oneof(fc.string({ minLength, maxLength }), fc.string({ minLength, maxLength, unit: 'grapheme' }));
}

function validValue(schema: Schema, name: string, generation: Generation): fc.Arbitrary<unknown> {
  if (schema.anyOf || schema.oneOf)
    return fc.oneof(...(schema.anyOf ?? schema.oneOf ?? []).map((option) => arbitraryFor(option, name, generation)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      return validString(schema, name, generation);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(arbitraryFor(schema.items ?? {}, name.replace(/s$/, ''), generation), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case 'object':
      return objectValue(schema, generation);
    default:
      return fc.jsonValue({ maxDepth: 3 });
  }
}

function objectValue(schema: Schema, generation: Generation): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0 && schema.additionalProperties !== false)
    return fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 });
  const shape = Object.fromEntries(properties.map(([key, child]) => [key, arbitraryFor(child, key, generation)]));
  return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((key) => key in shape) }) as fc.Arbitrary<
    Record<string, unknown>
  >;
}

/** Wrong values that fit the field's place: an unknown enum member, a number out of range, an odd date, a mutated object. */
function hostileFor(schema: Schema, name: string, generation: Generation): fc.Arbitrary<unknown> {
  const specific: fc.Arbitrary<unknown>[] = [hostileValue];
  if (schema.enum) specific.push(fc.constantFrom(99, -1, 'unknown', 2.5, `${String(schema.enum[0])}`));
  if (schema.type === 'integer' || schema.type === 'number') {
    specific.push(fc.constantFrom(...edgeNumbers));
    if (schema.maximum !== undefined) specific.push(fc.constant(schema.maximum + 1));
    if (schema.minimum !== undefined) specific.push(fc.constant(schema.minimum - 1));
  }
  if (schema.type === 'string') {
    specific.push(fc.constantFrom(...hostileStrings), fc.constantFrom(...oddDates));
    if (schema.maxLength !== undefined) specific.push(fc.constant('x'.repeat(schema.maxLength + 1)));
  }
  if (schema.type === 'array' && schema.maxItems !== undefined)
    specific.push(fc.constant(Array.from({ length: schema.maxItems + 1 }, () => null)));
  if (schema.type === 'object') specific.push(mutatedObject(schema, name, generation));
  return fc.oneof(...specific);
}

/** A valid object with one required key dropped, an extra key added, or an own `__proto__` key. */
function mutatedObject(schema: Schema, name: string, generation: Generation): fc.Arbitrary<unknown> {
  const valid = validValue(schema, name, { ...generation, hostility: 0 }) as fc.Arbitrary<Record<string, unknown>>;
  return fc
    .tuple(valid, fc.nat(), hostileValue, fc.constantFrom('drop', 'extra', 'proto'))
    .map(([value, index, extra, how]) => {
      const copy: Record<string, unknown> = { ...value };
      const required = schema.required ?? [];
      if (how === 'drop' && required.length > 0) delete copy[required[index % required.length]!];
      else if (how === 'proto')
        Object.defineProperty(copy, '__proto__', {
          value: extra,
          enumerable: true,
          configurable: true,
          writable: true,
        });
      else copy[`extra${index % 3}`] = extra;
      return copy;
    });
}

/** Values for one schema node: mostly valid ones, and with `hostility` > 0 hostile ones at any depth. */
export function arbitraryFor(schema: Schema, name: string, generation: Generation): fc.Arbitrary<unknown> {
  let valid = validValue(schema, name, generation);
  if (schema.nullable) valid = fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 4, arbitrary: valid });
  if (generation.hostility <= 0) return valid;
  return fc.oneof(
    { weight: 10, arbitrary: valid },
    { weight: generation.hostility, arbitrary: hostileFor(schema, name, generation) },
  );
}

/** Every place in a JSON value one mutation can go: the value itself, each child, and each object key. */
function places(
  value: unknown,
  at: (string | number)[] = [],
  found: { path: (string | number)[]; key: boolean }[] = [],
) {
  found.push({ path: at, key: false });
  if (Array.isArray(value)) value.forEach((child, index) => places(child, [...at, index], found));
  else if (value !== null && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) {
      found.push({ path: [...at, key], key: true });
      places(child, [...at, key], found);
    }
  return found;
}

const isContainer = (value: unknown) => value !== null && typeof value === 'object';

function valueAt(value: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((at, step) => (at as Record<string | number, unknown>)[step], value);
}

/** `value` with one place replaced by `replacement` (or, for a key, renamed to it when it is a string). */
function mutateAt(value: unknown, place: { path: (string | number)[]; key: boolean }, replacement: unknown): unknown {
  if (place.path.length === 0) return replacement;
  const copy: unknown = structuredClone(value);
  let parent = copy as Record<string | number, unknown>;
  for (const step of place.path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = place.path[place.path.length - 1]!;
  if (place.key && typeof replacement === 'string' && !Array.isArray(parent)) {
    const child = parent[last];
    delete parent[last];
    Object.defineProperty(parent, replacement, { value: child, enumerable: true, configurable: true, writable: true });
  } else parent[last] = replacement;
  return copy;
}

/**
 * A valid value with exactly one hostile change — one string, number, date, key or sub-tree — so
 * the rest still passes the schema and the hostile part reaches the handler.
 */
export function withOneMutation(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  // A poison goes inside the string already there, so its length, format or pattern still passes.
  const poison = fc.constantFrom('\u0000', '\ud800', '\udc00', '\udbff\u0000');
  const replacement = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...oddDates) },
    { weight: 2, arbitrary: fc.constantFrom(...hostileStrings) },
    { weight: 3, arbitrary: hostileValue },
  );
  // Mostly a leaf (a string, number or boolean: where most handlers are hurt), sometimes a key or a sub-tree.
  return fc
    .tuple(valid, fc.nat(), fc.nat(9), fc.boolean(), poison, replacement)
    .map(([value, index, where, poisoned, toxin, hostile]) => {
      const all = places(value);
      const leaves = all.filter((place) => !place.key && !isContainer(valueAt(value, place.path)));
      const pool = where < 8 && leaves.length > 0 ? leaves : all;
      const place = pool[index % pool.length]!;
      const current = place.key ? place.path[place.path.length - 1] : valueAt(value, place.path);
      if (poisoned && typeof current === 'string') {
        const at = Math.floor(current.length / 2);
        return mutateAt(value, place, `${current.slice(0, at)}${toxin}${current.slice(at)}`);
      }
      return mutateAt(value, place, hostile);
    });
}
