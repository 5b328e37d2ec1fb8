/**
 * A write the server refused because the record changed since the version it was made to (409, result
 * Failed, with the record as it is now): what the item and project edits need to tell a real conflict.
 */
import { envelopeOf } from './envelopeBaseQuery';

export type CurrentRecord = Record<string, unknown> & { version: number };

/** The record as it is now, when `error` is such a refusal; null for any other failure. */
export function conflictingRecord(error: unknown): CurrentRecord | null {
  const envelope = envelopeOf(error);
  const current = (envelope?.data as { current?: unknown } | undefined)?.current;
  return envelope?.result === 'Failed' && current && typeof current === 'object' && 'version' in current
    ? (current as CurrentRecord)
    : null;
}

/** Of the fields an edit changed, those someone else changed too: `current` no longer holds what the edit was made to. */
export function fieldsChangedByOthers<K extends string>(
  fields: readonly K[],
  base: Partial<Record<K, unknown>>,
  current: Record<string, unknown>,
): K[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  return fields.filter((key) => !same(base[key], current[key]));
}
