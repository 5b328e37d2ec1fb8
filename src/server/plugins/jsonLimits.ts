import type { FastifyServerOptions } from 'fastify';
import { JSON_LIMITS_KEYWORD } from '../../shared/contract/boundedJson';
import { jsonLimitProblem, type JsonLimits } from '../../shared/fieldLimits';

type Ajv = Parameters<NonNullable<NonNullable<FastifyServerOptions['ajv']>['onCreate']>>[0];

interface KeywordValidator {
  (limits: JsonLimits, data: unknown): boolean;
  errors?: { keyword: string; message: string; params: Record<string, unknown> }[];
}

/**
 * Teaches the request validator the contract's `x-jsonLimits` keyword (shared/contract/boundedJson.ts):
 * a free-form JSON field over its size or depth limit fails validation like any other schema rule, so
 * the answer is InvalidRequest naming the field (`body.globalTeamData is 70,001 bytes as JSON; …`).
 */
export function jsonLimitsKeyword(ajv: Ajv): Ajv {
  const validate: KeywordValidator = (limits, data) => {
    const problem = jsonLimitProblem(data, limits);
    validate.errors = problem ? [{ keyword: JSON_LIMITS_KEYWORD, message: problem, params: { ...limits } }] : [];
    return problem === null;
  };
  ajv.addKeyword({
    keyword: JSON_LIMITS_KEYWORD,
    schemaType: 'object',
    metaSchema: {
      type: 'object',
      properties: { maxBytes: { type: 'integer', minimum: 1 }, maxDepth: { type: 'integer', minimum: 1 } },
      required: ['maxBytes', 'maxDepth'],
      additionalProperties: false,
    },
    errors: true,
    validate,
  });
  return ajv;
}
