import type { Db } from '../db/types';
import type { McpPrincipal } from '../services/mcp/tokens';
import { ApiError, invalidRequest, notFound } from '../errors';
import { findTeamItem } from '../repositories/items';
import { findTeamItemIdByKey } from '../repositories/itemSummaries';

/** What every tool works with: the database, the time, Baton's and GitHub's addresses and who is calling. */
export interface McpContext {
  db: Db;
  now: () => Date;
  publicUrl: string;
  /** GitHub's web address (github.com or the configured Enterprise Server): pull requests must be on it. */
  githubWebUrl: string;
  principal: McpPrincipal;
  /** The JSON-RPC method of the request this server answers (a read-only token lists only read tools). */
  requestMethod?: string;
}

/** A tool's answer: text for the agent, marked as an error when the call was refused. */
export interface ToolAnswer {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  isError?: boolean;
}

export const text = (value: string): ToolAnswer => ({ content: [{ type: 'text', text: value }] });

/** Runs a tool; a refusal Baton explains (not found, invalid, quota) becomes a tool error the agent can read. */
export async function answer(run: () => Promise<string>): Promise<ToolAnswer> {
  try {
    return text(await run());
  } catch (error) {
    if (error instanceof ApiError) return { ...text(error.message), isError: true };
    throw error;
  }
}

/** An item of the caller's team named by its key (AE-12) or id; another team's item is not found. */
export async function resolveItem(context: McpContext, reference: string) {
  const { db, principal } = context;
  const id = /^[A-Za-z][A-Za-z0-9]*-\d+$/.test(reference.trim())
    ? await findTeamItemIdByKey(db, principal.teamId, reference.trim())
    : reference.trim();
  const item = id ? await findTeamItem(db, principal.teamId, id) : undefined;
  if (!item) throw notFound(`No item ${reference} in this team`);
  return item;
}

/** Whether the token may change this item: write scope, and for an item token only its own item. */
export function requireWritable(context: McpContext, item: { id: string; externalId: string }) {
  const { principal } = context;
  if (!principal.scopes.includes('items:write')) throw invalidRequest('This token may only read items.');
  if (principal.writableItemId !== null && principal.writableItemId !== item.id) {
    throw invalidRequest(`This token may change only the item it was made for, not ${item.externalId}.`);
  }
}

/**
 * An item token (the terminal hand-off's) never changes the item's text: the description, goals and
 * test scenarios are the team's acceptance criteria, and the agent is the one being judged by them.
 */
export function refuseItemTokenEdit(context: McpContext) {
  if (context.principal.writableItemId !== null) {
    throw invalidRequest(
      "This item token records progress and links the pull request; it does not change the item's description, goals or test scenarios (the team's acceptance criteria). To suggest a change, say it with record_progress and state awaitingInput.",
    );
  }
}
