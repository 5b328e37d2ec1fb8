/**
 * Whether an item is ready to go to a coding agent (agents.md §3): a real title, a way to tell when it
 * is done, a scheduled bucket, and no unfinished parent context. The server refuses a send on a failing
 * check (unless forced); the hand-off dialog shows the same checks before the user sends.
 */
import { DEFAULT_TITLE, displayTitle } from './displayTitle';

export interface ItemReadinessInput {
  description: string;
  goals: readonly string[];
  newTestScenarios: readonly string[];
  /** The item sits on a day, week or milestone (not an unscheduled bucket). */
  scheduled: boolean;
  /** The item's parent context chain, nearest first. */
  parentContexts: readonly { id: string; title: string; body: string }[];
}

export interface ItemReadinessCheck {
  check: string;
  ok: boolean;
  /** What to do when the check fails; null when it holds. */
  fix: string | null;
  /** A parent context that is not written yet, for a link to it. */
  contextItemId?: string;
}

const check = (name: string, ok: boolean, fix: string): ItemReadinessCheck => ({
  check: name,
  ok,
  fix: ok ? null : fix,
});

/** displayTitle falls back to 'Untitled Item' for a description with no text. */
const hasTitle = (description: string) => displayTitle(description) !== DEFAULT_TITLE;

/** A context with no text gives the agent a heading and nothing to go on. */
const isUnfinished = (context: { body: string }) => context.body.trim() === '';

export function itemReadiness(input: ItemReadinessInput): ItemReadinessCheck[] {
  const unfinished = input.parentContexts.filter(isUnfinished);
  return [
    check('Item has a title', hasTitle(input.description), 'the item has no title: write its description'),
    check(
      'Item says when it is done',
      input.goals.length > 0 || input.newTestScenarios.length > 0,
      'the item has no goals or test scenarios to say when it is done',
    ),
    check('Item is scheduled', input.scheduled, 'the item is not scheduled: put it on a day, week or milestone'),
    ...(unfinished.length === 0
      ? [check('Parent context is written', true, '')]
      : unfinished.map((context) => ({
          ...check(
            'Parent context is written',
            false,
            `the parent context “${context.title}” has no text yet: write it on the Context page`,
          ),
          contextItemId: context.id,
        }))),
  ];
}

/** The failing checks' fixes, in order: what a refused send names. */
export const readinessProblems = (checks: readonly ItemReadinessCheck[]): string[] =>
  checks.flatMap((entry) => (entry.ok || !entry.fix ? [] : [entry.fix]));
