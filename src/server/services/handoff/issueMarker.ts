import { randomUUID } from 'node:crypto';

/**
 * The marker a hand-off's issue body carries (a secret, never shown by Baton's API): if GitHub opens the
 * issue but its answer is lost, the issue is found by it instead of a second one being opened.
 */
export const newIssueMarker = () => `baton-handoff:${randomUUID()}`;

/** The line the issue body ends with: an HTML comment GitHub does not render. */
export const markerLine = (marker: string) => `\n\n<!-- ${marker} -->`;

/** The marker in an issue body, if it carries one. */
export const markerIn = (body: string | null | undefined) =>
  /<!-- (baton-handoff:[0-9a-f-]{36}) -->/.exec(body ?? '')?.[1] ?? null;
