import type { Comment } from '../../api/comments';

/** One line of an item's activity: a change of plan, a step of a hand-off, or a comment. */
export type ActivityEntry =
  | { kind: 'plan'; key: string; at: string; text: string }
  | { kind: 'handoff'; key: string; at: string; text: string; url: string | null }
  | { kind: 'comment'; key: string; at: string; comment: Comment };

interface Sources {
  /** The item's assignment changes in this project, each already put in words. */
  plan: readonly { at: string; text: string }[];
  handoffEvents: readonly { at: string; text: string; url: string | null }[];
  comments: readonly Comment[];
}

/** Everything that happened to the item, oldest first (as GitHub and Linear show it), the comment box after. */
export function activityOf({ plan, handoffEvents, comments }: Sources): ActivityEntry[] {
  const entries: ActivityEntry[] = [
    ...plan.map(({ at, text }, index) => ({ kind: 'plan' as const, key: `plan-${index}`, at, text })),
    ...handoffEvents.map(({ at, text, url }, index) => ({
      kind: 'handoff' as const,
      key: `handoff-${index}`,
      at,
      text,
      url,
    })),
    ...comments.map((comment) => ({ kind: 'comment' as const, key: comment.id, at: comment.dateCreated, comment })),
  ];
  // Array.prototype.sort is stable: at one instant, plan before hand-off before comment.
  return entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}
