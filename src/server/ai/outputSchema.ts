/** The schema a model is asked to fill (plain JSON Schema) and the check its answer must pass (the full one). */
import { jsonSchema, type Schema } from 'ai';
import { Value } from '@sinclair/typebox/value';
import type { JSONSchema7 } from '@ai-sdk/provider';
import { agentPairs, type AgentPairKey, type PairContent } from '../../shared/contract/agent';

/** Size keywords some providers' strict structured output refuses; the limits are stated in words instead. */
const SIZE_KEYWORDS = new Set(['minLength', 'maxLength', 'minItems', 'maxItems']);

function plain(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(plain);
  if (node === null || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  const choices = Array.isArray(record.anyOf) ? (record.anyOf as { const?: unknown }[]) : [];
  if (choices.length > 0 && choices.every((choice) => typeof choice.const === 'number')) {
    // A union of number literals (item kinds) as the integer enum every provider understands.
    return { type: 'integer', enum: choices.map((choice) => choice.const), description: record.description };
  }
  const out: Record<string, unknown> = {};
  const limits: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (SIZE_KEYWORDS.has(key)) limits.push(`${key} ${String(value)}`);
    else out[key] = plain(value);
  }
  if (limits.length > 0) {
    const said = typeof out.description === 'string' ? `${out.description} ` : '';
    out.description = `${said}(${limits.join(', ')})`;
  }
  return out;
}

/** What the model is given: the pair's content schema without size keywords (JSON only: TypeBox's symbols dropped). */
export function modelFacingSchema(pair: AgentPairKey): JSONSchema7 {
  return plain(JSON.parse(JSON.stringify(agentPairs[pair].content))) as JSONSchema7;
}

/** The first way `value` breaks the pair's full schema (sizes included), or null. */
export function contentProblem(pair: AgentPairKey, value: unknown): string | null {
  const first = Value.Errors(agentPairs[pair].content, value).First();
  return first ? `${first.path || '/'}: ${first.message}` : null;
}

/** For `Output.object`: the model-facing schema, validated against the full one. */
export function outputSchemaFor<K extends AgentPairKey>(pair: K): Schema<PairContent<K>> {
  return jsonSchema<PairContent<K>>(modelFacingSchema(pair), {
    validate: (value) => {
      const problem = contentProblem(pair, value);
      return problem === null
        ? { success: true, value: value as PairContent<K> }
        : { success: false, error: new Error(`The answer does not match the schema at ${problem}`) };
    },
  });
}
