import type { FastifyServerOptions } from 'fastify';
import AjvCompiler from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type ValidatorFactory = NonNullable<CompilersFactory['buildValidator']>;
type SerializerFactory = NonNullable<CompilersFactory['buildSerializer']>;
/** What Fastify reads of an Ajv validator besides calling it. */
interface AjvValidator {
  (data: unknown, context?: unknown): unknown;
  errors?: unknown;
  schemaEnv?: unknown;
}

/** Compiles once, on first use. */
function once<T>(compile: () => T): () => T {
  let compiled: T | undefined;
  return () => (compiled ??= compile());
}

/** Header names arrive lower-cased; Fastify lower-cases a header schema's names itself, but not for a compiler of one's own. */
function withLowerCaseNames(schema: unknown): unknown {
  const { properties, required } = schema as { properties?: Record<string, unknown>; required?: string[] };
  if (!properties) return schema;
  return {
    ...(schema as object),
    properties: Object.fromEntries(Object.entries(properties).map(([name, value]) => [name.toLowerCase(), value])),
    ...(required ? { required: required.map((name) => name.toLowerCase()) } : {}),
  };
}

/**
 * Fastify's Ajv compilers by shared schemas and Ajv options, kept for the process (Fastify keeps one per
 * root instance): apps built alike (a test file builds several) share one Ajv, which compiles a route's
 * schema once for all of them. The Ajv plugins are the same functions for every app (app.ts).
 */
const validatorPool = AjvCompiler();

/**
 * A route's validator compiled on its first request instead of at start: Fastify's own Ajv compiler,
 * with the `errors` and `schemaEnv` Fastify reads passed through. Compiling the 150-odd routes'
 * schemas was half of Baton's start (and of every test that builds an app); a request pays it once
 * per route, a few milliseconds.
 */
const buildValidator: ValidatorFactory = (externalSchemas, options) => {
  const compilerOf = validatorPool(externalSchemas, options);
  return (route) => {
    const schema = route.httpPart === 'headers' ? withLowerCaseNames(route.schema) : route.schema;
    const validator = once(() => compilerOf({ ...route, schema } as typeof route) as AjvValidator);
    const lazy = ((data: unknown, context?: unknown) => validator()(data, context)) as AjvValidator;
    Object.defineProperties(lazy, {
      errors: { get: () => validator().errors },
      schemaEnv: { get: () => validator().schemaEnv },
    });
    // Fastify types it as Ajv's whole ValidateFunction; it reads only what AjvValidator lists.
    return lazy as unknown as ReturnType<ReturnType<ValidatorFactory>>;
  };
};

type Serializer = (data: unknown) => string;
/** Compiled serializers by shared schemas and options, then by response schema: like validatorPool. */
const serializerPool = new Map<string, WeakMap<object, Serializer>>();

/** A route's response serializer (fast-json-stringify, as Fastify's default) compiled on first use. */
const buildSerializer: SerializerFactory = (externalSchemas, options) => {
  const compilerOf = SerializerSelector()(externalSchemas as never, options as never);
  const poolKey = JSON.stringify(externalSchemas) + JSON.stringify(options);
  const compiled = serializerPool.get(poolKey) ?? new WeakMap<object, Serializer>();
  serializerPool.set(poolKey, compiled);
  return (route) => {
    const serializer = once(() => {
      const schema = route.schema as object;
      const known = compiled.get(schema);
      if (known) return known;
      const made = compilerOf(route) as Serializer;
      compiled.set(schema, made);
      return made;
    });
    return (data: unknown) => serializer()(data);
  };
};

export const lazySchemaCompilers: CompilersFactory = { buildValidator, buildSerializer };
