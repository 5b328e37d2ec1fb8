/**
 * The planning data (a free-form JSON object) as the page edits it: one entry per top-level property,
 * a name and a value. A value that is text is edited as text; any other value (a list, a number, an
 * object) as JSON. Turning the entries back into the object checks the names, the JSON and the field's
 * limits (FIELD_LIMITS), naming what is wrong, so nothing malformed is sent.
 */
import { nanoid } from '@reduxjs/toolkit';
import { jsonLimitProblem, utf8Length, type JsonLimits } from '../../../shared/fieldLimits';

export interface PlanningEntry {
  /** For React's list only; never stored. */
  key: string;
  name: string;
  text: string;
  /** The value is JSON (it was not text when read), not plain text. */
  json: boolean;
}

export type PlanningLimits = JsonLimits & { maxProperties: number };

/** The entries of a stored value; keyed by position, so a fresh read of the same value keeps the inputs (and focus). */
export const entriesOf = (value: Record<string, unknown>): PlanningEntry[] =>
  Object.entries(value).map(([name, item], index) =>
    typeof item === 'string'
      ? { key: `stored-${index}`, name, text: item, json: false }
      : { key: `stored-${index}`, name, text: JSON.stringify(item, null, 2), json: true },
  );

export const newEntry = (): PlanningEntry => ({ key: nanoid(), name: '', text: '', json: false });

export type ValueOrProblem = { value: Record<string, unknown> } | { problem: string };

/** The object the entries describe, or what keeps them from being saved. */
export function valueOf(entries: readonly PlanningEntry[], label: string, limits: PlanningLimits): ValueOrProblem {
  const value: Record<string, unknown> = {};
  for (const [index, entry] of entries.entries()) {
    const name = entry.name.trim();
    if (name === '') return { problem: `Entry ${index + 1} needs a name.` };
    if (Object.hasOwn(value, name)) return { problem: `Two entries are named “${name}”: give each its own name.` };
    if (!entry.json) {
      value[name] = entry.text;
      continue;
    }
    try {
      value[name] = JSON.parse(entry.text);
    } catch {
      return { problem: `The value of “${name}” is not valid JSON.` };
    }
  }
  if (entries.length > limits.maxProperties) {
    return { problem: `The ${label} has ${entries.length} entries; at most ${limits.maxProperties}.` };
  }
  const tooBig = jsonLimitProblem(value, limits);
  return tooBig ? { problem: `The ${label} ${tooBig}.` } : { value };
}

/** "1.2 KB of 64 KB": how much of its size limit the value uses. */
export function sizeOf(value: Record<string, unknown>, limits: PlanningLimits): string {
  const bytes = utf8Length(JSON.stringify(value));
  const kb = (n: number) => `${(n / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} KB`;
  return `${kb(bytes)} of ${kb(limits.maxBytes)}`;
}
