/**
 * Comments on items (docs/comments.md). Every id is checked against the team (another team's item or
 * comment is NotFound); only the author edits a comment, the author or a team Admin deletes it; each
 * write records who it mentions and tells the team's open boards in its own transaction.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/types';
import {
  countItemComments,
  countUnreadMentions,
  deleteComment,
  findItemComment,
  insertComment,
  listItemComments,
  listUserMentions,
  markMentionsRead,
  replaceMentions,
  updateCommentBody,
  type CommentRecord,
} from '../repositories/comments';
import { findTeamItem, lockTeamItem } from '../repositories/items';
import { listTeamMembers } from '../repositories/teams';
import { announce, type Writer } from './teamEvents/announce';
import { forbidden, invalidRequest, notFound } from '../errors';
import { COMMENT_LIMITS, type Comment, type Mention } from '../../shared/contract/comments';
import { mentionedMembers } from '../../shared/mentions';
import { displayTitle } from '../../shared/displayTitle';
import { TeamRole } from '../../shared/enums';

export const commentOf = (row: CommentRecord): Comment => ({
  id: row.id,
  itemId: row.itemId,
  body: row.body,
  authorUserId: row.authorUserId,
  authorEmailAddress: row.authorEmailAddress,
  byAgent: row.byAgent,
  dateCreated: row.dateCreated.toISOString(),
  dateEdited: row.dateEdited?.toISOString() ?? null,
  mentionedUserIds: row.mentionedUserIds,
});

async function requireItem(db: Db, teamId: string, itemId: string) {
  const item = await findTeamItem(db, teamId, itemId);
  if (!item) throw notFound('item not found');
  return item;
}

async function requireComment(db: Db, teamId: string, itemId: string, commentId: string) {
  const row = await findItemComment(db, teamId, itemId, commentId);
  if (!row) throw notFound('Comment not found');
  return row;
}

/** The members the text mentions, the author aside (nobody needs telling what they wrote). */
async function mentionsIn(db: Db, teamId: string, authorUserId: string, body: string): Promise<string[]> {
  const members = (await listTeamMembers(db, teamId)).map((member) => ({
    userId: member.memberUserId,
    emailAddress: member.memberEmailAddress,
  }));
  return mentionedMembers(body, members)
    .map((member) => member.userId)
    .filter((userId) => userId !== authorUserId);
}

export async function itemComments(db: Db, teamId: string, itemId: string): Promise<Comment[]> {
  await requireItem(db, teamId, itemId);
  return (await listItemComments(db, teamId, itemId)).map(commentOf);
}

export interface NewComment {
  writer: Writer;
  userId: string;
  itemId: string;
  body: string;
  /** Written over MCP by an agent on the user's token. */
  byAgent: boolean;
  now: Date;
}

/** Adds a comment; run in a transaction (the item stays locked while its comments are counted). */
export async function addComment(db: Db, input: NewComment): Promise<Comment> {
  const { writer, userId, itemId, now } = input;
  const teamId = writer.teamId;
  if (!(await lockTeamItem(db, teamId, itemId))) throw notFound('item not found');
  if ((await countItemComments(db, itemId)) >= COMMENT_LIMITS.perItem) {
    throw invalidRequest(`An item can hold at most ${COMMENT_LIMITS.perItem} comments`);
  }
  const id = randomUUID();
  const body = input.body.trim();
  await insertComment(db, { id, teamId, itemId, authorUserId: userId, byAgent: input.byAgent, body, dateCreated: now });
  const mentioned = await mentionsIn(db, teamId, userId, body);
  await replaceMentions(db, teamId, id, mentioned);
  await announce(db, writer, { kind: 'comments', itemId, mentionedUserIds: mentioned });
  return commentOf(await requireComment(db, teamId, itemId, id));
}

/** Replaces the text of the user's own comment; run in a transaction. */
export async function editComment(
  db: Db,
  input: { writer: Writer; userId: string; itemId: string; commentId: string; body: string; now: Date },
): Promise<Comment> {
  const { writer, userId, itemId, commentId } = input;
  const teamId = writer.teamId;
  const current = await requireComment(db, teamId, itemId, commentId);
  if (current.authorUserId !== userId) throw forbidden('Only its author can edit a comment.');
  const body = input.body.trim();
  await updateCommentBody(db, commentId, body, input.now);
  const mentioned = await mentionsIn(db, teamId, userId, body);
  await replaceMentions(db, teamId, commentId, mentioned);
  const touched = [...new Set([...current.mentionedUserIds, ...mentioned])];
  await announce(db, writer, { kind: 'comments', itemId, mentionedUserIds: touched });
  return commentOf(await requireComment(db, teamId, itemId, commentId));
}

/** Deletes a comment: the author's own, or any as a team Admin; run in a transaction. */
export async function removeComment(
  db: Db,
  input: { writer: Writer; userId: string; role: TeamRole; itemId: string; commentId: string },
): Promise<{ id: string }> {
  const { writer, itemId, commentId } = input;
  const current = await requireComment(db, writer.teamId, itemId, commentId);
  if (current.authorUserId !== input.userId && input.role !== TeamRole.Admin) {
    throw forbidden('Only its author or a team Admin can delete a comment.');
  }
  await deleteComment(db, commentId);
  await announce(db, writer, { kind: 'comments', itemId, mentionedUserIds: current.mentionedUserIds });
  return { id: commentId };
}

/** What mentions the user in the team, newest first, with how many are unread. */
export async function mentionsOf(
  db: Db,
  teamId: string,
  userId: string,
): Promise<{ mentions: Mention[]; unread: number }> {
  const rows = await listUserMentions(db, teamId, userId, COMMENT_LIMITS.mentionsListed);
  return {
    mentions: rows.map((row) => ({
      comment: commentOf(row.comment),
      item: { id: row.item.id, externalId: row.item.externalId, title: displayTitle(row.item.description) },
      read: row.readAt !== null,
    })),
    unread: await countUnreadMentions(db, teamId, userId),
  };
}

export async function readMentions(
  db: Db,
  input: { teamId: string; userId: string; commentIds: string[] | undefined; now: Date },
): Promise<{ unread: number }> {
  await markMentionsRead(db, input.teamId, input.userId, input.commentIds, input.now);
  return { unread: await countUnreadMentions(db, input.teamId, input.userId) };
}
