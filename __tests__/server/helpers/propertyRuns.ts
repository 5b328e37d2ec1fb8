/**
 * How many cases a fast-check property tries: `ci` in the suite CI runs, `long` with
 * PROPERTY_RUNS=long (e.g. `PROPERTY_RUNS=long npx jest __tests__/server/agentText.test.ts`).
 */
export function propertyRuns(ci: number, long: number): number {
  return process.env.PROPERTY_RUNS === 'long' ? long : ci;
}
