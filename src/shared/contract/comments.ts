/**
 * Comments on items (docs/comments.md): markdown, rendered like descriptions; edited by their author,
 * deleted by their author or a team Admin. `@handle` mentions (../mentions.ts) land in the named
 * member's mentions list. Agents read and write them over MCP (list_comments, add_comment).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common';

/** The spec has no quota for comments; these bound what one comment and one item hold. */
export const COMMENT_LIMITS = { body: 10_000, perItem: 1_000, mentionsListed: 100, markRead: 200 } as const;

export const CommentBody = Type.Object(
  {
    body: Type.String({
      minLength: 1,
      maxLength: COMMENT_LIMITS.body,
      pattern: '\\S',
      description: 'Markdown; `@handle` mentions a member.',
    }),
  },
  { $id: 'CommentBody', additionalProperties: false },
);
export type CommentBody = Static<typeof CommentBody>;

export const Comment = Type.Object(
  {
    id: Type.String(),
    itemId: Type.String(),
    body: Type.String(),
    /** Null once the author's account is gone. */
    authorUserId: Type.Union([Type.String(), Type.Null()]),
    authorEmailAddress: Type.Union([Type.String(), Type.Null()]),
    /** Written by an agent over MCP, on the author's token. */
    byAgent: Type.Boolean(),
    dateCreated: Type.String({ format: 'date-time' }),
    /** Null until edited. */
    dateEdited: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    mentionedUserIds: Type.Array(Type.String()),
  },
  { $id: 'Comment' },
);
export type Comment = Static<typeof Comment>;

export const ItemCommentsParams = Type.Object({ id: Id });
export const CommentParams = Type.Object({ id: Id, commentId: Id });
/** Oldest first. */
export const ItemComments = Type.Object({ comments: Type.Array(Comment) }, { $id: 'ItemComments' });
export const DeletedComment = Type.Object({ id: Type.String() }, { $id: 'DeletedComment' });

export const Mention = Type.Object(
  {
    comment: Comment,
    item: Type.Object({ id: Type.String(), externalId: Type.String(), title: Type.String() }),
    read: Type.Boolean(),
  },
  { $id: 'Mention' },
);
export type Mention = Static<typeof Mention>;
/** Newest first, at most COMMENT_LIMITS.mentionsListed; `unread` counts them all. */
export const Mentions = Type.Object(
  { mentions: Type.Array(Mention), unread: Type.Integer({ minimum: 0 }) },
  { $id: 'Mentions' },
);

export const MentionsReadBody = Type.Object(
  {
    commentIds: Type.Optional(
      Type.Array(Id, {
        maxItems: COMMENT_LIMITS.markRead,
        description: 'The mentions to mark read; every mention of the user in the team when absent.',
      }),
    ),
  },
  { $id: 'MentionsReadBody', additionalProperties: false },
);
export type MentionsReadBody = Static<typeof MentionsReadBody>;
export const MentionsRead = Type.Object({ unread: Type.Integer({ minimum: 0 }) }, { $id: 'MentionsRead' });
