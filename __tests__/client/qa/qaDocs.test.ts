import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { UnknownAction } from '@reduxjs/toolkit';
import { planBackend } from '../helpers/handlers/planBackend';
import { handoffBackend } from '../helpers/handlers/handoff';
import { boardStore } from '../items/boardStore';
import { recentActionTypes } from '../../../src/client/features/support/recentActions';

/** The JSON blocks of docs/qa.md's "Recorded examples", in order. */
function recordedExamples(): UnknownAction[] {
  const doc = readFileSync(path.resolve(__dirname, '../../../docs/qa.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Recorded examples'), doc.indexOf('## Tips'));
  return [...section.matchAll(/```json\n([\s\S]*?)```/g)].map((match) => JSON.parse(match[1]!) as UnknownAction);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

test('every recorded example in docs/qa.md is carried out, none refused', async () => {
  const examples = recordedExamples();
  expect(examples.length).toBeGreaterThanOrEqual(14);
  planBackend.seed([
    { id: 'a', description: 'Alpha' },
    { id: 'b', description: 'Beta' },
    { id: 'c', description: 'Gamma' },
  ]);
  const { store, idle } = await boardStore();
  for (const example of examples) {
    store.dispatch(example);
    await idle();
    await settle();
  }
  expect(recentActionTypes(store.getState)).not.toContain('intent/refused');
  const stored = (key: string) => planBackend.items.find((item) => item.externalId === key);
  expect(stored('AE-4')?.description).toBe('Checkout shows the total');
  expect(stored('AE-4')?.projectContexts[0]?.assignedTimeframe).toEqual({ span: 1, index: 2968 });
  expect(stored('AE-1')?.completionDate).not.toBeNull();
  expect(stored('AE-2')).toBeUndefined();
  expect(stored('AE-3')?.description).toBe('Gamma, with a clearer title');
  expect(stored('AE-3')?.projectContexts[0]?.assignedToUserId).toBe('user-1');
  expect(handoffBackend.sent).toEqual([expect.objectContaining({ itemId: 'c', agent: 'copilot' })]);
  expect(store.getState().projects.entities['project-1']?.description).toBe('Checkout revamp');
});

test('every state path docs/qa.md names is in the state', async () => {
  const doc = readFileSync(path.resolve(__dirname, '../../../docs/qa.md'), 'utf8');
  const { store } = await boardStore();
  const state = store.getState() as unknown as Record<string, unknown>;
  const roots = Object.keys(state);
  // A backticked dotted name that starts at a slice of the store, e.g. `team.memberships.ids`.
  const paths = [...doc.matchAll(/`([a-zA-Z]+(?:\.[a-zA-Z]+)+)`/g)]
    .map((match) => match[1]!)
    .filter((name) => roots.includes(name.split('.')[0]!));
  expect(paths.length).toBeGreaterThan(0);
  for (const name of paths) {
    const value = name
      .split('.')
      .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], state);
    expect([name, value === undefined ? 'missing' : 'present']).toEqual([name, 'present']);
  }
});
