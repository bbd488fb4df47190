import {
  addDays,
  apikeys,
  discussions as discussionCalls,
  notifications as notificationCalls,
  orders,
  today,
} from '@extranet/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { comments, discussions, notifications } from '../../db/schema';
import { createTestApp, loginAs, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { createOrderWorld, type OrderWorld } from '../../test/orders.factories';

const dec = (value: string) => ({ $decimal: value });
const day = (value: string) => ({ $date: value });

let app: TestApp;
let world: OrderWorld;
let token: string;

beforeAll(async () => {
  app = await createTestApp();
  world = await createOrderWorld(app.deps.db, { notificationTypes: ['pord', 'sord', 'omov'] });
  token = await loginAs(app, world.user);
});

function completeFields() {
  return {
    vendor_id: world.vendor.id,
    vendor_address_id: world.vendorAddresses[0]!.id,
    location_id: world.refs.locationId,
    delivery_date: day(addDays(today(), 7)),
    currency_id: world.refs.eurId,
    truck_number: 'KA-1234',
    lines: [
      { sku_id: world.skus[0]!.id, ordered_qty: dec('10'), uom_id: world.refs.pcsId, price: dec('2.5') },
    ],
  };
}

async function readyOrder(): Promise<number> {
  const added = await app.call(
    orders.purch.addOrder,
    { fields: { consignee_id: world.consignee.id } },
    token,
  );
  const headId = added.body.head_id as number;
  const edited = await app.call(orders.purch.editOrder, { head_id: headId, fields: completeFields() }, token);
  expect(edited.body.failure).toBeUndefined();
  return headId;
}

async function colleague(types: string[]) {
  return createUser(app.deps.db, {
    permissions: ['pord'],
    companyIds: [world.company.id],
    notificationTypes: types,
  });
}

async function notificationsOf(userId: number) {
  return app.deps.db
    .select({
      id: notifications.id,
      type: notifications.ntfyType,
      dict: comments.dict,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .innerJoin(comments, eq(comments.id, notifications.commentId))
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.id);
}

async function historyOf(headId: number) {
  return app.deps.db
    .select({ userId: comments.userId, dict: comments.dict })
    .from(comments)
    .innerJoin(discussions, eq(discussions.id, comments.discussionId))
    .where(and(eq(discussions.purchHeadId, headId), sql`${comments.dict} is not null`))
    .orderBy(comments.id);
}

describe('notifications about order moves', () => {
  it('does not notify a user of their own moves, but notifies a colleague', async () => {
    const mate = await colleague(['pord', 'omov']);
    const headId = await readyOrder();
    await app.call(orders.purch.setReady, { head_id: headId }, token);
    expect(await notificationsOf(world.user.id)).toEqual([]);
    expect((await notificationsOf(mate.id)).map((n) => [n.type, n.dict])).toEqual([
      ['omov', { code: 'order_progress_changed', old: 'draft', new: 'ready' }],
    ]);
  });

  it('groups a burst of moves about one order into one unread entry, showing the latest', async () => {
    const mate = await colleague(['pord', 'omov']);
    const headId = await readyOrder();
    await app.call(orders.purch.setReady, { head_id: headId }, token);
    await app.call(orders.purch.setDraft, { head_id: headId }, token);
    await app.call(orders.purch.setReady, { head_id: headId }, token);
    const grouped = await notificationsOf(mate.id);
    expect(grouped.map((n) => n.dict)).toEqual([
      { code: 'order_progress_changed', old: 'draft', new: 'ready' },
    ]);
    expect(grouped[0]!.dict).toEqual((await historyOf(headId)).at(-1)!.dict);

    // Once read, the next move is a new entry.
    const mateToken = await loginAs(app, mate);
    await app.call(notificationCalls.markRead, { notification_id_list: [grouped[0]!.id] }, mateToken);
    await app.call(orders.purch.setDraft, { head_id: headId }, token);
    const after = await notificationsOf(mate.id);
    expect(after).toHaveLength(2);
    expect(after[1]!.dict).toEqual({ code: 'order_progress_changed', old: 'ready', new: 'draft' });
  });

  it('keeps colleagues’ messages for a user who muted moves', async () => {
    const mate = await colleague(['pord']);
    const headId = await readyOrder();
    await app.call(orders.purch.setReady, { head_id: headId }, token);
    const said = await app.call(
      discussionCalls.addCommentPurch,
      { purch_head_id: headId, text: 'Truck is late' },
      token,
    );
    expect(said.body.failure).toBeUndefined();
    const received = await notificationsOf(mate.id);
    expect(received.map((n) => n.type)).toEqual(['pord']);
  });
});

describe('order history', () => {
  it('signs each move with the person who made it, not the system', async () => {
    const headId = await readyOrder();
    await app.call(orders.purch.setReady, { head_id: headId }, token);
    const moves = (await historyOf(headId)).filter(
      (c) => (c.dict as { code: string }).code === 'order_progress_changed',
    );
    expect(moves).toEqual([
      { userId: world.user.id, dict: { code: 'order_progress_changed', old: 'draft', new: 'ready' } },
    ]);
  });

  it('signs a move made through an API key with the key and its owner', async () => {
    const headId = await readyOrder();
    // Keys are made by a user manager, for what they hold themselves.
    const owner = await createUser(app.deps.db, {
      roleId: 7,
      permissions: ['umgr', 'pord'],
      companyIds: [world.company.id],
    });
    const key = await app.call(
      apikeys.addKey,
      { name: 'ERP link', permissions: ['pord'], expires: day(addDays(today(), 30)) },
      await loginAs(app, owner),
    );
    expect(key.body.failure).toBeUndefined();
    const response = await app.app.inject({
      method: 'POST',
      url: `/api${orders.purch.setReady.path}`,
      payload: { head_id: headId },
      headers: { authorization: `Bearer ${key.body.secret}` },
    });
    expect(response.json()).toEqual({ head_id: headId });
    expect((await historyOf(headId)).at(-1)).toEqual({
      userId: owner.id,
      dict: {
        code: 'order_progress_changed',
        old: 'draft',
        new: 'ready',
        via: { kind: 'api_key', name: 'ERP link' },
      },
    });
  });

  it('records each edited field with its old and new value, and who edited it', async () => {
    const headId = await readyOrder();
    const edited = await app.call(
      orders.purch.editOrder,
      {
        head_id: headId,
        fields: {
          truck_number: 'KA-9999',
          lines: [
            {
              sku_id: world.skus[0]!.id,
              ordered_qty: dec('12'),
              uom_id: world.refs.pcsId,
              price: dec('2.5'),
            },
          ],
        },
      },
      token,
    );
    expect(edited.body.failure).toBeUndefined();
    const last = (await historyOf(headId)).at(-1)!;
    expect(last.userId).toBe(world.user.id);
    expect(last.dict).toEqual({
      code: 'order_edited',
      changes: [
        { field: 'truckNumber', old: 'KA-1234', new: 'KA-9999' },
        { field: `line:${world.skus[0]!.externalCode}`, old: '10 pcs × 2.5', new: '12 pcs × 2.5' },
      ],
    });
  });

  it('writes no history entry for an edit that changes nothing', async () => {
    const headId = await readyOrder();
    const before = (await historyOf(headId)).length;
    await app.call(orders.purch.editOrder, { head_id: headId, fields: { truck_number: 'KA-1234' } }, token);
    expect(await historyOf(headId)).toHaveLength(before);
  });
});

describe('the external code of a draft', () => {
  it('is set by the clerk while the order is a draft, and names the order and its discussion', async () => {
    const headId = await readyOrder();
    const edited = await app.call(
      orders.purch.editOrder,
      { head_id: headId, fields: { external_code: ' PO-SET-1 ' } },
      token,
    );
    expect(edited.body.failure).toBeUndefined();
    const view = await app.call(orders.purch.viewOrder, { head_id: headId }, token);
    expect(view.body.external_code).toBe('PO-SET-1');
    const [thread] = await app.deps.db
      .select({ name: discussions.name })
      .from(discussions)
      .where(eq(discussions.purchHeadId, headId));
    expect(thread!.name).toBe('PO-SET-1');
    expect((await historyOf(headId)).at(-1)!.dict).toEqual({
      code: 'order_edited',
      changes: [{ field: 'externalCode', old: null, new: 'PO-SET-1' }],
    });
  });

  it('refuses a code another order of the consignee has', async () => {
    const first = await readyOrder();
    await app.call(orders.purch.editOrder, { head_id: first, fields: { external_code: 'PO-TAKEN' } }, token);
    const second = await readyOrder();
    const response = await app.call(
      orders.purch.editOrder,
      { head_id: second, fields: { external_code: 'PO-TAKEN' } },
      token,
    );
    expect(response.body).toEqual({
      failure: { code: 'order_code_dublicate', details: { external_code: 'PO-TAKEN' } },
    });
  });

  it('cannot be changed once the order is ready', async () => {
    const headId = await readyOrder();
    await app.call(orders.purch.setReady, { head_id: headId }, token);
    const response = await app.call(
      orders.purch.editOrder,
      { head_id: headId, fields: { external_code: 'PO-LATE' } },
      token,
    );
    expect(response.body.failure.code).toBe('order_update_denied');
  });
});
