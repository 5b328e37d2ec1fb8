import { bigserial, boolean, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { teams } from './teams';
import { items } from './items';
import { users } from './users';

/** A comment on an item (docs/comments.md): markdown, by a member or by an agent on a member's token. */
export const itemComments = pgTable(
  'item_comments',
  {
    id: text('id').primaryKey(),
    /** The order comments were written in (several may share a timestamp). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    itemId: text('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    /** Null once the author's account is gone; the comment stays. */
    authorUserId: text('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Written over MCP (an agent working on the author's token), not in the app. */
    byAgent: boolean('by_agent').notNull().default(false),
    body: text('body').notNull(),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull(),
    /** Null until the comment is edited. */
    dateEdited: timestamp('date_edited', { withTimezone: true }),
  },
  (table) => [index('item_comments_item').on(table.itemId, table.seq)],
);
export type ItemCommentRow = typeof itemComments.$inferSelect;

/** A member named in a comment (`@name`), with whether they have seen it. */
export const commentMentions = pgTable(
  'comment_mentions',
  {
    commentId: text('comment_id')
      .notNull()
      .references(() => itemComments.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: text('team_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.commentId, table.userId] }),
    index('comment_mentions_user').on(table.userId, table.teamId),
  ],
);
export type CommentMentionRow = typeof commentMentions.$inferSelect;
