import { and, asc, count, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/types';
import { commentMentions, itemComments, items, users, type ItemCommentRow } from '../db/schema';

/** A comment with its author's address and the members it mentions, as every reader shows it. */
export interface CommentRecord extends ItemCommentRow {
  authorEmailAddress: string | null;
  mentionedUserIds: string[];
}

const commentColumns = {
  id: itemComments.id,
  seq: itemComments.seq,
  teamId: itemComments.teamId,
  itemId: itemComments.itemId,
  authorUserId: itemComments.authorUserId,
  byAgent: itemComments.byAgent,
  body: itemComments.body,
  dateCreated: itemComments.dateCreated,
  dateEdited: itemComments.dateEdited,
  authorEmailAddress: users.emailAddress,
  mentionedUserIds: sql<
    string[]
  >`coalesce((select array_agg(${commentMentions.userId} order by ${commentMentions.userId}) from ${commentMentions} where ${commentMentions.commentId} = ${itemComments.id}), '{}')`,
};

export async function insertComment(db: Db, row: typeof itemComments.$inferInsert): Promise<void> {
  await db.insert(itemComments).values(row);
}

export async function countItemComments(db: Db, itemId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(itemComments).where(eq(itemComments.itemId, itemId));
  return row?.n ?? 0;
}

/** The item's comments, oldest first. */
export async function listItemComments(db: Db, teamId: string, itemId: string): Promise<CommentRecord[]> {
  return db
    .select(commentColumns)
    .from(itemComments)
    .leftJoin(users, eq(users.id, itemComments.authorUserId))
    .where(and(eq(itemComments.teamId, teamId), eq(itemComments.itemId, itemId)))
    .orderBy(asc(itemComments.seq));
}

/** One comment of the team's item; another team's, or another item's, is not found. */
export async function findItemComment(
  db: Db,
  teamId: string,
  itemId: string,
  commentId: string,
): Promise<CommentRecord | undefined> {
  const [row] = await db
    .select(commentColumns)
    .from(itemComments)
    .leftJoin(users, eq(users.id, itemComments.authorUserId))
    .where(and(eq(itemComments.teamId, teamId), eq(itemComments.itemId, itemId), eq(itemComments.id, commentId)));
  return row;
}

export async function updateCommentBody(db: Db, commentId: string, body: string, dateEdited: Date): Promise<void> {
  await db.update(itemComments).set({ body, dateEdited }).where(eq(itemComments.id, commentId));
}

export async function deleteComment(db: Db, commentId: string): Promise<void> {
  await db.delete(itemComments).where(eq(itemComments.id, commentId));
}

/** The comment mentions exactly these members: those still named keep their read state, new ones are unread. */
export async function replaceMentions(db: Db, teamId: string, commentId: string, userIds: readonly string[]) {
  const gone = userIds.length > 0 ? notInArray(commentMentions.userId, [...userIds]) : undefined;
  await db.delete(commentMentions).where(and(eq(commentMentions.commentId, commentId), gone));
  if (userIds.length === 0) return;
  await db
    .insert(commentMentions)
    .values(userIds.map((userId) => ({ commentId, userId, teamId })))
    .onConflictDoNothing();
}

export interface MentionRecord {
  comment: CommentRecord;
  item: { id: string; externalId: string; description: string };
  readAt: Date | null;
}

/** What mentions the user in the team, newest first. */
export async function listUserMentions(
  db: Db,
  teamId: string,
  userId: string,
  limit: number,
): Promise<MentionRecord[]> {
  const rows = await db
    .select({
      ...commentColumns,
      readAt: commentMentions.readAt,
      externalId: items.externalId,
      description: sql<string>`left(${items.description}, 400)`,
    })
    .from(commentMentions)
    .innerJoin(itemComments, eq(itemComments.id, commentMentions.commentId))
    .innerJoin(items, eq(items.id, itemComments.itemId))
    .leftJoin(users, eq(users.id, itemComments.authorUserId))
    .where(and(eq(commentMentions.teamId, teamId), eq(commentMentions.userId, userId)))
    .orderBy(desc(itemComments.seq))
    .limit(limit);
  return rows.map(({ readAt, externalId, description, ...comment }) => ({
    comment,
    item: { id: comment.itemId, externalId, description },
    readAt,
  }));
}

export async function countUnreadMentions(db: Db, teamId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(commentMentions)
    .where(and(eq(commentMentions.teamId, teamId), eq(commentMentions.userId, userId), isNull(commentMentions.readAt)));
  return row?.n ?? 0;
}

/** Marks these mentions of the user read (all of them in the team when no ids are given). */
export async function markMentionsRead(
  db: Db,
  teamId: string,
  userId: string,
  commentIds: readonly string[] | undefined,
  now: Date,
): Promise<void> {
  if (commentIds?.length === 0) return;
  await db
    .update(commentMentions)
    .set({ readAt: now })
    .where(
      and(
        eq(commentMentions.teamId, teamId),
        eq(commentMentions.userId, userId),
        isNull(commentMentions.readAt),
        commentIds ? inArray(commentMentions.commentId, [...commentIds]) : undefined,
      ),
    );
}
