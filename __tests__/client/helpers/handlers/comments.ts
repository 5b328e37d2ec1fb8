import { http, HttpResponse } from 'msw';
import type { Comment, Mention } from '../../../../src/shared/contract/comments';
import { mentionedMembers } from '../../../../src/shared/mentions';
import { mockBackend, ok, unauthorizedBody } from './mockBackend';
import { planBackend } from './planBackend';

const url = (path: string) => `${location.origin}/v1/teams/active${path}`;
const unauthorized = () => HttpResponse.json(unauthorizedBody, { status: 401 });
const notFound = (what: string) => HttpResponse.json({ result: 'NotFound', message: what }, { status: 404 });
const forbidden = (message: string) => HttpResponse.json({ result: 'Unauthorized', message }, { status: 403 });

/** The server's side of the comments group: comments by item, the signed-in user's mentions and what they read. */
export const commentsBackend = {
  comments: [] as Comment[],
  /** Comment ids the signed-in user has read their mention in. */
  read: new Set<string>(),
  calls: [] as string[],
  next: 1,
  reset() {
    this.comments = [];
    this.read = new Set();
    this.calls = [];
    this.next = 1;
  },
  /** A comment as the server would store it (someone else's, unless authorUserId says otherwise). */
  add(fields: Partial<Comment> & { itemId: string; body: string }): Comment {
    const members = mockBackend.context.activeTeam.teamMemberships.map((member) => ({
      userId: member.memberUserId,
      emailAddress: member.memberEmailAddress,
    }));
    const authorUserId = fields.authorUserId === undefined ? 'user-2' : fields.authorUserId;
    const comment: Comment = {
      id: `comment-${this.next++}`,
      authorUserId,
      authorEmailAddress: members.find((member) => member.userId === authorUserId)?.emailAddress ?? 'bob@example.com',
      byAgent: false,
      dateCreated: new Date().toISOString(),
      dateEdited: null,
      mentionedUserIds: mentionedMembers(fields.body, members)
        .map((member) => member.userId)
        .filter((userId) => userId !== authorUserId),
      ...fields,
    };
    this.comments.push(comment);
    return comment;
  },
  mentions(): { mentions: Mention[]; unread: number } {
    const me = mockBackend.context.userContext.userId;
    const mine = this.comments.filter((comment) => comment.mentionedUserIds.includes(me)).reverse();
    const mentions = mine.map((comment) => {
      const item = planBackend.items.find((candidate) => candidate.id === comment.itemId);
      return {
        comment,
        item: {
          id: comment.itemId,
          externalId: item?.externalId ?? 'AE-?',
          title: item?.description.split('\n')[0] ?? '',
        },
        read: this.read.has(comment.id),
      };
    });
    return { mentions, unread: mentions.filter((mention) => !mention.read).length };
  },
};

const itemKnown = (id: string) => planBackend.items.some((item) => item.id === id);

export const commentsHandlers = [
  http.get(url('/project-items/:id/comments'), ({ params }) => {
    if (!mockBackend.signedIn) return unauthorized();
    const id = String(params.id);
    commentsBackend.calls.push(`list ${id}`);
    if (!itemKnown(id)) return notFound('item not found');
    return HttpResponse.json(ok({ comments: commentsBackend.comments.filter((comment) => comment.itemId === id) }));
  }),
  http.post(url('/project-items/:id/comments'), async ({ params, request }) => {
    if (!mockBackend.signedIn) return unauthorized();
    const id = String(params.id);
    const { body } = (await request.json()) as { body: string };
    commentsBackend.calls.push(`add ${id} ${body}`);
    if (!itemKnown(id)) return notFound('item not found');
    return HttpResponse.json(
      ok(commentsBackend.add({ itemId: id, body: body.trim(), authorUserId: mockBackend.context.userContext.userId })),
    );
  }),
  http.put(url('/project-items/:id/comments/:commentId'), async ({ params, request }) => {
    if (!mockBackend.signedIn) return unauthorized();
    const { body } = (await request.json()) as { body: string };
    commentsBackend.calls.push(`edit ${String(params.commentId)} ${body}`);
    const comment = commentsBackend.comments.find((candidate) => candidate.id === params.commentId);
    if (!comment) return notFound('Comment not found');
    if (comment.authorUserId !== mockBackend.context.userContext.userId)
      return forbidden('Only its author can edit a comment.');
    Object.assign(comment, { body: body.trim(), dateEdited: new Date().toISOString() });
    return HttpResponse.json(ok(comment));
  }),
  http.delete(url('/project-items/:id/comments/:commentId'), ({ params }) => {
    if (!mockBackend.signedIn) return unauthorized();
    commentsBackend.calls.push(`delete ${String(params.commentId)}`);
    const comment = commentsBackend.comments.find((candidate) => candidate.id === params.commentId);
    if (!comment) return notFound('Comment not found');
    commentsBackend.comments = commentsBackend.comments.filter((candidate) => candidate !== comment);
    return HttpResponse.json(ok({ id: comment.id }));
  }),
  http.get(url('/mentions'), () => {
    if (!mockBackend.signedIn) return unauthorized();
    return HttpResponse.json(ok(commentsBackend.mentions()));
  }),
  http.put(url('/mentions/read'), async ({ request }) => {
    if (!mockBackend.signedIn) return unauthorized();
    const { commentIds } = (await request.json()) as { commentIds?: string[] };
    commentsBackend.calls.push(`read ${commentIds?.join(',') ?? 'all'}`);
    for (const { comment } of commentsBackend.mentions().mentions)
      if (!commentIds || commentIds.includes(comment.id)) commentsBackend.read.add(comment.id);
    return HttpResponse.json(ok({ unread: commentsBackend.mentions().unread }));
  }),
];
