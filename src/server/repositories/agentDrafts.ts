import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import { agentDrafts, type AgentDraftRow } from '../db/schema';

/** Where a draft is stored: its team, kind and scope (project id, item id or '' for the team). */
export interface DraftKey {
  teamId: string;
  kind: string;
  projectId: string | null;
  itemId: string | null;
}

const scopeIdOf = (key: DraftKey) => key.itemId ?? key.projectId ?? '';

export async function findDraft(db: Db, key: DraftKey): Promise<AgentDraftRow | undefined> {
  const [row] = await db
    .select()
    .from(agentDrafts)
    .where(
      and(eq(agentDrafts.teamId, key.teamId), eq(agentDrafts.kind, key.kind), eq(agentDrafts.scopeId, scopeIdOf(key))),
    )
    .limit(1);
  return row;
}

/** The team's drafts of the given kinds, whatever their scope. */
export async function findTeamDrafts(db: Db, teamId: string, kinds: readonly string[]) {
  return db
    .select()
    .from(agentDrafts)
    .where(and(eq(agentDrafts.teamId, teamId), inArray(agentDrafts.kind, [...kinds])));
}

/** Replaces the whole draft (PUT), creating it on first save. */
export async function saveDraft(
  db: Db,
  key: DraftKey,
  draft: { id: string; step: string | null; inputModel: object; content: object; userId: string; now: Date },
): Promise<AgentDraftRow> {
  const [row] = await db
    .insert(agentDrafts)
    .values({
      id: draft.id,
      ...key,
      scopeId: scopeIdOf(key),
      step: draft.step,
      inputModel: draft.inputModel as Record<string, unknown>,
      content: draft.content as Record<string, unknown>,
      updatedBy: draft.userId,
      updatedAt: draft.now,
    })
    .onConflictDoUpdate({
      target: [agentDrafts.teamId, agentDrafts.kind, agentDrafts.scopeId],
      set: {
        step: draft.step,
        inputModel: draft.inputModel as Record<string, unknown>,
        content: draft.content as Record<string, unknown>,
        updatedBy: draft.userId,
        updatedAt: draft.now,
      },
    })
    .returning();
  return row!;
}

/**
 * Writes one generated part into the draft, keeping its other parts, step and answers; a first
 * generation creates the draft with the generation's input as its answers. One statement, so two
 * generations of different parts never lose each other's content.
 */
export async function writeGeneratedPart(
  db: Db,
  key: DraftKey,
  part: {
    id: string;
    contentId: string;
    content: unknown;
    inputModel: object;
    draftedBy: string;
    userId: string;
    now: Date;
  },
): Promise<AgentDraftRow> {
  const content = { [part.contentId]: part.content };
  const [row] = await db
    .insert(agentDrafts)
    .values({
      id: part.id,
      ...key,
      scopeId: scopeIdOf(key),
      inputModel: part.inputModel as Record<string, unknown>,
      content,
      draftedBy: part.draftedBy,
      updatedBy: part.userId,
      updatedAt: part.now,
    })
    .onConflictDoUpdate({
      target: [agentDrafts.teamId, agentDrafts.kind, agentDrafts.scopeId],
      set: {
        content: sql`${agentDrafts.content} || excluded.content`,
        draftedBy: part.draftedBy,
        updatedBy: part.userId,
        updatedAt: part.now,
      },
    })
    .returning();
  return row!;
}
