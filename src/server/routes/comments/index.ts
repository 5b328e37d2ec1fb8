import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  Comment,
  CommentBody,
  CommentParams,
  DeletedComment,
  ItemComments,
  ItemCommentsParams,
  Mentions,
  MentionsRead,
  MentionsReadBody,
} from '../../../shared/contract/comments';
import { answers, ok } from '../responses';
import { requireActiveTeam } from '../activeTeam';
import { writerOf } from '../writer';
import {
  addComment,
  editComment,
  itemComments,
  mentionsOf,
  readMentions,
  removeComment,
} from '../../services/comments';

const tags = ['comments'];

/** Comments on the active team's items, and what mentions the signed-in user (docs/comments.md). */
export default async function commentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/project-items/:id/comments',
    {
      schema: {
        tags,
        operationId: 'listItemComments',
        description: "The item's comments, oldest first.",
        params: ItemCommentsParams,
        response: answers(ItemComments),
      },
    },
    async (request) => {
      const { teamId } = await requireActiveTeam(app, request);
      return ok({ comments: await itemComments(app.db, teamId, request.params.id) });
    },
  );

  app.post(
    '/project-items/:id/comments',
    {
      config: { idempotent: true },
      schema: {
        tags,
        operationId: 'addItemComment',
        description: 'Adds a markdown comment to the item; `@handle` mentions a member. Answers the comment.',
        params: ItemCommentsParams,
        body: CommentBody,
        response: answers(Comment),
      },
    },
    async (request) => {
      const { teamId, userId } = await requireActiveTeam(app, request);
      const input = {
        writer: writerOf(request, teamId),
        userId,
        itemId: request.params.id,
        body: request.body.body,
        byAgent: false,
        now: app.clock.now(),
      };
      return ok(await app.db.transaction((tx) => addComment(tx, input)));
    },
  );

  app.put(
    '/project-items/:id/comments/:commentId',
    {
      schema: {
        tags,
        operationId: 'editItemComment',
        description: "Replaces the text of the caller's own comment (403 for anyone else's).",
        params: CommentParams,
        body: CommentBody,
        response: answers(Comment),
      },
    },
    async (request) => {
      const { teamId, userId } = await requireActiveTeam(app, request);
      const { id, commentId } = request.params;
      const input = { writer: writerOf(request, teamId), userId, itemId: id, commentId, body: request.body.body };
      return ok(await app.db.transaction((tx) => editComment(tx, { ...input, now: app.clock.now() })));
    },
  );

  app.delete(
    '/project-items/:id/comments/:commentId',
    {
      schema: {
        tags,
        operationId: 'deleteItemComment',
        description: "Deletes a comment: the caller's own, or anyone's for a team Admin (403 otherwise).",
        params: CommentParams,
        response: answers(DeletedComment),
      },
    },
    async (request) => {
      const { teamId, userId, role } = await requireActiveTeam(app, request);
      const { id, commentId } = request.params;
      const input = { writer: writerOf(request, teamId), userId, role, itemId: id, commentId };
      return ok(await app.db.transaction((tx) => removeComment(tx, input)));
    },
  );

  app.get(
    '/mentions',
    {
      schema: {
        tags,
        operationId: 'listMentions',
        description:
          'Comments in the team that mention the caller, newest first (at most 100), and how many are unread.',
        response: answers(Mentions),
      },
    },
    async (request) => {
      const { teamId, userId } = await requireActiveTeam(app, request);
      return ok(await mentionsOf(app.db, teamId, userId));
    },
  );

  app.put(
    '/mentions/read',
    {
      schema: {
        tags,
        operationId: 'markMentionsRead',
        description:
          "Marks the caller's mentions read: those named, or all of them in the team. Answers how many stay unread.",
        body: MentionsReadBody,
        response: answers(MentionsRead),
      },
    },
    async (request) => {
      const { teamId, userId } = await requireActiveTeam(app, request);
      const input = { teamId, userId, commentIds: request.body.commentIds, now: app.clock.now() };
      return ok(await readMentions(app.db, input));
    },
  );
}
