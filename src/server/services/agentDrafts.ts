/**
 * Stored agent drafts (contract/agentDrafts.ts): where each kind's draft lives for the requester (the
 * item, checked against the team; the active project; or the team), reading it, replacing it, and the
 * pattern catalogue implementation items reference.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/types';
import type { AgentDraftRow } from '../db/schema';
import { findDraft, findTeamDrafts, saveDraft, type DraftKey } from '../repositories/agentDrafts';
import { findTeamItem } from '../repositories/items';
import { findMembership } from '../repositories/teams';
import { findTeamProject, listTeamProjects } from '../repositories/projects';
import { invalidRequest, notFound } from '../errors';
import type { AgentKind, DraftedBy } from '../../shared/contract/agent';
import {
  PatternAgentKinds,
  draftScopeOf,
  type AgentDraft,
  type PutDraftBody,
  type StoredPattern,
} from '../../shared/contract/agentDrafts';

/** The user's active project in the team, as the core context resolves it: their choice, else the first. */
export async function activeProjectOf(db: Db, teamId: string, userId: string): Promise<string | null> {
  const chosen = (await findMembership(db, teamId, userId))?.activeProjectId;
  if (chosen && (await findTeamProject(db, teamId, chosen))) return chosen;
  return (await listTeamProjects(db, teamId))[0]?.id ?? null;
}

/**
 * The key of a kind's draft for this requester. A per-item kind needs an item of the team (another
 * team's is NotFound); a project kind needs an active project ('Project not set' otherwise).
 */
export async function draftKeyOf(
  db: Db,
  request: { teamId: string; userId: string; kind: AgentKind; itemId?: string | null },
): Promise<DraftKey> {
  const { teamId, kind } = request;
  switch (draftScopeOf(kind)) {
    case 'item': {
      if (!request.itemId || !(await findTeamItem(db, teamId, request.itemId))) throw notFound('item not found');
      return { teamId, kind, projectId: null, itemId: request.itemId };
    }
    case 'project': {
      const projectId = await activeProjectOf(db, teamId, request.userId);
      if (!projectId) throw invalidRequest('Project not set');
      return { teamId, kind, projectId, itemId: null };
    }
    case 'team':
      return { teamId, kind, projectId: null, itemId: null };
  }
}

export function draftAnswer(kind: AgentKind, key: DraftKey, row: AgentDraftRow | undefined): AgentDraft {
  return {
    kind,
    projectId: key.projectId,
    itemId: key.itemId,
    step: row?.step ?? null,
    inputModel: row?.inputModel ?? {},
    content: row?.content ?? {},
    draftedBy: (row?.draftedBy as DraftedBy | null | undefined) ?? null,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

const isPatternKind = (kind: AgentKind) => (PatternAgentKinds as readonly string[]).includes(kind);

/** Content as stored: every pattern of a pattern kind carries an id, kept once given. */
export function withPatternIds(kind: AgentKind, content: Record<string, unknown>): Record<string, unknown> {
  const part = content.patterns as { patterns?: StoredPattern[] } | undefined;
  if (!isPatternKind(kind) || !part?.patterns) return content;
  const patterns = part.patterns.map((pattern) => (pattern.id ? pattern : { ...pattern, id: randomUUID() }));
  return { ...content, patterns: { patterns } };
}

export async function readAgentDraft(
  db: Db,
  request: { teamId: string; userId: string; kind: AgentKind; itemId?: string | null },
): Promise<AgentDraft> {
  const key = await draftKeyOf(db, request);
  return draftAnswer(request.kind, key, await findDraft(db, key));
}

/** Replaces the draft; a pattern id used twice is refused, so references stay unambiguous. */
export async function putAgentDraft(
  db: Db,
  request: { teamId: string; userId: string; kind: AgentKind; body: PutDraftBody; now: Date },
): Promise<AgentDraft> {
  const { kind, body } = request;
  const key = await draftKeyOf(db, { ...request, itemId: body.itemId });
  const content = withPatternIds(kind, body.content);
  const ids = ((content.patterns as { patterns?: StoredPattern[] } | undefined)?.patterns ?? []).map((p) => p.id);
  if (new Set(ids).size !== ids.length) throw invalidRequest('body.content.patterns.patterns: each id must be unique');
  const row = await saveDraft(db, key, {
    id: randomUUID(),
    step: body.step,
    inputModel: body.inputModel,
    content,
    userId: request.userId,
    now: request.now,
  });
  return draftAnswer(kind, key, row);
}

/** Every pattern in the team's engineering and product catalogues, by id. */
export async function teamPatterns(db: Db, teamId: string): Promise<Map<string, StoredPattern & { kind: string }>> {
  const rows = await findTeamDrafts(db, teamId, PatternAgentKinds);
  const byId = new Map<string, StoredPattern & { kind: string }>();
  for (const row of rows) {
    const patterns = (row.content.patterns as { patterns?: StoredPattern[] } | undefined)?.patterns ?? [];
    for (const pattern of patterns) if (pattern.id) byId.set(pattern.id, { ...pattern, kind: row.kind });
  }
  return byId;
}
