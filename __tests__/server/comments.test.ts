import { sql } from 'drizzle-orm';
import { buildTestApp, call, type TestApp } from './helpers/testApp';
import { createItem, teamUser } from './helpers/planning';
import { join } from './helpers/members';
import { teamEvents } from '../../src/server/db/schema';
import { COMMENT_LIMITS } from '../../src/shared/contract/comments';

jest.setTimeout(30_000);

const I = '/v1/teams/active/project-items';
const M = '/v1/teams/active/mentions';

describe('comments: /v1/teams/active/project-items/{id}/comments', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof teamUser>>;
  let editor: Awaited<ReturnType<typeof join>>;
  let stranger: Awaited<ReturnType<typeof teamUser>>;
  let item: { id: string; externalId: string };
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await teamUser(t.app, 'ada@example.com');
    editor = await join(t.app, admin.cookie, 'bob@example.com');
    stranger = await teamUser(t.app, 'eve@example.com');
    item = await createItem(t.app, admin.cookie, admin.projectId, { item: { description: 'Checkout' } });
  });
  afterAll(() => t.close());

  const add = (body: unknown, cookie = admin.cookie, itemId = item.id) =>
    call(t.app, 'POST', `${I}/${itemId}/comments`, { cookie, body });
  const list = async (cookie = admin.cookie, itemId = item.id) => {
    const response = await call(t.app, 'GET', `${I}/${itemId}/comments`, { cookie });
    return { status: response.statusCode, body: response.json() };
  };
  const edit = (commentId: string, body: unknown, cookie = admin.cookie, itemId = item.id) =>
    call(t.app, 'PUT', `${I}/${itemId}/comments/${commentId}`, { cookie, body });
  const remove = (commentId: string, cookie = admin.cookie, itemId = item.id) =>
    call(t.app, 'DELETE', `${I}/${itemId}/comments/${commentId}`, { cookie });
  const mentions = async (cookie: string) => (await call(t.app, 'GET', M, { cookie })).json().data;
  const commentCount = async () =>
    Number(
      (
        (await t.app.db.execute(sql`select count(*)::int as n from item_comments`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n,
    );

  it('adds, lists, edits and deletes a comment; markdown is kept as written, trimmed', async () => {
    const added = await add({ body: '  **Ship it** on Friday\n\n- one\n- two  ' });
    expect(added.statusCode).toBe(200);
    const comment = added.json().data;
    expect(comment).toEqual({
      id: expect.any(String),
      itemId: item.id,
      body: '**Ship it** on Friday\n\n- one\n- two',
      authorUserId: admin.userId,
      authorEmailAddress: 'ada@example.com',
      byAgent: false,
      dateCreated: expect.any(String),
      dateEdited: null,
      mentionedUserIds: [],
    });
    const second = (await add({ body: 'Second' }, editor.cookie)).json().data;
    expect((await list()).body.data.comments.map((c: { id: string }) => c.id)).toEqual([comment.id, second.id]);

    t.clock.advance(60_000);
    const edited = await edit(comment.id, { body: 'Ship it on Monday' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ body: 'Ship it on Monday', dateEdited: expect.any(String) });

    expect((await remove(comment.id)).json()).toEqual({ result: 'Ok', data: { id: comment.id } });
    expect((await list()).body.data.comments.map((c: { id: string }) => c.id)).toEqual([second.id]);
    expect((await remove(second.id, editor.cookie)).statusCode).toBe(200);
  });

  it('refuses an empty, blank, oversized or unknown body with InvalidRequest and stores nothing', async () => {
    const before = await commentCount();
    for (const body of [
      {},
      { body: '' },
      { body: '  \n ' },
      { body: 'x'.repeat(COMMENT_LIMITS.body + 1) },
      { body: 'a', at: 1 },
    ]) {
      const response = await add(body);
      expect([response.statusCode, response.json().result]).toEqual([400, 'InvalidRequest']);
    }
    const comment = (await add({ body: 'Keep' })).json().data;
    const blank = await edit(comment.id, { body: ' ' });
    expect(blank.statusCode).toBe(400);
    expect((await list()).body.data.comments.at(-1).body).toBe('Keep');
    expect(await commentCount()).toBe(before + 1);
  });

  it('only the author edits; the author or an Admin deletes (403 otherwise, nothing changed)', async () => {
    const mine = (await add({ body: 'By the admin' })).json().data;
    const theirs = (await add({ body: 'By the editor' }, editor.cookie)).json().data;
    const refusedEdit = await edit(mine.id, { body: 'Hijacked' }, editor.cookie);
    expect([refusedEdit.statusCode, refusedEdit.json().message]).toEqual([403, 'Only its author can edit a comment.']);
    expect((await edit(theirs.id, { body: 'Admin rewrite' })).statusCode).toBe(403);
    const refusedDelete = await remove(mine.id, editor.cookie);
    expect([refusedDelete.statusCode, refusedDelete.json().message]).toEqual([
      403,
      'Only its author or a team Admin can delete a comment.',
    ]);
    const bodies = (await list()).body.data.comments.map((c: { body: string }) => c.body);
    expect(bodies).toEqual(expect.arrayContaining(['By the admin', 'By the editor']));
    // An Admin moderates: any comment of the team can go.
    expect((await remove(theirs.id)).statusCode).toBe(200);
    expect((await remove(mine.id)).statusCode).toBe(200);
  });

  it("answers NotFound for another team's item or comment, and for a comment under another item", async () => {
    const comment = (await add({ body: 'Private' })).json().data;
    const theirItem = await createItem(t.app, stranger.cookie, stranger.projectId, { item: { description: 'Theirs' } });
    expect((await list(stranger.cookie)).status).toBe(404);
    expect((await add({ body: 'Peek' }, stranger.cookie)).statusCode).toBe(404);
    expect((await edit(comment.id, { body: 'x' }, stranger.cookie)).statusCode).toBe(404);
    expect((await remove(comment.id, stranger.cookie)).statusCode).toBe(404);
    // Their own item's path with our comment id: still not found, and ours stays.
    expect((await edit(comment.id, { body: 'x' }, stranger.cookie, theirItem.id)).statusCode).toBe(404);
    expect((await remove(comment.id, stranger.cookie, theirItem.id)).statusCode).toBe(404);
    const other = await createItem(t.app, admin.cookie, admin.projectId, { item: { description: 'Other' } });
    expect((await edit(comment.id, { body: 'x' }, admin.cookie, other.id)).statusCode).toBe(404);
    expect((await add({ body: 'Nope' }, admin.cookie, theirItem.id)).json()).toMatchObject({
      result: 'NotFound',
      message: 'item not found',
    });
    expect((await list()).body.data.comments.at(-1)).toMatchObject({ id: comment.id, body: 'Private' });
  });

  it('records mentions: unread in the named member’s list until read, dropped when edited out', async () => {
    const before = (await mentions(editor.cookie)).unread;
    const question = (await add({ body: 'What do you think, @bob? (cc @ada and `@bob` in code)' })).json().data;
    expect(question.mentionedUserIds).toEqual([editor.userId]);
    const listed = await mentions(editor.cookie);
    expect(listed.unread).toBe(before + 1);
    expect(listed.mentions[0]).toEqual({
      comment: expect.objectContaining({ id: question.id, authorEmailAddress: 'ada@example.com' }),
      item: { id: item.id, externalId: item.externalId, title: 'Checkout' },
      read: false,
    });
    // The author's own handle tells nobody; the stranger is not in the team and sees nothing.
    expect((await mentions(admin.cookie)).mentions.map((m: { comment: { id: string } }) => m.comment.id)).not.toContain(
      question.id,
    );
    expect((await mentions(stranger.cookie)).mentions).toEqual([]);

    const read = await call(t.app, 'PUT', `${M}/read`, { cookie: editor.cookie, body: { commentIds: [question.id] } });
    expect(read.json().data).toEqual({ unread: before });
    expect((await mentions(editor.cookie)).mentions[0]).toMatchObject({ read: true });

    // The full address mentions too; an edit keeps the read state of who is still named.
    const byAddress = (await add({ body: 'Ping @bob@example.com' })).json().data;
    expect(byAddress.mentionedUserIds).toEqual([editor.userId]);
    await edit(question.id, { body: 'What do you think, @bob? Edited.' });
    expect(
      (await mentions(editor.cookie)).mentions.find((m: { comment: { id: string } }) => m.comment.id === question.id),
    ).toMatchObject({
      read: true,
    });
    await edit(byAddress.id, { body: 'Never mind' });
    const after = await mentions(editor.cookie);
    expect(after.mentions.map((m: { comment: { id: string } }) => m.comment.id)).not.toContain(byAddress.id);
    expect((await call(t.app, 'PUT', `${M}/read`, { cookie: editor.cookie, body: {} })).json().data).toEqual({
      unread: 0,
    });
  });

  it('tells the team’s open boards in the write’s transaction, with who was mentioned', async () => {
    const last = async () => (await t.app.db.select().from(teamEvents)).at(-1)!.payload;
    const comment = (await add({ body: 'Hey @bob' }, admin.cookie)).json().data;
    expect(await last()).toEqual({ kind: 'comments', itemId: item.id, mentionedUserIds: [editor.userId] });
    await edit(comment.id, { body: 'Hey all' });
    expect(await last()).toEqual({ kind: 'comments', itemId: item.id, mentionedUserIds: [editor.userId] });
    await remove(comment.id);
    expect(await last()).toEqual({ kind: 'comments', itemId: item.id, mentionedUserIds: [] });
  });

  it(`holds at most ${COMMENT_LIMITS.perItem} comments on an item`, async () => {
    const full = await createItem(t.app, admin.cookie, admin.projectId, { item: { description: 'Busy' } });
    await t.app.db.execute(
      sql`insert into item_comments (id, team_id, item_id, author_user_id, body, date_created)
          select 'bulk-' || n, ${admin.teamId}, ${full.id}, ${admin.userId}, 'x', now()
          from generate_series(1, ${COMMENT_LIMITS.perItem}) as n`,
    );
    const refused = await add({ body: 'One more' }, admin.cookie, full.id);
    expect([refused.statusCode, refused.json().message]).toEqual([
      400,
      `An item can hold at most ${COMMENT_LIMITS.perItem} comments`,
    ]);
  });

  it('deleting the item deletes its comments and their mentions', async () => {
    const doomed = await createItem(t.app, admin.cookie, admin.projectId, { item: { description: 'Doomed' } });
    const comment = (await add({ body: '@bob look' }, admin.cookie, doomed.id)).json().data;
    const deleted = await call(t.app, 'DELETE', `${I}/all/${doomed.id}`, {
      cookie: admin.cookie,
      body: { projectId: admin.projectId },
    });
    expect(deleted.statusCode).toBe(200);
    expect(
      (await mentions(editor.cookie)).mentions.map((m: { comment: { id: string } }) => m.comment.id),
    ).not.toContain(comment.id);
  });
});

describe('comments are writes: rate-limited like the rest', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_WRITES: '3/60' });
  });
  afterAll(() => t.close());

  it('refuses the fourth comment in a minute with 429', async () => {
    const u = await teamUser(t.app, 'chatty@example.com');
    const item = await createItem(t.app, u.cookie, u.projectId);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push(
        (await call(t.app, 'POST', `${I}/${item.id}/comments`, { cookie: u.cookie, body: { body: `#${i}` } }))
          .statusCode,
      );
    expect(statuses).toEqual([200, 200, 429]);
  });
});
