/**
 * A GitHub Actions `if:` read against one known event: true, false, or unknown when it depends on
 * something Baton cannot know (a secret, a variable, the team's own text). Only the expression syntax
 * GitHub documents is read (literals, context paths, `! == != < > && ||`, parentheses and the string
 * functions); anything else is unknown, never guessed.
 */

/** A value the expression can take, or unknown. */
type Value = { known: true; value: string | number | boolean | null } | { known: false };
const UNKNOWN: Value = { known: false };
const known = (value: string | number | boolean | null): Value => ({ known: true, value });

/** What Baton knows of the event: context paths (`github.event.issue.body`) to values; a path not listed is unknown. */
export type KnownContext = (path: string) => Value;
export const knownValue = known;
export const unknownValue = UNKNOWN;

type Token =
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'word'; value: string }
  | { kind: 'op'; value: string };

function tokenize(text: string): Token[] | null {
  const tokens: Token[] = [];
  let at = 0;
  while (at < text.length) {
    const rest = text.slice(at);
    const space = /^\s+/.exec(rest);
    if (space) {
      at += space[0].length;
      continue;
    }
    // GitHub's string literals are single-quoted, a quote doubled inside.
    const string = /^'((?:[^']|'')*)'/.exec(rest);
    const number = /^-?\d+(\.\d+)?/.exec(rest);
    const word = /^[A-Za-z_][\w-]*(\.[A-Za-z_*][\w-]*)*/.exec(rest);
    const op = /^(==|!=|<=|>=|&&|\|\||[!<>(),])/.exec(rest);
    if (string) tokens.push({ kind: 'string', value: string[1]!.replace(/''/g, "'") });
    else if (number) tokens.push({ kind: 'number', value: Number(number[0]) });
    else if (word) tokens.push({ kind: 'word', value: word[0] });
    else if (op) tokens.push({ kind: 'op', value: op[0] });
    else return null;
    at += (string ?? number ?? word ?? op)![0].length;
  }
  return tokens;
}

const truthy = (value: Value): boolean | null => (value.known ? Boolean(value.value) : null);
/** GitHub compares strings ignoring case; null reads as '' in string functions. */
const text = (value: string | number | boolean | null) => (value === null ? '' : String(value)).toLowerCase();

function compare(op: string, left: Value, right: Value): Value {
  if (!left.known || !right.known) return UNKNOWN;
  const [a, b] =
    typeof left.value === 'string' && typeof right.value === 'string'
      ? [left.value.toLowerCase(), right.value.toLowerCase()]
      : [left.value, right.value];
  switch (op) {
    case '==':
      return known(a === b);
    case '!=':
      return known(a !== b);
    default:
      if (a === null || b === null) return UNKNOWN;
      return known(op === '<' ? a < b : op === '>' ? a > b : op === '<=' ? a <= b : a >= b);
  }
}

const stringFunctions: Record<string, (subject: string, item: string) => boolean> = {
  contains: (subject, item) => subject.includes(item),
  startswith: (subject, item) => subject.startsWith(item),
  endswith: (subject, item) => subject.endsWith(item),
};

/** Recursive descent over the tokens, lowest precedence first (`||`, `&&`, comparison, `!`). */
function parser(tokens: Token[], context: KnownContext) {
  let at = 0;
  const peek = () => tokens[at];
  const take = (op: string) => {
    const token = tokens[at];
    if (token?.kind === 'op' && token.value === op) {
      at++;
      return true;
    }
    return false;
  };
  const expect = (op: string) => {
    if (!take(op)) throw new Error(`expected ${op}`);
  };

  // Kleene logic: false && unknown is false, true || unknown is true.
  const or = (): Value => {
    let left = and();
    while (take('||')) {
      const right = and();
      const [l, r] = [truthy(left), truthy(right)];
      left = l === true || r === true ? known(true) : l === false && r === false ? known(false) : UNKNOWN;
    }
    return left;
  };
  const and = (): Value => {
    let left = comparison();
    while (take('&&')) {
      const right = comparison();
      const [l, r] = [truthy(left), truthy(right)];
      left = l === false || r === false ? known(false) : l === true && r === true ? known(true) : UNKNOWN;
    }
    return left;
  };
  const comparison = (): Value => {
    const left = unary();
    const token = peek();
    if (token?.kind === 'op' && ['==', '!=', '<', '>', '<=', '>='].includes(token.value)) {
      at++;
      return compare(token.value, left, unary());
    }
    return left;
  };
  const unary = (): Value => {
    if (take('!')) {
      const value = truthy(unary());
      return value === null ? UNKNOWN : known(!value);
    }
    return primary();
  };
  const primary = (): Value => {
    const token = tokens[at++];
    if (!token) throw new Error('unexpected end');
    if (token.kind === 'string' || token.kind === 'number') return known(token.value);
    if (token.kind === 'op') {
      if (token.value !== '(') throw new Error(`unexpected ${token.value}`);
      const inner = or();
      expect(')');
      return inner;
    }
    if (token.value === 'true' || token.value === 'false') return known(token.value === 'true');
    if (token.value === 'null') return known(null);
    if (take('(')) {
      const args: Value[] = [];
      if (!take(')')) {
        do args.push(or());
        while (take(','));
        expect(')');
      }
      const run = stringFunctions[token.value.toLowerCase()];
      if (!run || args.length !== 2) return UNKNOWN;
      const [subject, item] = args as [Value, Value];
      // An array subject (contains(fromJSON(…), x)) is not a string: only strings are read.
      if (!subject.known || !item.known) return UNKNOWN;
      return known(run(text(subject.value), text(item.value)));
    }
    return context(token.value);
  };
  return { run: () => or(), done: () => at === tokens.length };
}

/** Whether `if:` lets the job run for the known event: true, false, or null when Baton cannot tell. */
export function evaluateCondition(condition: unknown, context: KnownContext): boolean | null {
  if (condition === undefined || condition === null) return true;
  if (typeof condition === 'boolean') return condition;
  if (typeof condition !== 'string') return null;
  // `${{ … }}` around the whole condition is optional; anywhere else it makes a string, not a test.
  const whole = /^\s*\$\{\{([\s\S]*)\}\}\s*$/.exec(condition);
  const expression = whole ? whole[1]! : condition;
  if (expression.includes('${{')) return null;
  // A property read with brackets (github.event['x']) does not tokenize: unknown.
  const tokens = tokenize(expression);
  if (!tokens || tokens.length === 0) return null;
  try {
    const parse = parser(tokens, context);
    const value = parse.run();
    return parse.done() ? truthy(value) : null;
  } catch {
    return null;
  }
}
