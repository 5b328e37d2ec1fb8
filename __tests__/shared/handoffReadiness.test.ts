import { itemReadiness, readinessProblems } from '../../src/shared/handoffReadiness';

const ready = {
  description: 'Receipts\nE-mail them.',
  goals: ['A receipt per order'],
  newTestScenarios: [],
  scheduled: true,
  parentContexts: [{ id: 'c1', title: 'Shop', body: 'Sells tea.' }],
};

describe('itemReadiness (agents.md §3)', () => {
  it('passes a titled, scheduled item with goals and written contexts', () => {
    const checks = itemReadiness(ready);
    expect(checks.every((entry) => entry.ok && entry.fix === null)).toBe(true);
    expect(readinessProblems(checks)).toEqual([]);
  });

  it('names each failing check in order, and each unwritten parent context with its id', () => {
    const checks = itemReadiness({
      description: '   ',
      goals: [],
      newTestScenarios: [],
      scheduled: false,
      parentContexts: [
        { id: 'c1', title: 'Invoices', body: ' \n' },
        { id: 'c2', title: 'Shop', body: 'Sells tea.' },
        { id: 'c3', title: 'Company', body: '' },
      ],
    });
    expect(readinessProblems(checks)).toEqual([
      'the item has no title: write its description',
      'the item has no goals or test scenarios to say when it is done',
      'the item is not scheduled: put it on a day, week or milestone',
      'the parent context “Invoices” has no text yet: write it on the Context page',
      'the parent context “Company” has no text yet: write it on the Context page',
    ]);
    expect(checks.filter((entry) => entry.contextItemId).map((entry) => entry.contextItemId)).toEqual(['c1', 'c3']);
  });

  it('counts test scenarios as a way to tell when the item is done', () => {
    expect(readinessProblems(itemReadiness({ ...ready, goals: [], newTestScenarios: ['Pays by card'] }))).toEqual([]);
  });
});
