import { discussions } from '@extranet/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications, purchHeads } from '../../db/schema';
import {
  admin,
  app,
  author,
  chosen,
  consigneeA,
  consigneeB,
  get,
  listIds,
  notificationsOf,
  other,
  outsider,
  quiet,
  useDiscussionContext,
} from '../../test/discussions.context';
import { createOrderWithDiscussion } from '../../test/discussions.factories';
import { addOrderSystemComment } from './order-discussions';

useDiscussionContext();

describe('order discussions', () => {
  let purch: { headId: number; discussionId: number };
  let sales: { headId: number; discussionId: number };
  let foreign: { headId: number; discussionId: number };

  beforeAll(async () => {
    await app.deps.db.delete(notifications);
    purch = await createOrderWithDiscussion(app.deps.db, { kind: 'purch', consigneeId: consigneeA.id });
    sales = await createOrderWithDiscussion(app.deps.db, { kind: 'sales', consigneeId: consigneeA.id });
    foreign = await createOrderWithDiscussion(app.deps.db, { kind: 'purch', consigneeId: consigneeB.id });
  });

  it('are never listed nor reachable as general discussions', async () => {
    for (const visibility of discussions.VISIBILITIES) {
      const listed = await listIds(visibility, admin);
      expect(listed).not.toContain(purch.discussionId);
      expect(listed).not.toContain(sales.discussionId);
    }
    expect((await get(purch.discussionId, author)).body.failure.code).toBe('discussion_not_found');
  });

  it('are read through their order by users of its company with the permission', async () => {
    const response = await app.call(
      discussions.getDiscussionPurch,
      { purch_head_id: purch.headId },
      author.token,
    );
    expect(response.body).toMatchObject({
      discussion_id: purch.discussionId,
      visibility: 'order',
      purch_head_id: purch.headId,
      sales_head_id: null,
    });
    const bySales = await app.call(
      discussions.getDiscussionSales,
      { sales_head_id: sales.headId },
      chosen.token,
    );
    expect(bySales.body.sales_head_id).toBe(sales.headId);
  });

  it('are named by their order: its kind, code and template flag, not by English text', async () => {
    const coded = await createOrderWithDiscussion(app.deps.db, {
      kind: 'purch',
      consigneeId: consigneeA.id,
      externalCode: 'PO-NAME-1',
    });
    const template = await createOrderWithDiscussion(app.deps.db, {
      kind: 'sales',
      consigneeId: consigneeA.id,
      externalCode: 'SO-TPL-1',
      isTemplate: true,
    });
    const byPurch = await app.call(
      discussions.getDiscussionPurch,
      { purch_head_id: coded.headId },
      author.token,
    );
    expect(byPurch.body).toMatchObject({
      name: 'PO-NAME-1',
      order: {
        kind: 'purch',
        head_id: coded.headId,
        external_code: 'PO-NAME-1',
        warehouse_code: null,
        is_template: false,
      },
    });
    const byTemplate = await app.call(
      discussions.getDiscussionSales,
      { sales_head_id: template.headId },
      author.token,
    );
    expect(byTemplate.body).toMatchObject({
      name: 'SO-TPL-1',
      order: {
        kind: 'sales',
        head_id: template.headId,
        external_code: 'SO-TPL-1',
        warehouse_code: null,
        is_template: true,
      },
    });
    // An order without a code goes by its number.
    const uncoded = await app.call(
      discussions.getDiscussionPurch,
      { purch_head_id: purch.headId },
      author.token,
    );
    expect(uncoded.body).toMatchObject({
      name: `#${purch.headId}`,
      order: {
        kind: 'purch',
        head_id: purch.headId,
        external_code: null,
        warehouse_code: null,
        is_template: false,
      },
    });
    const named = (t: (key: string, params: { code: string }) => string) =>
      discussions.discussionName(t, byTemplate.body);
    expect(named((key, params) => `${key} ${params.code}`)).toBe(
      'discussions.orderName.salesTemplate SO-TPL-1',
    );
  });

  it('answer order_not_found for another company and for a missing or excluded order', async () => {
    const foreignRead = await app.call(
      discussions.getDiscussionPurch,
      { purch_head_id: foreign.headId },
      author.token,
    );
    expect(foreignRead.body).toEqual({ failure: { code: 'order_not_found' } });
    const foreignComment = await app.call(
      discussions.addCommentPurch,
      { purch_head_id: foreign.headId, text: 'hi' },
      author.token,
    );
    expect(foreignComment.body).toEqual({ failure: { code: 'order_not_found' } });
    const missing = await app.call(discussions.getDiscussionPurch, { purch_head_id: 999_999 }, author.token);
    expect(missing.body).toEqual({ failure: { code: 'order_not_found' } });
    const excluded = await createOrderWithDiscussion(app.deps.db, {
      kind: 'purch',
      consigneeId: consigneeA.id,
    });
    await app.deps.db
      .update(purchHeads)
      .set({ excludedAt: new Date() })
      .where(eq(purchHeads.id, excluded.headId));
    const gone = await app.call(
      discussions.getDiscussionPurch,
      { purch_head_id: excluded.headId },
      author.token,
    );
    expect(gone.body).toEqual({ failure: { code: 'order_not_found' } });
  });

  it('refuse a user without the order kind permission', async () => {
    const response = await app.call(
      discussions.getDiscussionSales,
      { sales_head_id: sales.headId },
      other.token,
    );
    expect(response.status).toBe(403);
    const comment = await app.call(
      discussions.addCommentSales,
      { sales_head_id: sales.headId, text: 'x' },
      other.token,
    );
    expect(comment.status).toBe(403);
  });

  it('notify the users of the company with the permission who chose order messages', async () => {
    const response = await app.call(
      discussions.addCommentPurch,
      { purch_head_id: purch.headId, text: 'Truck is late' },
      author.token,
    );
    expect(response.body.comment_id).toBeTypeOf('number');
    for (const reader of [chosen, other]) {
      expect((await notificationsOf(reader.id)).map((n) => n.ntfyType)).toEqual(['pord']);
    }
    expect(await notificationsOf(author.id)).toHaveLength(0);
    expect(await notificationsOf(quiet.id)).toHaveLength(0);
    expect(await notificationsOf(outsider.id)).toHaveLength(0);

    await app.call(
      discussions.addCommentSales,
      { sales_head_id: sales.headId, text: 'Picked' },
      author.token,
    );
    expect((await notificationsOf(chosen.id)).map((n) => n.ntfyType).sort()).toEqual(['pord', 'sord']);
    expect(await notificationsOf(other.id)).toHaveLength(1);
  });

  it('show system comments as structured text', async () => {
    await app.deps.db.transaction((tx) =>
      addOrderSystemComment(tx, {
        kind: 'purch',
        headId: purch.headId,
        dict: { code: 'order_progress_changed', old: 'draft', new: 'ready' },
      }),
    );
    const { body } = await app.call(
      discussions.getDiscussionPurch,
      { purch_head_id: purch.headId },
      author.token,
    );
    expect(body.comments.at(-1)).toMatchObject({
      user_id: null,
      user: null,
      is_dict: true,
      text: { code: 'order_progress_changed', old: 'draft', new: 'ready' },
    });
    // Author of the comment above is the system: the author of the order now hears of it too.
    expect(await notificationsOf(author.id)).toHaveLength(1);
  });
});
