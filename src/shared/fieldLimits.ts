/**
 * Limits on every free-form field a caller writes (issue 8): one place the contract's schemas, the
 * server's checks, the client's inputs and docs/operations.md take their numbers from. Lengths are in
 * characters (code points); JSON sizes are bytes of the value written as compact JSON in UTF-8; depth
 * counts nested arrays and objects inside the field (`{}` is 1, `{"a": []}` is 2).
 */

export interface JsonLimits {
  /** Bytes of the value as compact JSON (UTF-8). */
  maxBytes: number;
  /** Arrays and objects nested inside the field, the field itself included. */
  maxDepth: number;
}

export const FIELD_LIMITS = {
  /** An item's markdown description (its first line is the card's title). */
  description: { maxLength: 20_000 },
  goals: { maxItems: 20, maxLength: 2_000 },
  newTestScenarios: { maxItems: 50, maxLength: 1_000 },
  implementationIds: { maxItems: 200 },
  /** No more than the team's two pattern catalogues can hold (30 each, contract/agent.ts). */
  projectPatternIds: { maxItems: 60 },
  localPatternData: { maxBytes: 64 * 1024, maxDepth: 8, patterns: 500, patternConnections: 2_000 },
  goToMarketPlan: { maxBytes: 64 * 1024, maxDepth: 8, maxProperties: 200 },
  globalTeamData: { maxBytes: 64 * 1024, maxDepth: 8, maxProperties: 200 },
  /** The client's informational copies of an item and its context in a delete; the server ignores them. */
  deletedItemCopy: { maxBytes: 16 * 1024, maxDepth: 6, maxProperties: 50 },
  /** Descriptions one split may make. */
  splitDescriptions: { maxItems: 50 },
} as const;

/** UTF-8 length of a string without encoding it (a lone surrogate counts as the 3 bytes of U+FFFD). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        index++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** How deeply arrays and objects nest in a JSON value (a scalar is 0), walked without recursion. */
export function jsonDepth(value: unknown, stopAt = Number.POSITIVE_INFINITY): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    const inner = depth + 1;
    if (inner > deepest) deepest = inner;
    if (deepest > stopAt) return deepest;
    for (const child of Object.values(current)) stack.push([child, inner]);
  }
  return deepest;
}

const formatted = (n: number) => n.toLocaleString('en-US');

/**
 * What is wrong with a free-form JSON value under its limits, as the end of a message that starts with
 * the field's name (`body.globalTeamData is nested 9 levels deep; at most 8`), or null when it fits.
 */
export function jsonLimitProblem(value: unknown, limits: JsonLimits): string | null {
  const depth = jsonDepth(value, limits.maxDepth);
  if (depth > limits.maxDepth) return `is nested more than ${limits.maxDepth} levels deep`;
  const bytes = utf8Length(JSON.stringify(value) ?? '');
  if (bytes > limits.maxBytes) {
    return `is ${formatted(bytes)} bytes as JSON; at most ${formatted(limits.maxBytes)}`;
  }
  return null;
}
