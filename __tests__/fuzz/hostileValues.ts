import fc from 'fast-check';

/** Strings no schema keyword refuses on its own: control characters, broken Unicode, injection, paths, odd sizes. */
export const hostileStrings: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00',
  '\ud83d',
  '🚀\u202e\u200b',
  "' or 1=1 --",
  '"; drop table users; --',
  '../../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  '<script>alert(1)</script>',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '0',
  '-1',
  '1e309',
  'NaN',
  '\\',
  '\n\r\t',
  'x'.repeat(65),
  'x'.repeat(257),
  'é'.repeat(5000),
  'x'.repeat(100_001),
];

/** Dates RFC 3339 and JSON Schema accept or nearly accept, which PostgreSQL or Date may not. */
export const oddDates: readonly string[] = [
  '2016-12-31T23:59:60Z',
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00+01:00',
  '9999-12-31T23:59:59-12:00',
  '2016-12-31T20:00:00+05',
  '2016-02-30',
  '2016-02-29',
  '1969-12-31',
  '2016-13-01',
  '2016-12-31t23:59:59z',
  '2016-12-31 23:59:59Z',
  '2016-12-31T23:59:59.123456789Z',
  '+002016-12-31',
  '-000001-01-01T00:00:00Z',
  '99999-01-01',
  '2016-12-31T24:00:00Z',
];

/** Numbers at the edges of JavaScript and PostgreSQL integer and float types. */
export const edgeNumbers: readonly number[] = [
  0,
  -0,
  -1,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  1e21,
  1e308,
  -1e308,
  5e-324,
];

/** Arrays and objects nested `depth` deep. */
export const nested = (depth: number, leaf: unknown = 1): unknown => {
  let value: unknown = leaf;
  for (let level = 0; level < depth; level++) value = level % 2 ? { a: value } : [value];
  return value;
};

/** Any wrong-typed or hostile JSON value; used in place of a field's valid value. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 2, arbitrary: fc.constantFrom(...oddDates) },
  { weight: 2, arbitrary: fc.constantFrom(...edgeNumbers) },
  { weight: 2, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { '': null }) },
  { weight: 1, arbitrary: fc.constantFrom(nested(63), nested(65), nested(300)) },
  { weight: 1, arbitrary: fc.constantFrom(Array.from({ length: 10_001 }, (_, index) => index)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

/** Path segments for ids: the fixture's own, another team's, and hostile ones (already percent-encoded). */
export const hostilePathSegments: readonly string[] = [
  '%00',
  'ab%00cd',
  '%ED%A0%80',
  '%FF%FE',
  '%C0%AF',
  '..',
  '%2E%2E',
  '%2F',
  'a%2Fb',
  '%20',
  '0',
  '-1',
  'null',
  'x'.repeat(65),
  'x'.repeat(3000),
  '00000000-0000-0000-0000-000000000000',
  '%F0%9F%9A%80',
  "'%20or%201=1",
];

/** Request bodies no schema describes: broken JSON, odd top-level values, 5,000-deep nesting, bad bytes. */
export const rawBodies: (string | Buffer)[] = [
  '',
  '{"a":',
  'null',
  '[]',
  '"text"',
  '1e999',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
  '{"a":"\\u0000"}',
  '{"\\ud800":1}',
  '\ufeff{}',
  '{"a":1,"a":2}',
  Buffer.from([0xff, 0xfe, 0x7b, 0x7d]),
  JSON.stringify({ data: 'x'.repeat(1_100_000) }),
];
