/**
 * One generation for the active team: the body checked against its pair's schema, the item checked
 * against the team, the content generated outside any transaction (a model may take a minute), then,
 * for an AI provider's generation, one agent action recorded under the account's row lock, within its
 * monthly quota, together with the generated part written into the stored draft. The project's plan and
 * story also read what is on the active project's board. The built-in
 * drafter's drafts cost no provider anything, so they spend no agent action and need none left. A
 * failed generation records and changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { Value } from '@sinclair/typebox/value';
import type { Db } from '../db/types';
import { insertAgentAction } from '../repositories/agentActions';
import { findTeam } from '../repositories/teams';
import { findTeamItem } from '../repositories/items';
import { enforceQuota } from './quotas';
import { invalidRequest, notFound } from '../errors';
import {
  agentPairs,
  contentIdsOf,
  findAgentPair,
  generateBodyOf,
  type AgentKind,
  type AgentPairKey,
  type GeneratedContent,
} from '../../shared/contract/agent';
import { PROMPT_CONTEXT_LIMITS, type AgentGenerator, type GenerationInput, type ItemContext } from '../ai/port';
import { contextChain } from '../repositories/contextItems';
import { contentProblem } from '../ai/outputSchema';
import { writeGeneratedPart } from '../repositories/agentDrafts';
import { activeProjectOf, draftKeyOf, withPatternIds } from './agentDrafts';
import { projectOutline } from './projectOutline';

/** The kinds whose drafts read what is already on the active project's board (the patterns: which items they apply to). */
const PLANS_THE_PROJECT = new Set<AgentKind>(['project-plan', 'product-story']);
const READS_THE_BOARD = new Set<AgentKind>([...PLANS_THE_PROJECT, 'engineering-patterns', 'product-patterns']);

const bodySchemas = new Map<AgentPairKey, ReturnType<typeof generateBodyOf>>();
const bodySchemaOf = (pair: AgentPairKey) => {
  if (!bodySchemas.has(pair)) bodySchemas.set(pair, generateBodyOf(pair));
  return bodySchemas.get(pair)!;
};

export interface ParsedGeneration {
  pair: AgentPairKey;
  itemId: string | null;
  inputModel: GenerationInput['inputModel'];
}

/** The pair a body names and its checked input, or InvalidRequest naming the field. */
export function parseGenerateBody(contextId: AgentKind, body: unknown): ParsedGeneration {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw invalidRequest('body must be an object');
  const { contentId } = body as { contentId?: unknown };
  if (typeof contentId !== 'string') throw invalidRequest('body.contentId is required');
  const pair = findAgentPair(contextId, contentId);
  if (!pair) {
    throw invalidRequest(`body.contentId must be one of ${contentIdsOf(contextId).join(', ')} for ${contextId}`);
  }
  const error = Value.Errors(bodySchemaOf(pair), body).First();
  if (error) {
    const field = ['body', ...error.path.split('/').filter(Boolean)].join('.');
    throw invalidRequest(`${field}: ${error.message}`);
  }
  const checked = body as { itemId?: string | null; inputModel: GenerationInput['inputModel'] };
  const { description } = checked.inputModel as { description?: string };
  if (description !== undefined && description.trim() === '') {
    throw invalidRequest('body.inputModel.description must not be blank');
  }
  return { pair, itemId: checked.itemId ?? null, inputModel: checked.inputModel };
}

async function teamAccountId(db: Db, teamId: string) {
  const team = await findTeam(db, teamId);
  if (!team) throw notFound('Team not found');
  return team.accountId;
}

async function itemContext(db: Db, teamId: string, itemId: string | null): Promise<ItemContext | null> {
  if (itemId === null) return null;
  const item = await findTeamItem(db, teamId, itemId);
  if (!item) throw notFound('item not found');
  const chain = item.parentContextItemId ? await contextChain(db, teamId, item.parentContextItemId) : [];
  const parentContexts = chain.slice(0, PROMPT_CONTEXT_LIMITS.depth).map((context) => ({
    title: context.title,
    kind: context.kind,
    body: context.body.slice(0, PROMPT_CONTEXT_LIMITS.body),
  }));
  return { itemType: item.itemType, description: item.description, goals: item.goals, parentContexts };
}

/** Records one agent action, refused with QuotaLimit `agent-actions` past the month's quota. Run it in a transaction. */
export async function recordAgentAction(
  db: Db,
  action: { accountId: string; teamId: string; userId: string; kind: string; now: Date },
) {
  await enforceQuota(db, { kind: 'agent-actions', accountId: action.accountId }, action.now);
  await insertAgentAction(db, action);
}

export async function generateAgentContent(
  db: Db,
  generator: AgentGenerator,
  input: {
    teamId: string;
    userId: string;
    contextId: AgentKind;
    body: unknown;
    now: Date;
    signal?: AbortSignal;
    /** For a streamed answer: told when generation starts (every check passed) and of the content so far. */
    progress?: { started(): void; partial(content: unknown): void };
  },
): Promise<GeneratedContent> {
  const { pair, itemId, inputModel } = parseGenerateBody(input.contextId, input.body);
  const accountId = await teamAccountId(db, input.teamId);
  const item = await itemContext(db, input.teamId, itemId);
  const draftKey = await draftKeyOf(db, { teamId: input.teamId, userId: input.userId, kind: input.contextId, itemId });
  const counted = generator.draftedBy === 'ai';
  // A check without the lock first, so a caller already past the quota costs no generation.
  if (counted) await enforceQuota(db, { kind: 'agent-actions', accountId }, input.now);

  // The patterns are the team's, so their draft has no project: they read the requester's active one, if any.
  const boardProject = PLANS_THE_PROJECT.has(input.contextId)
    ? draftKey.projectId
    : READS_THE_BOARD.has(input.contextId)
      ? await activeProjectOf(db, input.teamId, input.userId)
      : null;
  const project = boardProject ? await projectOutline(db, input.teamId, boardProject, input.now) : null;

  input.progress?.started();
  const content = await generator.generate(pair, { inputModel, item, project } as GenerationInput, {
    signal: input.signal,
    onPartial: input.progress?.partial,
  });
  const problem = contentProblem(pair, content);
  if (problem) throw new Error(`${generator.provider} produced off-schema ${pair} content at ${problem}`);

  const { contextId, contentId } = agentPairs[pair];
  // The action and the part it wrote land together: a refused action leaves the draft as it was.
  await db.transaction(async (tx) => {
    if (counted) {
      await recordAgentAction(tx, {
        accountId,
        teamId: input.teamId,
        userId: input.userId,
        kind: pair,
        now: input.now,
      });
    }
    await writeGeneratedPart(tx, draftKey, {
      id: randomUUID(),
      contentId,
      content: withPatternIds(contextId, { [contentId]: content })[contentId],
      inputModel: inputModel as object,
      draftedBy: generator.draftedBy,
      userId: input.userId,
      now: input.now,
    });
  });
  return { contextId, contentId, draftedBy: generator.draftedBy, content };
}
