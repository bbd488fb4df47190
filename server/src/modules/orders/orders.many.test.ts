import { addDays, orders, today, webhooks } from '@extranet/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  comments,
  discussions,
  notifications,
  purchHeads,
  webhookEndpoints,
  webhookEvents,
} from '../../db/schema';
import { createTestApp, loginAs, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { createOrderWorld, insertOrder, type OrderWorld } from '../../test/orders.factories';

const dec = (value: string) => ({ $decimal: value });

let app: TestApp;
let world: OrderWorld;
let token: string;

beforeAll(async () => {
  app = await createTestApp();
  world = await createOrderWorld(app.deps.db, { notificationTypes: ['pord', 'sord', 'omov'] });
  token = await loginAs(app, world.user);
  await app.deps.db.insert(webhookEndpoints).values({
    companyId: world.company.id,
    url: 'http://127.0.0.1:9/orders',
    events: [...webhooks.WEBHOOK_EVENT_TYPES],
    secret: 'not used: nothing is sent',
    ownerId: world.user.id,
  });
});

/** A draft purchase order with everything ready needs. */
async function completeDraft(w: OrderWorld = world): Promise<number> {
  const added = await app.call(orders.purch.addOrder, { fields: { consignee_id: w.consignee.id } }, token);
  const headId = added.body.head_id as number;
  const edit = await app.call(
    orders.purch.editOrder,
    {
      head_id: headId,
      fields: {
        vendor_id: w.vendor.id,
        vendor_address_id: w.vendorAddresses[0]!.id,
        location_id: w.refs.locationId,
        delivery_date: { $date: addDays(today(), 7) },
        currency_id: w.refs.eurId,
        lines: [{ sku_id: w.skus[0]!.id, ordered_qty: dec('5'), uom_id: w.refs.pcsId, price: dec('1') }],
      },
    },
    token,
  );
  expect(edit.body.failure).toBeUndefined();
  return headId;
}

/** A draft without vendor, lines or date: ready refuses it as order_incomplete. */
async function incompleteDraft(): Promise<number> {
  const added = await app.call(
    orders.purch.addOrder,
    { fields: { consignee_id: world.consignee.id } },
    token,
  );
  return added.body.head_id as number;
}

async function progressOf(ids: number[]) {
  const rows = await app.deps.db
    .select({ id: purchHeads.id, progress: purchHeads.progress })
    .from(purchHeads)
    .where(inArray(purchHeads.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row.progress]));
}

async function progressComments(headId: number) {
  return app.deps.db
    .select({ id: comments.id, dict: comments.dict })
    .from(comments)
    .innerJoin(discussions, eq(discussions.id, comments.discussionId))
    .where(
      and(eq(discussions.purchHeadId, headId), sql`${comments.dict}->>'code' = 'order_progress_changed'`),
    );
}

describe('set_ready_many', () => {
  it('sets each ready order on its own and answers every refusal as the single call does', async () => {
    const colleague = await createUser(app.deps.db, {
      permissions: ['pord'],
      companyIds: [world.company.id],
      notificationTypes: ['omov'],
    });
    const first = await completeDraft();
    const incomplete = await incompleteDraft();
    const second = await completeDraft();
    const other = await createOrderWorld(app.deps.db);
    const foreign = await insertOrder(app.deps.db, 'purch', { consigneeId: other.consignee.id });
    const missing = 2_000_000_000;

    const response = await app.call(
      orders.purch.setReadyMany,
      { head_ids: [first, incomplete, foreign, missing, second, first] },
      token,
    );

    expect(response.status).toBe(200);
    const single = await app.call(orders.purch.setReady, { head_id: incomplete }, token);
    expect(response.body.results).toEqual([
      { head_id: first, ok: true },
      { head_id: incomplete, ok: false, failure: single.body.failure },
      { head_id: foreign, ok: false, failure: { code: 'order_not_found', details: { head_id: foreign } } },
      { head_id: missing, ok: false, failure: { code: 'order_not_found', details: { head_id: missing } } },
      { head_id: second, ok: true },
    ]);
    expect(single.body.failure.code).toBe('order_incomplete');
    expect(await progressOf([first, incomplete, second, foreign])).toEqual({
      [first]: 'ready',
      [incomplete]: 'draft',
      [second]: 'ready',
      [foreign]: 'draft',
    });

    // Each order moved has its own history line, its notification and its webhook event.
    for (const headId of [first, second]) {
      const [comment, ...more] = await progressComments(headId);
      expect(more).toEqual([]);
      expect(comment!.dict).toEqual({ code: 'order_progress_changed', old: 'draft', new: 'ready' });
      const notified = await app.deps.db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(eq(notifications.commentId, comment!.id));
      expect(notified).toContainEqual({ userId: colleague.id });
      const events = await app.deps.db
        .select({ type: webhookEvents.type })
        .from(webhookEvents)
        .where(eq(webhookEvents.recordKey, `order:purch:${headId}`));
      expect(events).toContainEqual({ type: 'order.progress_changed' });
    }
    expect(await progressComments(incomplete)).toEqual([]);
    expect(await progressComments(foreign)).toEqual([]);
  });

  it('keeps the orders done when a later one is refused, and the other way round', async () => {
    const done = await completeDraft();
    const refused = await incompleteDraft();
    const after = await completeDraft();
    const response = await app.call(orders.purch.setReadyMany, { head_ids: [done, refused, after] }, token);
    expect(response.body.results.map((result: orders.ManyOrdersResult) => result.ok)).toEqual([
      true,
      false,
      true,
    ]);
    expect(await progressOf([done, refused, after])).toEqual({
      [done]: 'ready',
      [refused]: 'draft',
      [after]: 'ready',
    });
  });

  it("answers one order's unexpected fault as its own result, the others going on", async () => {
    const [first, faulty, last] = [await completeDraft(), await completeDraft(), await completeDraft()];
    // A fault of the server's with this one order (not a refusal of the rules): a trigger raises.
    await app.deps.db.execute(
      sql.raw(`create function fail_one_head() returns trigger language plpgsql as $$
        begin raise exception 'broken order'; end $$;
        create trigger fail_one_head before update on purch_heads
        for each row when (old.id = ${faulty}) execute function fail_one_head()`),
    );
    try {
      const answer = await app.call(orders.purch.setReadyMany, { head_ids: [first, faulty, last] }, token);
      expect(answer.status).toBe(200);
      expect(answer.body.results).toEqual([
        { head_id: first, ok: true },
        { head_id: faulty, ok: false, failure: { code: 'server_error' } },
        { head_id: last, ok: true },
      ]);
      expect(await progressOf([first, faulty, last])).toEqual({
        [first]: 'ready',
        [faulty]: 'draft',
        [last]: 'ready',
      });
    } finally {
      await app.deps.db.execute(
        sql.raw('drop trigger fail_one_head on purch_heads; drop function fail_one_head()'),
      );
    }
  });

  it('refuses more than 1,000 ids, or none, and changes nothing', async () => {
    const headId = await completeDraft();
    const ids = [headId, ...Array.from({ length: orders.MAX_MANY_ORDERS }, (_, i) => 1_500_000_000 + i)];
    const tooMany = await app.call(orders.purch.setReadyMany, { head_ids: ids }, token);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.failure.code).toBe('malformed_api_request');
    expect(await progressOf([headId])).toEqual({ [headId]: 'draft' });
    const none = await app.call(orders.purch.setReadyMany, { head_ids: [] }, token);
    expect(none.status).toBe(400);
    expect(none.body.failure.code).toBe('malformed_api_request');
    for (const body of [{}, { head_ids: ['1'] }, { head_ids: [0] }, { head_ids: [-1] }, { head_ids: 5 }]) {
      const hostile = await app.call(orders.purch.setReadyMany, body as never, token);
      expect(hostile.status).toBe(400);
    }
  });

  it('answers 403 without the permission of the kind, changing nothing', async () => {
    const headId = await completeDraft();
    const w = await createOrderWorld(app.deps.db, { permissions: ['sord'] });
    const session = await loginAs(app, w.user);
    for (const call of [orders.purch.setReadyMany, orders.purch.setDraftMany, orders.purch.deleteMany]) {
      const response = await app.call(call, { head_ids: [headId] }, session);
      expect(response).toEqual({ status: 403, body: { failure: { code: 'forbidden' } } });
    }
    expect(await progressOf([headId])).toEqual({ [headId]: 'draft' });
  });
});

describe('set_draft_many and delete_many', () => {
  it('moves ready orders back to draft, refusing those the warehouse has', async () => {
    const ready = await completeDraft();
    await app.call(orders.purch.setReady, { head_id: ready }, token);
    const draft = await incompleteDraft();
    const sent = await insertOrder(app.deps.db, 'purch', {
      consigneeId: world.consignee.id,
      progress: 'sent',
    });
    const response = await app.call(orders.purch.setDraftMany, { head_ids: [ready, draft, sent] }, token);
    expect(response.body.results).toEqual([
      { head_id: ready, ok: true },
      {
        head_id: draft,
        ok: false,
        failure: { code: 'order_unready_denied', details: { progress: 'draft' } },
      },
      { head_id: sent, ok: false, failure: { code: 'order_unready_denied', details: { progress: 'sent' } } },
    ]);
    expect(await progressOf([ready, sent])).toEqual({ [ready]: 'draft', [sent]: 'sent' });
    expect((await progressComments(ready)).map((comment) => comment.dict)).toEqual([
      { code: 'order_progress_changed', old: 'draft', new: 'ready' },
      { code: 'order_progress_changed', old: 'ready', new: 'draft' },
    ]);
  });

  it("deletes drafts, refusing ready orders and another company's", async () => {
    const draft = await incompleteDraft();
    const ready = await completeDraft();
    await app.call(orders.purch.setReady, { head_id: ready }, token);
    const other = await createOrderWorld(app.deps.db);
    const foreign = await insertOrder(app.deps.db, 'purch', { consigneeId: other.consignee.id });
    const response = await app.call(orders.purch.deleteMany, { head_ids: [draft, ready, foreign] }, token);
    expect(response.body.results).toEqual([
      { head_id: draft, ok: true },
      {
        head_id: ready,
        ok: false,
        failure: { code: 'order_exclude_denied', details: { progress: 'ready' } },
      },
      { head_id: foreign, ok: false, failure: { code: 'order_not_found', details: { head_id: foreign } } },
    ]);
    const view = await app.call(orders.purch.viewOrder, { head_id: draft }, token);
    expect(view.body.failure.code).toBe('order_not_found');
    const kept = await app.call(orders.purch.viewOrder, { head_id: foreign }, await loginAs(app, other.user));
    expect(kept.body.head_id).toBe(foreign);
  });

  it('takes the sales kind on its own path, where a purchase order id is missing', async () => {
    const purch = await incompleteDraft();
    const response = await app.call(orders.sales.deleteMany, { head_ids: [purch] }, token);
    const single = await app.call(orders.sales.exclude, { head_id: purch }, token);
    expect(response.body.results).toEqual([{ head_id: purch, ok: false, failure: single.body.failure }]);
    expect(single.body.failure.code).toBe('order_not_found');
  });
});

describe('the head_ids filter (export and print of a selection)', () => {
  it('lists only the chosen orders the user can read, at most 1,000 ids', async () => {
    const chosen = await completeDraft();
    const left = await completeDraft();
    const other = await createOrderWorld(app.deps.db);
    const foreign = await insertOrder(app.deps.db, 'purch', { consigneeId: other.consignee.id });
    const list = await app.call(
      orders.purch.listOrders,
      { filters: { head_ids: [chosen, foreign] }, count: 100 },
      token,
    );
    expect(list.body.items.map((row: { head_id: number }) => row.head_id)).toEqual([chosen]);
    expect(left).not.toBe(chosen);
    const exported = await app.app.inject({
      method: 'POST',
      url: `/api${orders.purch.exportOrders.path}`,
      payload: { filters: { head_ids: [chosen, foreign] }, format: 'csv' },
      headers: { authorization: `SessionCode ${token}` },
    });
    expect(exported.statusCode).toBe(200);
    // The header and the one chosen order the user reads.
    expect(exported.payload.trim().split('\n')).toHaveLength(2);
    const tooMany = await app.call(
      orders.purch.listOrders,
      { filters: { head_ids: Array.from({ length: 1001 }, (_, i) => i + 1) } },
      token,
    );
    expect(tooMany.status).toBe(400);
  });
});
