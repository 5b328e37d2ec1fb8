/**
 * MCP bearer tokens (spec §1, §7 `/mcp/auth/{id}/token`, by POST): made with 32 random bytes, shown once,
 * stored as their SHA-256, checked on every MCP request together with the user's membership, so a
 * member who leaves the team takes their tokens' access with them.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../db/types';
import type { McpTokenRow } from '../../db/schema';
import { findTeamItem } from '../../repositories/items';
import { findMembership } from '../../repositories/teams';
import {
  findLiveMcpToken,
  insertMcpToken,
  listLiveMcpTokens,
  lockItemTokens,
  revokeItemTokens,
  revokeMcpToken,
  touchMcpToken,
} from '../../repositories/mcpTokens';
import { invalidRequest, notFound } from '../../errors';
import {
  ITEM_TOKEN_HOURS,
  MCP_TOKEN_LIMITS,
  type CreatedMcpToken,
  type CreateMcpTokenBody,
  type ItemTokenAnswer,
  type McpScope,
  type McpToken,
} from '../../../shared/contract/mcp';

/** Recognisable in logs and by secret scanners. */
const TOKEN_PREFIX = 'baton_mcp_';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

const tokenOf = (row: McpTokenRow, itemExternalId: string | null): McpToken => ({
  id: row.id,
  kind: row.kind as McpToken['kind'],
  name: row.name,
  itemExternalId,
  scopes: row.scopes as McpScope[],
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * The terminal hand-off's token for one item: reads the team's items, on that item records progress
 * and links the pull request, lasts 24 hours. One live token per item and member: a new one revokes
 * the previous, so item tokens never pile up. Another team's item is NotFound.
 */
export async function issueItemToken(
  db: Db,
  input: { teamId: string; userId: string; itemId: string; now: Date },
): Promise<ItemTokenAnswer> {
  const item = await findTeamItem(db, input.teamId, input.itemId);
  if (!item) throw notFound('Item not found');
  const token = newToken();
  const expiresAt = new Date(input.now.getTime() + ITEM_TOKEN_HOURS * 3_600_000);
  await db.transaction(async (tx) => {
    await lockItemTokens(tx, { userId: input.userId, itemId: item.id });
    await revokeItemTokens(tx, { teamId: input.teamId, userId: input.userId, itemId: item.id }, input.now);
    await insertMcpToken(tx, {
      id: randomUUID(),
      teamId: input.teamId,
      userId: input.userId,
      kind: 'item',
      name: `Terminal hand-off of ${item.externalId}`,
      itemId: item.id,
      scopes: ['items:read', 'items:write'],
      tokenHash: hashToken(token),
      createdAt: input.now,
      expiresAt,
    });
  });
  return { token, expiresAt: expiresAt.toISOString() };
}

export async function createPersonalToken(
  db: Db,
  input: { teamId: string; userId: string; body: CreateMcpTokenBody; now: Date },
): Promise<CreatedMcpToken> {
  // Item tokens are one per item and short-lived: only personal tokens count against the cap.
  const live = (await listLiveMcpTokens(db, input.teamId, input.userId, input.now)).filter(
    (row) => row.token.kind === 'personal',
  );
  if (live.length >= MCP_TOKEN_LIMITS.perUser) {
    throw invalidRequest(`You have ${live.length} personal tokens in this team: revoke one you no longer use first.`);
  }
  const token = newToken();
  const row = await insertMcpToken(db, {
    id: randomUUID(),
    teamId: input.teamId,
    userId: input.userId,
    kind: 'personal',
    name: input.body.name.trim() || 'MCP token',
    itemId: null,
    scopes: [...input.body.scopes],
    tokenHash: hashToken(token),
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + input.body.expiresInDays * 86_400_000),
  });
  return { ...tokenOf(row, null), token };
}

export async function listTokens(db: Db, who: { teamId: string; userId: string }, now: Date) {
  const rows = await listLiveMcpTokens(db, who.teamId, who.userId, now);
  return { tokens: rows.map((row) => tokenOf(row.token, row.itemExternalId)) };
}

export async function revokeToken(db: Db, who: { teamId: string; userId: string; id: string }, now: Date) {
  if (!(await revokeMcpToken(db, who, now))) throw notFound('Token not found');
}

/** Who an MCP request acts as: the token's user in its team, and what the token lets them do. */
export interface McpPrincipal {
  tokenId: string;
  teamId: string;
  userId: string;
  scopes: McpScope[];
  /**
   * An item token records progress and links the pull request on this item only, and never changes
   * its text (requireAgentWritable); null: any item of the team.
   */
  writableItemId: string | null;
  expiresAt: Date;
}

/** The principal behind a bearer token, or null when it is unknown, revoked, expired, or its user left the team. */
export async function authenticateMcpToken(db: Db, token: string, now: Date): Promise<McpPrincipal | null> {
  if (!token.startsWith(TOKEN_PREFIX)) return null;
  const row = await findLiveMcpToken(db, hashToken(token), now);
  if (!row || !(await findMembership(db, row.teamId, row.userId))) return null;
  await touchMcpToken(db, row.id, now);
  return {
    tokenId: row.id,
    teamId: row.teamId,
    userId: row.userId,
    scopes: row.scopes as McpScope[],
    writableItemId: row.kind === 'item' ? row.itemId : null,
    expiresAt: row.expiresAt,
  };
}
