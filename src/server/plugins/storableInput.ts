/**
 * Checks request input for what the JSON schemas allow but PostgreSQL cannot store or JavaScript
 * cannot handle: NUL characters (text and jsonb refuse them), lone UTF-16 surrogates (not valid
 * Unicode; jsonb refuses the escape) and nesting deep enough to exhaust a recursive walk.
 */

/** Deepest nesting of arrays and objects a request body may have; Baton's own payloads stay under ten. */
export const MAX_JSON_DEPTH = 64;

/** Segments of a path shown before it is cut short, so a 5,000-deep path stays a readable message. */
const SHOWN_SEGMENTS = 8;

// With the u flag a surrogate pair is one code point, so \p{Cs} matches only a lone surrogate.
const LONE_SURROGATE = /\p{Cs}/u;

/** What is wrong with one string, or null when it can be stored. */
function stringProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'a NUL character';
  if (LONE_SURROGATE.test(text)) return 'a lone surrogate (not valid Unicode)';
  return null;
}

/** One value still to check, linked to its parent so the path is built only for an error message. */
interface Pending {
  value: unknown;
  key: string | number;
  parent: Pending | null;
  depth: number;
}

function describe(pending: Pending): string {
  const path: (string | number)[] = [];
  for (let at: Pending | null = pending; at; at = at.parent) path.unshift(at.key);
  return path.length > SHOWN_SEGMENTS ? `${path.slice(0, SHOWN_SEGMENTS).join('.')}.…` : path.join('.');
}

/**
 * The first problem in a parsed JSON value, as a message naming where it is (e.g.
 * `body.item.description contains a NUL character`), or null when the whole value is storable.
 */
export function findUnstorableInput(value: unknown, root: string, maxDepth = MAX_JSON_DEPTH): string | null {
  // An explicit stack: the walk itself must not be the thing deep input overflows.
  const stack: Pending[] = [{ value, key: root, parent: null, depth: 0 }];
  while (stack.length > 0) {
    const pending = stack.pop()!;
    const current = pending.value;
    if (typeof current === 'string') {
      const problem = stringProblem(current);
      if (problem) return `${describe(pending)} contains ${problem}`;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (pending.depth >= maxDepth) return `${describe(pending)} is nested deeper than ${maxDepth} levels`;
    const depth = pending.depth + 1;
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--)
        stack.push({ value: current[index], key: index, parent: pending, depth });
      continue;
    }
    const entries = Object.entries(current);
    for (const [key] of entries) {
      const problem = stringProblem(key);
      if (problem) return `${describe(pending)} contains ${problem} in a key`;
    }
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, child] = entries[index]!;
      stack.push({ value: child, key, parent: pending, depth });
    }
  }
  return null;
}
