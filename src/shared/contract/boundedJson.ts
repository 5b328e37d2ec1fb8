/**
 * Schemas for free-form JSON a caller writes, bounded in size, depth and count (limits in
 * ../fieldLimits.ts). JSON Schema counts items and properties but cannot weigh or measure the depth of
 * arbitrary JSON, so these schemas carry the `x-jsonLimits` keyword, which the server's validator
 * checks (src/server/plugins/jsonLimits.ts); the OpenAPI document shows it beside the description.
 */
import { Type } from '@sinclair/typebox';
import type { JsonLimits } from '../fieldLimits';

export const JSON_LIMITS_KEYWORD = 'x-jsonLimits';

const describe = (limits: JsonLimits) =>
  `At most ${limits.maxBytes.toLocaleString('en-US')} bytes as JSON, nested at most ${limits.maxDepth} levels deep.`;

/** The keyword and its description, for a schema's options. */
export function jsonLimits(limits: JsonLimits) {
  return {
    [JSON_LIMITS_KEYWORD]: { maxBytes: limits.maxBytes, maxDepth: limits.maxDepth },
    description: describe(limits),
  };
}

/** A JSON object of the caller's own shape, within the limits and with at most `maxProperties` keys. */
export function BoundedJsonObject(limits: JsonLimits & { maxProperties: number }) {
  return Type.Record(Type.String(), Type.Unknown(), { maxProperties: limits.maxProperties, ...jsonLimits(limits) });
}
