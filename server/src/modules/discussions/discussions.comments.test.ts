import { discussions } from '@extranet/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { comments, files } from '../../db/schema';
import {
  addDiscussion,
  admin,
  app,
  author,
  chosen,
  consigneeA,
  consigneeB,
  get,
  other,
  outsider,
  type Person,
  useDiscussionContext,
} from '../../test/discussions.context';
import { createComments, createOrderWithDiscussion } from '../../test/discussions.factories';

useDiscussionContext();

describe('earlier comments', () => {
  let id: number;
  let latest: discussions.Comment[];

  async function listComments(by: Person, body: Record<string, unknown>) {
    return app.call(discussions.listComments, body, by.token);
  }

  const texts = (items: discussions.Comment[]) => items.map((comment) => comment.text);

  beforeAll(async () => {
    id = await addDiscussion('broadcast', author);
    await createComments(app.deps.db, { discussionId: id, userId: other.id, count: 1200 });
    const attachedTo = await app.deps.db
      .select({ id: comments.id, text: comments.text })
      .from(comments)
      .where(and(eq(comments.discussionId, id), inArray(comments.text, ['Comment 2', 'Comment 650'])));
    await app.deps.db.insert(files).values(
      attachedTo.map((comment) => ({
        code: `earlier-file-${comment.id}-0123456789`,
        name: `${comment.text}.pdf`,
        ext: 'pdf',
        mime: 'application/pdf',
        size: 3,
        storageKey: `earlier-${comment.id}`,
        uploaderId: other.id,
        commentId: comment.id,
      })),
    );
    const { body } = await get(id, chosen);
    latest = body.comments;
  });

  it('page back from the latest 500 to the first comment, each once and in order', async () => {
    expect(latest).toHaveLength(discussions.MAX_THREAD_COMMENTS);
    expect(latest[0]!.text).toBe('Comment 701');
    expect(latest.at(-1)!.text).toBe('Comment 1200');

    const pages: discussions.Comment[][] = [];
    let before = latest[0]!.comment_id;
    for (let more = true; more; ) {
      const { body } = await listComments(chosen, {
        discussion_id: id,
        before_comment_id: before,
        count: 300,
      });
      expect(body.items.length).toBeGreaterThan(0);
      expect(body.items.length).toBeLessThanOrEqual(300);
      pages.unshift(body.items);
      before = body.items[0].comment_id;
      more = body.more;
    }
    expect(pages.map((page) => page.length)).toEqual([101, 300, 300]);
    const thread = [...pages.flat(), ...latest];
    const expected = ['Hello there', ...Array.from({ length: 1200 }, (_, index) => `Comment ${index + 1}`)];
    expect(texts(thread)).toEqual(expected);
    expect(new Set(thread.map((comment) => comment.comment_id)).size).toBe(expected.length);
  });

  it('bring the files and authors of their comments, a hundred by default', async () => {
    const { body } = await listComments(chosen, {
      discussion_id: id,
      before_comment_id: latest[0]!.comment_id,
    });
    expect(body.more).toBe(true);
    expect(texts(body.items)).toEqual(Array.from({ length: 100 }, (_, index) => `Comment ${index + 601}`));
    expect(body.items[49]).toEqual({
      comment_id: expect.any(Number),
      user_id: other.id,
      user: { user_id: other.id, username: expect.any(String), fio: null },
      creation_date: { $datetime: expect.any(String) },
      is_dict: false,
      text: 'Comment 650',
      files: [{ code: expect.stringMatching(/^earlier-file-/), name: 'Comment 650.pdf', ext: 'pdf' }],
    });
    expect(body.items.filter((comment: discussions.Comment) => comment.files.length > 0)).toHaveLength(1);

    const first = await listComments(chosen, {
      discussion_id: id,
      before_comment_id: latest[0]!.comment_id,
      count: 500,
    });
    const second = await listComments(chosen, {
      discussion_id: id,
      before_comment_id: first.body.items[0].comment_id,
      count: 500,
    });
    expect(second.body.more).toBe(false);
    expect(second.body.items[2]).toMatchObject({ text: 'Comment 2', files: [{ name: 'Comment 2.pdf' }] });
  });

  it('answer discussion_not_found to another company, to outsiders of a private discussion, and for none', async () => {
    const missing = { failure: { code: 'discussion_not_found' } };
    const before = latest[0]!.comment_id;
    expect((await listComments(outsider, { discussion_id: id, before_comment_id: before })).body).toEqual(
      missing,
    );
    expect((await listComments(admin, { discussion_id: id, before_comment_id: before })).body.more).toBe(
      true,
    );
    expect((await listComments(chosen, { discussion_id: 999_999, before_comment_id: before })).body).toEqual(
      missing,
    );

    const privateId = await addDiscussion('private', author, { users: [chosen.id] });
    const [opening] = (await get(privateId, author)).body.comments;
    const request = { discussion_id: privateId, before_comment_id: opening.comment_id };
    for (const reader of [author, chosen]) {
      expect((await listComments(reader, request)).body).toEqual({ items: [], more: false });
    }
    for (const reader of [other, admin, outsider]) {
      expect((await listComments(reader, request)).body).toEqual(missing);
    }
  });

  it("answer discussion_not_found for an order's discussion without the order kind's permission", async () => {
    const purch = await createOrderWithDiscussion(app.deps.db, { kind: 'purch', consigneeId: consigneeA.id });
    const sales = await createOrderWithDiscussion(app.deps.db, { kind: 'sales', consigneeId: consigneeA.id });
    const foreign = await createOrderWithDiscussion(app.deps.db, {
      kind: 'purch',
      consigneeId: consigneeB.id,
    });
    const anchors = new Map<number, number>();
    for (const order of [purch, sales, foreign]) {
      await createComments(app.deps.db, { discussionId: order.discussionId, userId: author.id, count: 4 });
      const [newest] = await app.deps.db
        .select({ id: comments.id })
        .from(comments)
        .where(and(eq(comments.discussionId, order.discussionId), eq(comments.text, 'Comment 4')));
      anchors.set(order.discussionId, newest!.id);
    }
    const request = (order: { discussionId: number }) => ({
      discussion_id: order.discussionId,
      before_comment_id: anchors.get(order.discussionId),
    });
    const missing = { failure: { code: 'discussion_not_found' } };

    // other holds pord but not sord.
    expect(texts((await listComments(other, request(purch))).body.items)).toEqual([
      'Comment 1',
      'Comment 2',
      'Comment 3',
    ]);
    expect((await listComments(other, request(sales))).body).toEqual(missing);
    expect(texts((await listComments(chosen, request(sales))).body.items)).toHaveLength(3);
    expect((await listComments(author, request(foreign))).body).toEqual(missing);
    expect((await listComments(outsider, request(foreign))).body.items).toHaveLength(3);
  });

  it('refuse a before_comment_id that is not a comment of the discussion', async () => {
    const otherThread = await addDiscussion('broadcast', author);
    const [elsewhere] = (await get(otherThread, author)).body.comments;
    for (const before of [elsewhere.comment_id, 999_999]) {
      const response = await listComments(chosen, { discussion_id: id, before_comment_id: before });
      expect(response.body).toEqual({ failure: { code: 'comment_not_found' } });
    }
  });

  it('refuse a count outside 1..500 as malformed', async () => {
    for (const count of [0, 501]) {
      const response = await listComments(chosen, {
        discussion_id: id,
        before_comment_id: latest[0]!.comment_id,
        count,
      });
      expect(response.status).toBe(400);
      expect(response.body.failure.code).toBe('malformed_api_request');
    }
  });
});
