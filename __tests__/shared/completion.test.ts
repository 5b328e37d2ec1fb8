import fc from 'fast-check';
import { completionDateAfterToggle, isCompleted } from '../../src/shared/completion';

const now = new Date('2026-11-22T09:00:00Z');
const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }).map((ms) => new Date(ms));

describe('completion (spec §4)', () => {
  it('is not completed without a completionDate', () => {
    expect(isCompleted(null, now)).toBe(false);
    expect(isCompleted(undefined, now)).toBe(false);
    expect(isCompleted('', now)).toBe(false);
    expect(isCompleted('not a date', now)).toBe(false);
  });

  it('property: completed exactly when the completionDate is set and not in the future', () => {
    fc.assert(
      fc.property(instant, (date) => {
        expect(isCompleted(date, now)).toBe(date.getTime() <= now.getTime());
        expect(isCompleted(date.toISOString(), now)).toBe(date.getTime() <= now.getTime());
      }),
    );
  });

  it('counts a completionDate of exactly now as completed', () => {
    expect(isCompleted(now, now)).toBe(true);
    expect(isCompleted(new Date(now.getTime() + 1), now)).toBe(false);
  });

  it('toggling sets now or clears to null; an item already complete keeps its date', () => {
    expect(completionDateAfterToggle(true, null, now)).toBe(now.toISOString());
    expect(completionDateAfterToggle(false, now, now)).toBeNull();
    expect(completionDateAfterToggle(true, '2026-01-01T00:00:00.000Z', now)).toBe('2026-01-01T00:00:00.000Z');
    // A date in the future is not complete yet, so marking complete sets it to now.
    expect(completionDateAfterToggle(true, '2027-01-01T00:00:00.000Z', now)).toBe(now.toISOString());
  });

  it('property: after toggling, completion matches what was asked', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.option(instant, { nil: null }), (markComplete, current) => {
        expect(isCompleted(completionDateAfterToggle(markComplete, current, now), now)).toBe(markComplete);
      }),
    );
  });
});
