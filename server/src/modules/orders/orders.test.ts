import { addDays, discussions as discussionCalls, orders, TOTAL_CAP, today } from '@extranet/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  comments,
  discussions,
  notifications,
  purchHeads,
  purchLines,
  salesHeads,
  salesLines,
  uoms,
} from '../../db/schema';
import { createTestApp, loginAs, type TestApp } from '../../test/app';
import { createSku, createStockRow } from '../../test/catalogs.factories';
import { createConsignee, createUser } from '../../test/factories';
import { createOrderWorld, insertOrder, type OrderWorld } from '../../test/orders.factories';
import { moveProgress } from './orders.repository';

const dec = (value: string) => ({ $decimal: value });
const day = (value: string) => ({ $date: value });
const TOMORROW = () => addDays(today(), 1);
const NEXT_WEEK = () => addDays(today(), 7);

let app: TestApp;
let world: OrderWorld;
let token: string;

beforeAll(async () => {
  app = await createTestApp();
  world = await createOrderWorld(app.deps.db, { notificationTypes: ['pord', 'sord', 'omov'] });
  token = await loginAs(app, world.user);
});

async function addOrder(
  kind: 'purch' | 'sales',
  fields: Record<string, unknown> = {},
  session = token,
): Promise<number> {
  const calls = kind === 'purch' ? orders.purch : orders.sales;
  const response = await app.call(
    calls.addOrder,
    { fields: { consignee_id: world.consignee.id, ...fields } },
    session,
  );
  expect(response.body.failure).toBeUndefined();
  return response.body.head_id as number;
}

async function systemComments(kind: 'purch' | 'sales', headId: number) {
  const column = kind === 'purch' ? discussions.purchHeadId : discussions.salesHeadId;
  const rows = await app.deps.db
    .select({ id: comments.id, dict: comments.dict })
    .from(comments)
    .innerJoin(discussions, eq(discussions.id, comments.discussionId))
    .where(and(eq(column, headId), sql`${comments.dict}->>'code' <> 'order_edited'`))
    .orderBy(comments.id);
  return rows;
}

function completePurchFields(w: OrderWorld = world) {
  return {
    vendor_id: w.vendor.id,
    vendor_address_id: w.vendorAddresses[0]!.id,
    vendor_reference: 'REF-1',
    location_id: w.refs.locationId,
    delivery_date: day(NEXT_WEEK()),
    currency_id: w.refs.eurId,
    truck_number: 'KA-1234',
    is_return: false,
    lines: [
      { sku_id: w.skus[0]!.id, ordered_qty: dec('10.000'), uom_id: w.refs.pcsId, price: dec('2.505') },
      { sku_id: w.skus[1]!.id, ordered_qty: dec('3'), uom_id: w.refs.boxId, price: dec('0.1') },
    ],
  };
}

function completeSalesFields(w: OrderWorld = world) {
  return {
    customer_id: w.customer.id,
    customer_address_id: w.customerAddresses[0]!.id,
    customer_reference: 'PO 77/12',
    delivery_address_id: w.customerAddresses[1]!.id,
    delivery_name: 'Shop 5',
    delivery_date: day(NEXT_WEEK()),
    due_days: dec('30'),
    currency_id: w.refs.eurId,
    location_id: w.refs.locationId,
    truck_number: null,
    self_picking: true,
    is_return: false,
    comments: 'Unload at gate 3.',
    lines: [
      {
        sku_id: w.skus[0]!.id,
        ordered_qty: dec('4'),
        uom_id: w.refs.pcsId,
        price: dec('1.250'),
        batch: 'B-1',
        expiry_date: day('2031-05-01'),
      },
    ],
  };
}

describe('purchase order lifecycle', () => {
  it('offers the sole consignee and pieces as defaults', async () => {
    const response = await app.call(orders.purch.getAddOrderDefaults, {}, token);
    expect(response.body).toEqual({ consignee_id: world.consignee.id, uom_id: world.refs.pcsId });
  });

  it('carries an order from nothing to ready and back, with a system comment for each move', async () => {
    const headId = await addOrder('purch', { external_code: 'PO-1' });

    const fresh = await app.call(orders.purch.viewOrder, { head_id: headId }, token);
    expect(fresh.body).toMatchObject({
      purch_head_id: headId,
      head_id: headId,
      external_code: 'PO-1',
      consignee_id: world.consignee.id,
      consignee: {
        name: world.consignee.name,
        business_line: { business_line_id: world.consignee.businessLineId },
      },
      progress: 'draft',
      is_template: false,
      can_update: true,
      can_ready: false,
      can_unready: false,
      total: dec('0.000'),
      lines: [],
    });
    expect(fresh.body.problems.errors.map((p: { code: string }) => p.code)).toEqual([
      'no_location',
      'no_delivery_date',
      'no_vendor',
      'no_lines',
    ]);

    // The discussion is created with the order.
    const [discussion] = await app.deps.db
      .select()
      .from(discussions)
      .where(eq(discussions.purchHeadId, headId));
    expect(discussion).toMatchObject({
      visibility: 'order',
      companyId: world.company.id,
      name: 'PO-1',
    });
    const thread = await app.call(discussionCalls.getDiscussionPurch, { purch_head_id: headId }, token);
    expect(thread.body.order).toEqual({
      kind: 'purch',
      head_id: headId,
      external_code: 'PO-1',
      is_template: false,
    });

    const incomplete = await app.call(orders.purch.setReady, { head_id: headId }, token);
    expect(incomplete.body.failure.code).toBe('order_incomplete');

    const edit = await app.call(
      orders.purch.editOrder,
      { head_id: headId, fields: completePurchFields() },
      token,
    );
    expect(edit.body).toEqual({ head_id: headId });

    const complete = await app.call(orders.purch.viewOrder, { head_id: headId }, token);
    expect(complete.body).toMatchObject({
      vendor_id: world.vendor.id,
      vendor: { code: world.vendor.externalCode, name: world.vendor.name },
      vendor_address_id: world.vendorAddresses[0]!.id,
      vendor_address: { name: world.vendorAddresses[0]!.name },
      vendor_reference: 'REF-1',
      location_id: world.refs.locationId,
      location: { label: expect.any(String) },
      delivery_date: day(NEXT_WEEK()),
      currency_id: world.refs.eurId,
      currency: { code: 'EUR' },
      truck_number: 'KA-1234',
      is_return: false,
      problems: { errors: [], warnings: [] },
      can_ready: true,
      total: dec('25.350'),
      lines: [
        {
          sku_id: world.skus[0]!.id,
          sku: { external_code: world.skus[0]!.externalCode, name: world.skus[0]!.name },
          ordered_qty: dec('10.000'),
          received_qty: null,
          uom_id: world.refs.pcsId,
          uom: { name: 'pcs' },
          price: dec('2.505'),
          ordered_sum: dec('25.050'),
        },
        {
          sku_id: world.skus[1]!.id,
          ordered_qty: dec('3.000'),
          price: dec('0.100'),
          ordered_sum: dec('0.300'),
        },
      ],
    });

    expect((await app.call(orders.purch.setReady, { head_id: headId }, token)).body).toEqual({
      head_id: headId,
    });
    const ready = await app.call(orders.purch.viewOrder, { head_id: headId }, token);
    expect(ready.body).toMatchObject({
      progress: 'ready',
      can_update: false,
      can_ready: false,
      can_unready: true,
    });

    expect((await app.call(orders.purch.setDraft, { head_id: headId }, token)).body).toEqual({
      head_id: headId,
    });
    const draft = await app.call(orders.purch.viewOrder, { head_id: headId }, token);
    expect(draft.body).toMatchObject({
      progress: 'draft',
      can_update: true,
      can_ready: true,
      can_unready: false,
    });

    expect((await systemComments('purch', headId)).map((c) => c.dict)).toEqual([
      { code: 'order_progress_changed', old: 'draft', new: 'ready' },
      { code: 'order_progress_changed', old: 'ready', new: 'draft' },
    ]);
  });

  it('notifies the company users with pord about each move, in the same transaction', async () => {
    const colleague = await createUser(app.deps.db, {
      permissions: ['pord'],
      companyIds: [world.company.id],
      notificationTypes: ['omov'],
    });
    const headId = await addOrder('purch');
    await app.call(orders.purch.editOrder, { head_id: headId, fields: completePurchFields() }, token);
    await app.call(orders.purch.setReady, { head_id: headId }, token);
    const [comment] = await systemComments('purch', headId);
    const notified = await app.deps.db
      .select({ userId: notifications.userId, type: notifications.ntfyType })
      .from(notifications)
      .where(eq(notifications.commentId, comment!.id));
    expect(notified).toContainEqual({ userId: colleague.id, type: 'omov' });
  });

  it('refuses to change, exclude or set ready again a ready order', async () => {
    const headId = await addOrder('purch');
    await app.call(orders.purch.editOrder, { head_id: headId, fields: completePurchFields() }, token);
    await app.call(orders.purch.setReady, { head_id: headId }, token);
    const edit = await app.call(
      orders.purch.editOrder,
      { head_id: headId, fields: { truck_number: 'X' } },
      token,
    );
    expect(edit).toEqual({
      status: 200,
      body: { failure: { code: 'order_update_denied', details: { progress: 'ready' } } },
    });
    const exclude = await app.call(orders.purch.exclude, { head_id: headId }, token);
    expect(exclude.body.failure.code).toBe('order_exclude_denied');
    const again = await app.call(orders.purch.setReady, { head_id: headId }, token);
    expect(again.body.failure.code).toBe('order_ready_denied');
  });

  it('refuses set_draft unless the order is ready or refused', async () => {
    const headId = await addOrder('purch');
    const response = await app.call(orders.purch.setDraft, { head_id: headId }, token);
    expect(response.body.failure.code).toBe('order_unready_denied');
    const sent = await insertOrder(app.deps.db, 'purch', {
      consigneeId: world.consignee.id,
      progress: 'sent',
    });
    const taken = await app.call(orders.purch.setDraft, { head_id: sent }, token);
    expect(taken.body.failure.code).toBe('order_unready_denied');
  });

  it('excludes a draft, after which it is not found', async () => {
    const headId = await addOrder('purch', { external_code: 'PO-GONE' });
    expect((await app.call(orders.purch.exclude, { head_id: headId }, token)).body).toEqual({
      head_id: headId,
    });
    const view = await app.call(orders.purch.viewOrder, { head_id: headId }, token);
    expect(view.body.failure.code).toBe('order_not_found');
    // Its external code is free again.
    await addOrder('purch', { external_code: 'PO-GONE' });
  });

  it('refuses the same SKU twice in one order', async () => {
    const headId = await addOrder('purch');
    const sku = world.skus[0]!.id;
    const response = await app.call(
      orders.purch.editOrder,
      {
        head_id: headId,
        fields: {
          lines: [
            { sku_id: sku, ordered_qty: dec('1'), uom_id: null, price: null },
            { sku_id: sku, ordered_qty: dec('2'), uom_id: null, price: null },
          ],
        },
      },
      token,
    );
    expect(response.body).toEqual({
      failure: { code: 'order_sku_dublicate', details: { sku_id_list: [sku] } },
    });
  });

  it('refuses a fraction of a counted unit and takes one of a measured unit, over the API', async () => {
    const headId = await addOrder('purch');
    const [pcs, kg] = [world.skus[0]!.id, world.skus[1]!.id];
    const [kgUnit] = await app.deps.db.select().from(uoms).where(eq(uoms.name, 'kg'));
    const edit = (qty: string) =>
      app.call(
        orders.purch.editOrder,
        {
          head_id: headId,
          fields: {
            lines: [
              { sku_id: pcs, ordered_qty: dec(qty), uom_id: world.refs.pcsId, price: null },
              { sku_id: kg, ordered_qty: dec('1.5'), uom_id: kgUnit!.id, price: null },
            ],
          },
        },
        token,
      );
    expect((await edit('1.5')).body).toEqual({
      failure: { code: 'order_qty_not_whole', details: { sku_id_list: [pcs] } },
    });
    expect((await edit('15')).body).toEqual({ head_id: headId });
  });

  it('refuses an external code another live order of the consignee has', async () => {
    await addOrder('purch', { external_code: 'PO-DUP' });
    const response = await app.call(
      orders.purch.addOrder,
      { fields: { consignee_id: world.consignee.id, external_code: 'PO-DUP' } },
      token,
    );
    expect(response.body.failure.code).toBe('order_code_dublicate');
    // Purchase and sales codes are separate.
    await addOrder('sales', { external_code: 'PO-DUP' });
  });

  it('reports a line without quantity and refuses ready for it', async () => {
    const headId = await addOrder('purch');
    const fields = completePurchFields();
    fields.lines[1]!.ordered_qty = null as never;
    await app.call(orders.purch.editOrder, { head_id: headId, fields }, token);
    const view = await app.call(orders.purch.viewOrder, { head_id: headId }, token);
    expect(view.body.problems.errors).toEqual([
      { code: 'no_quantity', details: { skus: [world.skus[1]!.externalCode] } },
    ]);
    expect(view.body.can_ready).toBe(false);
    expect(view.body.lines[1].ordered_sum).toBeNull();
    expect(view.body.total).toEqual(dec('25.050'));
    const ready = await app.call(orders.purch.setReady, { head_id: headId }, token);
    expect(ready.body.failure).toEqual({
      code: 'order_incomplete',
      details: { errors: [{ code: 'no_quantity', details: { skus: [world.skus[1]!.externalCode] } }] },
    });
  });

  it('sees a delivery date in the past as an error and one within 24 hours as a warning', async () => {
    const headId = await addOrder('purch');
    await app.call(
      orders.purch.editOrder,
      { head_id: headId, fields: { ...completePurchFields(), delivery_date: day(addDays(today(), -1)) } },
      token,
    );
    const past = await app.call(orders.purch.viewOrder, { head_id: headId }, token);
    expect(past.body.problems.errors.map((p: { code: string }) => p.code)).toEqual(['delivery_date_past']);
    await app.call(
      orders.purch.editOrder,
      { head_id: headId, fields: { delivery_date: day(TOMORROW()) } },
      token,
    );
    const soon = await app.call(orders.purch.viewOrder, { head_id: headId }, token);
    expect(soon.body.problems).toEqual({ errors: [], warnings: [{ code: 'delivery_soon', details: null }] });
    expect(soon.body.can_ready).toBe(true);
  });

  it('drops the vendor address when the vendor changes without a new one', async () => {
    const headId = await addOrder('purch');
    await app.call(orders.purch.editOrder, { head_id: headId, fields: completePurchFields() }, token);
    await app.call(orders.purch.editOrder, { head_id: headId, fields: { vendor_id: null } }, token);
    const view = await app.call(orders.purch.viewOrder, { head_id: headId }, token);
    expect(view.body).toMatchObject({ vendor_id: null, vendor: null, vendor_address_id: null });
  });

  it('refuses an address of another vendor', async () => {
    const headId = await addOrder('purch');
    const response = await app.call(
      orders.purch.editOrder,
      {
        head_id: headId,
        fields: { vendor_id: world.vendor.id, vendor_address_id: world.customerAddresses[0]!.id },
      },
      token,
    );
    expect(response.body.failure.code).toBe('consignee_not_permitted');
  });
});

describe('decimals', () => {
  it('come back exactly as entered, and sums are exact', async () => {
    const headId = await addOrder('purch');
    const lines = [
      {
        sku_id: world.skus[0]!.id,
        ordered_qty: dec('999999999.999'),
        uom_id: null,
        price: dec('999999999.999'),
      },
      { sku_id: world.skus[1]!.id, ordered_qty: dec('0.001'), uom_id: null, price: dec('0.005') },
      { sku_id: world.skus[2]!.id, ordered_qty: dec('0.100'), uom_id: null, price: dec('0.200') },
    ];
    await app.call(orders.purch.editOrder, { head_id: headId, fields: { lines } }, token);
    const view = await app.call(orders.purch.viewOrder, { head_id: headId }, token);
    expect(
      view.body.lines.map((line: Record<string, unknown>) => [
        line.ordered_qty,
        line.price,
        line.ordered_sum,
      ]),
    ).toEqual([
      [dec('999999999.999'), dec('999999999.999'), dec('999999999998000000.000')],
      // 0.000005 rounds half up to 0.000.
      [dec('0.001'), dec('0.005'), dec('0.000')],
      [dec('0.100'), dec('0.200'), dec('0.020')],
    ]);
    expect(view.body.total).toEqual(dec('999999999998000000.020'));
  });

  it('round-trip sales due days, quantities, batch and expiry date', async () => {
    const headId = await addOrder('sales');
    await app.call(orders.sales.editOrder, { head_id: headId, fields: completeSalesFields() }, token);
    const view = await app.call(orders.sales.viewOrder, { head_id: headId }, token);
    expect(view.body).toMatchObject({
      due_days: dec('30.000'),
      lines: [
        { ordered_qty: dec('4.000'), price: dec('1.250'), batch: 'B-1', expiry_date: day('2031-05-01') },
      ],
    });
  });

  it('takes a line that names only its SKU and quantity: the rest is empty', async () => {
    for (const kind of ['purch', 'sales'] as const) {
      const headId = await addOrder(kind);
      const calls = kind === 'purch' ? orders.purch : orders.sales;
      const edited = await app.call(
        calls.editOrder,
        { head_id: headId, fields: { lines: [{ sku_id: world.skus[0]!.id, ordered_qty: dec('3') }] } },
        token,
      );
      expect(edited.status).toBe(200);
      expect(edited.body.failure).toBeUndefined();
      const view = await app.call(calls.viewOrder, { head_id: headId }, token);
      expect(view.body.lines).toEqual([
        expect.objectContaining({
          sku_id: world.skus[0]!.id,
          ordered_qty: dec('3.000'),
          uom_id: null,
          price: null,
          ...(kind === 'sales' ? { batch: null, expiry_date: null } : {}),
        }),
      ]);
    }
  });

  it('refuses more than 3 decimals or a negative amount as malformed', async () => {
    const headId = await addOrder('purch');
    for (const bad of ['1.0001', '-1', '1e3', '1234567890']) {
      const response = await app.call(
        orders.purch.editOrder,
        {
          head_id: headId,
          fields: {
            lines: [{ sku_id: world.skus[0]!.id, ordered_qty: dec(bad), uom_id: null, price: null }],
          },
        },
        token,
      );
      expect(response.status).toBe(400);
      expect(response.body.failure.code).toBe('malformed_api_request');
    }
  });
});

describe('sales order lifecycle', () => {
  it('carries a sales order from nothing to ready with its own fields and problems', async () => {
    const headId = await addOrder('sales', { external_code: 'SO-1' });
    const fresh = await app.call(orders.sales.viewOrder, { head_id: headId }, token);
    expect(fresh.body).toMatchObject({ sales_head_id: headId, head_id: headId, progress: 'draft' });
    expect(fresh.body.problems.errors.map((p: { code: string }) => p.code)).toEqual([
      'no_location',
      'no_delivery_date',
      'no_customer',
      'no_due_days',
      'no_lines',
    ]);

    await app.call(orders.sales.editOrder, { head_id: headId, fields: completeSalesFields() }, token);
    const complete = await app.call(orders.sales.viewOrder, { head_id: headId }, token);
    expect(complete.body).toMatchObject({
      customer_id: world.customer.id,
      customer: { code: world.customer.externalCode, name: world.customer.name },
      customer_address: { name: world.customerAddresses[0]!.name },
      customer_reference: 'PO 77/12',
      delivery_address_id: world.customerAddresses[1]!.id,
      delivery_address: { name: world.customerAddresses[1]!.name },
      delivery_name: 'Shop 5',
      comments: 'Unload at gate 3.',
      self_picking: true,
      vat_tax_req: false,
      truck_number: null,
      total: dec('5.000'),
      can_ready: true,
      lines: [{ sales_qty: null, delivered_qty: null, ordered_sum: dec('5.000') }],
    });
    // No stock at all: a warning, not an error.
    expect(complete.body.problems).toEqual({
      errors: [],
      warnings: [{ code: 'stock_short', details: { skus: [world.skus[0]!.externalCode] } }],
    });

    await app.call(orders.sales.setReady, { head_id: headId }, token);
    await app.call(orders.sales.setDraft, { head_id: headId }, token);
    expect((await systemComments('sales', headId)).map((c) => c.dict)).toEqual([
      { code: 'order_progress_changed', old: 'draft', new: 'ready' },
      { code: 'order_progress_changed', old: 'ready', new: 'draft' },
    ]);
  });

  /** A world of its own with stock of its first SKU in batch B-1 (the batch completeSalesFields asks). */
  async function stockedWorld(qty: string) {
    const w = await createOrderWorld(app.deps.db);
    const session = await loginAs(app, w.user);
    const sku = w.skus[0]!;
    await createStockRow(app.deps.db, {
      consigneeId: w.consignee.id,
      skuId: sku.id,
      qty,
      uomId: w.refs.pcsId,
      batch: 'B-1',
      expiryDate: '2031-05-01',
    });
    return { w, session, sku };
  }

  it('warns about stock only beyond what the warehouse holds of the batch', async () => {
    const { w, session, sku } = await stockedWorld('3.000');
    await createStockRow(app.deps.db, {
      consigneeId: w.consignee.id,
      skuId: sku.id,
      qty: '2.000',
      uomId: w.refs.pcsId,
      batch: 'B-1',
      expiryDate: '2031-05-01',
    });
    await createStockRow(app.deps.db, {
      consigneeId: w.consignee.id,
      skuId: sku.id,
      qty: '100.000',
      uomId: w.refs.pcsId,
      batch: 'B-2',
    });
    const response = await app.call(
      orders.sales.addOrder,
      { fields: { consignee_id: w.consignee.id } },
      session,
    );
    const headId = response.body.head_id;
    await app.call(orders.sales.editOrder, { head_id: headId, fields: completeSalesFields(w) }, session);
    const enough = await app.call(orders.sales.viewOrder, { head_id: headId }, session);
    expect(enough.body.problems.warnings).toEqual([]);
    const fields = completeSalesFields(w);
    fields.lines[0]!.ordered_qty = dec('6');
    await app.call(orders.sales.editOrder, { head_id: headId, fields }, session);
    const short = await app.call(orders.sales.viewOrder, { head_id: headId }, session);
    expect(short.body.problems.warnings.map((p: { code: string }) => p.code)).toEqual(['stock_short']);
    await app.call(orders.sales.editOrder, { head_id: headId, fields: { is_return: true } }, session);
    const ret = await app.call(orders.sales.viewOrder, { head_id: headId }, session);
    expect(ret.body.problems.warnings).toEqual([]);
  });

  it('counts what other orders on their way to the warehouse have promised, until it is delivered', async () => {
    const { w, session } = await stockedWorld('10.000');
    const salesOrder = async (qty: string) => {
      const added = await app.call(
        orders.sales.addOrder,
        { fields: { consignee_id: w.consignee.id } },
        session,
      );
      const fields = completeSalesFields(w);
      fields.lines[0]!.ordered_qty = dec(qty);
      await app.call(orders.sales.editOrder, { head_id: added.body.head_id, fields }, session);
      return added.body.head_id as number;
    };
    const warningsOf = async (headId: number) =>
      (await app.call(orders.sales.viewOrder, { head_id: headId }, session)).body.problems.warnings.map(
        (p: { code: string }) => p.code,
      );

    const first = await salesOrder('7');
    const second = await salesOrder('4');
    // Drafts promise nothing: each alone fits into the 10 in stock.
    expect(await warningsOf(second)).toEqual([]);
    const ready = await app.call(orders.sales.setReady, { head_id: first }, session);
    expect(ready.body.failure).toBeUndefined();
    // 10 in stock, 7 promised to the ready order: 4 more do not fit; the ready order itself is fine.
    expect(await warningsOf(second)).toEqual(['stock_short']);
    expect(await warningsOf(first)).toEqual([]);
    // Once the warehouse reports the first order delivered, its goods have left the stock rows.
    await app.deps.db.update(salesLines).set({ deliveredQty: '7.000' }).where(eq(salesLines.headId, first));
    expect(await warningsOf(second)).toEqual([]);
  });
});

describe('templates', () => {
  it('copies header and lines from a template into a new draft', async () => {
    const templateId = await addOrder('sales', { external_code: 'SO-TPL', is_template: true });
    const template = await app.call(orders.sales.viewOrder, { head_id: templateId }, token);
    expect(template.body).toMatchObject({
      progress: 'template',
      is_template: true,
      can_update: true,
      can_ready: false,
    });
    expect(template.body.problems).toEqual({ errors: [], warnings: [] });
    await app.call(orders.sales.editOrder, { head_id: templateId, fields: completeSalesFields() }, token);
    const refused = await app.call(orders.sales.setReady, { head_id: templateId }, token);
    expect(refused.body.failure.code).toBe('order_ready_denied');

    const copyId = await addOrder('sales', { external_code: 'SO-COPY', template_id: templateId });
    const copy = await app.call(orders.sales.viewOrder, { head_id: copyId }, token);
    const source = (await app.call(orders.sales.viewOrder, { head_id: templateId }, token)).body;
    expect(copy.body).toMatchObject({
      external_code: 'SO-COPY',
      progress: 'draft',
      is_template: false,
      customer_id: source.customer_id,
      customer_address_id: source.customer_address_id,
      delivery_address_id: source.delivery_address_id,
      delivery_date: source.delivery_date,
      due_days: source.due_days,
      comments: source.comments,
      self_picking: true,
      total: source.total,
    });
    expect(copy.body.lines.map(({ line_id, ...line }: { line_id: number }) => line)).toEqual(
      source.lines.map(({ line_id, ...line }: { line_id: number }) => line),
    );
    // The template itself is unchanged and still a template.
    expect(source.progress).toBe('template');
    const [discussion] = await app.deps.db
      .select()
      .from(discussions)
      .where(eq(discussions.salesHeadId, templateId));
    expect(discussion!.name).toBe('SO-TPL');
    const thread = await app.call(discussionCalls.getDiscussionSales, { sales_head_id: templateId }, token);
    expect(thread.body.order).toMatchObject({ kind: 'sales', external_code: 'SO-TPL', is_template: true });
  });

  it('copies any order the user can read, but not a past delivery date', async () => {
    const sourceId = await insertOrder(app.deps.db, 'purch', {
      consigneeId: world.consignee.id,
      progress: 'sync',
      statusCode: 'DONE',
      statusDesc: 'Received',
      deliveryDate: '2020-01-01',
      vendorId: world.vendor.id,
    });
    const copyId = await addOrder('purch', { template_id: sourceId });
    const copy = await app.call(orders.purch.viewOrder, { head_id: copyId }, token);
    expect(copy.body).toMatchObject({
      progress: 'draft',
      status: { code: null, desc: null },
      vendor_id: world.vendor.id,
      delivery_date: null,
    });
  });

  it('refuses a template that is missing, excluded, of another consignee or of another company', async () => {
    const other = await createOrderWorld(app.deps.db);
    const foreign = await insertOrder(app.deps.db, 'purch', {
      consigneeId: other.consignee.id,
      isTemplate: true,
      progress: 'template',
    });
    const excluded = await addOrder('purch', { is_template: true });
    await app.call(orders.purch.exclude, { head_id: excluded }, token);
    for (const templateId of [999999, foreign, excluded]) {
      const response = await app.call(
        orders.purch.addOrder,
        { fields: { consignee_id: world.consignee.id, template_id: templateId } },
        token,
      );
      expect(response.body.failure.code).toBe('order_template_not_found');
    }
    // Another consignee of the same company.
    const admin = await createUser(app.deps.db, { roleId: 99, permissions: ['pord'] });
    const adminToken = await loginAs(app, admin);
    const mine = await addOrder('purch', { is_template: true });
    const response = await app.call(
      orders.purch.addOrder,
      { fields: { consignee_id: other.consignee.id, template_id: mine } },
      adminToken,
    );
    expect(response.body.failure.code).toBe('order_template_not_found');
  });

  it('lets a template be excluded', async () => {
    const headId = await addOrder('purch', { is_template: true });
    expect((await app.call(orders.purch.exclude, { head_id: headId }, token)).body).toEqual({
      head_id: headId,
    });
  });
});

describe('failures', () => {
  it('puts a refused order back to draft to be fixed, keeping the reason until it is sent again', async () => {
    const headId = await insertOrder(app.deps.db, 'purch', {
      consigneeId: world.consignee.id,
      progress: 'failure',
      failureReason: 'No dock slot is free on the delivery date',
    });
    const refused = await app.call(orders.purch.viewOrder, { head_id: headId }, token);
    expect(refused.body).toMatchObject({ can_unready: true, can_update: false });
    expect((await app.call(orders.purch.setDraft, { head_id: headId }, token)).body).toEqual({
      head_id: headId,
    });
    const draft = await app.call(orders.purch.viewOrder, { head_id: headId }, token);
    expect(draft.body).toMatchObject({
      progress: 'draft',
      can_update: true,
      can_unready: false,
      failure_reason: 'No dock slot is free on the delivery date',
    });
    expect((await systemComments('purch', headId)).map((c) => c.dict)).toEqual([
      { code: 'order_progress_changed', old: 'failure', new: 'draft' },
    ]);
    const twice = await app.call(orders.purch.setDraft, { head_id: headId }, token);
    expect(twice.body.failure.code).toBe('order_unready_denied');
    // Fixed and set ready again, the old reason is gone.
    await app.deps.db.transaction(async (tx) => {
      await moveProgress(tx, 'purch', headId, 'draft', 'ready');
    });
    const ready = await app.call(orders.purch.viewOrder, { head_id: headId }, token);
    expect(ready.body).toMatchObject({ progress: 'ready', failure_reason: null });
  });

  it('resets one failed order to ready with a system comment', async () => {
    const headId = await insertOrder(app.deps.db, 'purch', {
      consigneeId: world.consignee.id,
      progress: 'failure',
      failureReason: 'Unknown SKU',
    });
    const view = await app.call(orders.purch.viewOrder, { head_id: headId }, token);
    expect(view.body).toMatchObject({
      progress: 'failure',
      failure_reason: 'Unknown SKU',
      can_update: false,
    });
    expect((await app.call(orders.purch.resetFailure, { head_id: headId }, token)).body).toEqual({
      head_id: headId,
    });
    const reset = await app.call(orders.purch.viewOrder, { head_id: headId }, token);
    expect(reset.body).toMatchObject({ progress: 'ready', failure_reason: null });
    expect((await systemComments('purch', headId)).map((c) => c.dict)).toEqual([
      { code: 'order_progress_changed', old: 'failure', new: 'ready' },
    ]);
    const again = await app.call(orders.purch.resetFailure, { head_id: headId }, token);
    expect(again.body.failure.code).toBe('order_ready_denied');
  });

  it('resets every failed order of the kind the user can see, and only those', async () => {
    const w = await createOrderWorld(app.deps.db);
    const other = await createOrderWorld(app.deps.db);
    const session = await loginAs(app, w.user);
    const mine = [
      await insertOrder(app.deps.db, 'sales', { consigneeId: w.consignee.id, progress: 'failure' }),
      await insertOrder(app.deps.db, 'sales', { consigneeId: w.consignee.id, progress: 'failure' }),
    ];
    const theirs = await insertOrder(app.deps.db, 'sales', {
      consigneeId: other.consignee.id,
      progress: 'failure',
    });
    const purch = await insertOrder(app.deps.db, 'purch', {
      consigneeId: w.consignee.id,
      progress: 'failure',
    });
    const response = await app.call(orders.sales.resetAllFailures, {}, session);
    expect(response.body).toEqual({ count: 2 });
    const progress = async (table: typeof salesHeads | typeof purchHeads, id: number) =>
      (await app.deps.db.select({ p: table.progress }).from(table).where(eq(table.id, id)))[0]!.p;
    expect(await progress(salesHeads, mine[0]!)).toBe('ready');
    expect(await progress(salesHeads, mine[1]!)).toBe('ready');
    expect(await progress(salesHeads, theirs)).toBe('failure');
    expect(await progress(purchHeads, purch)).toBe('failure');
  });
});

describe('tenancy and permissions', () => {
  it("treats another company's order as not found, whatever the call", async () => {
    const other = await createOrderWorld(app.deps.db);
    const headId = await insertOrder(app.deps.db, 'purch', {
      consigneeId: other.consignee.id,
      progress: 'failure',
    });
    for (const call of [
      orders.purch.viewOrder,
      orders.purch.exclude,
      orders.purch.setReady,
      orders.purch.setDraft,
      orders.purch.resetFailure,
    ]) {
      const response = await app.call(call, { head_id: headId }, token);
      expect(response.body).toEqual({ failure: { code: 'order_not_found', details: { head_id: headId } } });
    }
    const edit = await app.call(orders.purch.editOrder, { head_id: headId, fields: {} }, token);
    expect(edit.body.failure.code).toBe('order_not_found');
    const list = await app.call(
      orders.purch.listOrders,
      { filters: { consignee_id: other.consignee.id } },
      token,
    );
    expect(list.body).toEqual({ items: [], more: false });
  });

  it("refuses another company's consignee, vendor, customer, address or SKU", async () => {
    const other = await createOrderWorld(app.deps.db);
    const add = await app.call(
      orders.purch.addOrder,
      { fields: { consignee_id: other.consignee.id } },
      token,
    );
    expect(add.body.failure.code).toBe('consignee_not_permitted');
    const purchId = await addOrder('purch');
    const salesId = await addOrder('sales');
    const attempts = [
      [orders.purch.editOrder, purchId, { vendor_id: other.vendor.id }],
      [
        orders.purch.editOrder,
        purchId,
        { vendor_id: world.vendor.id, vendor_address_id: other.vendorAddresses[0]!.id },
      ],
      [orders.sales.editOrder, salesId, { customer_id: other.customer.id }],
      [
        orders.sales.editOrder,
        salesId,
        { customer_id: world.customer.id, delivery_address_id: other.customerAddresses[0]!.id },
      ],
      [
        orders.purch.editOrder,
        purchId,
        { lines: [{ sku_id: other.skus[0]!.id, ordered_qty: null, uom_id: null, price: null }] },
      ],
    ] as const;
    for (const [call, headId, fields] of attempts) {
      const response = await app.call(call, { head_id: headId, fields }, token);
      expect(response.body.failure.code).toBe('consignee_not_permitted');
    }
  });

  it("refuses a SKU of another consignee of the user's own company", async () => {
    const sibling = await createConsignee(app.deps.db, { companyId: world.company.id });
    const sku = await createSku(app.deps.db, { consigneeId: sibling.id });
    const headId = await addOrder('purch');
    const response = await app.call(
      orders.purch.editOrder,
      {
        head_id: headId,
        fields: { lines: [{ sku_id: sku.id, ordered_qty: null, uom_id: null, price: null }] },
      },
      token,
    );
    expect(response.body.failure.code).toBe('consignee_not_permitted');
  });

  it('lets role 99 see and work with every company', async () => {
    const admin = await createUser(app.deps.db, { roleId: 99, permissions: ['pord'] });
    const adminToken = await loginAs(app, admin);
    const headId = await addOrder('purch');
    const view = await app.call(orders.purch.viewOrder, { head_id: headId }, adminToken);
    expect(view.body.head_id).toBe(headId);
  });

  it('answers 403 without the permission of the kind', async () => {
    const w = await createOrderWorld(app.deps.db, { permissions: ['sord'] });
    const session = await loginAs(app, w.user);
    const purch = await app.call(orders.purch.listOrders, {}, session);
    expect(purch).toEqual({ status: 403, body: { failure: { code: 'forbidden' } } });
    const sales = await app.call(orders.sales.listOrders, {}, session);
    expect(sales.status).toBe(200);
  });
});

describe('order lists', () => {
  let w: OrderWorld;
  let session: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    w = await createOrderWorld(app.deps.db);
    session = await loginAs(app, w.user);
    const db = app.deps.db;
    const base = { consigneeId: w.consignee.id };
    ids.old = await insertOrder(db, 'purch', {
      ...base,
      externalCode: 'PO-OLD',
      creationDate: new Date('2024-01-10T10:00:00Z'),
      progress: 'sync',
    });
    ids.mid = await insertOrder(db, 'purch', {
      ...base,
      externalCode: 'PO-MID',
      creationDate: new Date('2024-02-10T10:00:00Z'),
      vendorId: w.vendor.id,
      progress: 'ready',
    });
    ids.new = await insertOrder(db, 'purch', {
      ...base,
      externalCode: 'PO-NEW',
      creationDate: new Date('2024-03-10T10:00:00Z'),
      isReturn: true,
    });
    ids.tpl = await insertOrder(db, 'purch', {
      ...base,
      externalCode: 'PO-TPL',
      creationDate: new Date('2024-03-11T10:00:00Z'),
      isTemplate: true,
      progress: 'template',
    });
  });

  const list = (body: Record<string, unknown>) => app.call(orders.purch.listOrders, body, session);
  const codes = (response: { body: { items: { external_code: string }[] } }) =>
    response.body.items.map((item) => item.external_code);

  it('lists newest first with the row fields', async () => {
    const response = await list({ filters: { is_template: false } });
    expect(codes(response)).toEqual(['PO-NEW', 'PO-MID', 'PO-OLD']);
    expect(response.body.items[1]).toEqual({
      purch_head_id: ids.mid,
      head_id: ids.mid,
      external_code: 'PO-MID',
      warehouse_code: null,
      progress: 'ready',
      status: { code: null, desc: null },
      failure_reason: null,
      failure_code: null,
      failure_params: null,
      consignee_id: w.consignee.id,
      consignee: {
        name: w.consignee.name,
        business_line: { business_line_id: w.consignee.businessLineId, name: expect.any(String) },
      },
      creation_date: { $datetime: '2024-02-10T10:00:00.000Z' },
      delivery_date: null,
      is_return: false,
      is_template: false,
      lines_count: 0,
      vendor_id: w.vendor.id,
      vendor: { code: w.vendor.externalCode, name: w.vendor.name },
    });
  });

  it('filters by template flag, vendor, progress, search and creation dates', async () => {
    expect(codes(await list({ filters: { is_template: true } }))).toEqual(['PO-TPL']);
    expect(codes(await list({ filters: { vendor_id: w.vendor.id } }))).toEqual(['PO-MID']);
    expect(codes(await list({ filters: { progress: 'sync' } }))).toEqual(['PO-OLD']);
    expect(codes(await list({ filters: { smart: 'po-n' } }))).toEqual(['PO-NEW']);
    expect(codes(await list({ filters: { smart: w.vendor.name } }))).toEqual(['PO-MID']);
    expect(codes(await list({ filters: { smart: w.vendor.externalCode } }))).toEqual(['PO-MID']);
    expect(codes(await list({ filters: { smart: w.consignee.name, is_template: false } }))).toEqual([
      'PO-NEW',
      'PO-MID',
      'PO-OLD',
    ]);
    expect(
      codes(
        await list({
          filters: { creation_date_from: day('2024-02-10'), creation_date_to: day('2024-03-10') },
        }),
      ),
    ).toEqual(['PO-NEW', 'PO-MID']);
  });

  it('orders by status and creation date, and pages', async () => {
    const byStatus = await list({ filters: { is_template: false }, ordering: '-status' });
    expect(codes(byStatus)).toEqual(['PO-OLD', 'PO-MID', 'PO-NEW']);
    const oldest = await list({ filters: {}, ordering: 'creation_date', count: 2 });
    expect(codes(oldest)).toEqual(['PO-OLD', 'PO-MID']);
    expect(oldest.body.more).toBe(true);
    const second = await list({
      filters: {},
      ordering: 'creation_date',
      count: 2,
      page: 1,
      with_total: true,
    });
    expect(codes(second)).toEqual(['PO-NEW', 'PO-TPL']);
    expect(second.body).toMatchObject({ more: false, total: 4 });
  });

  it('refuses unknown filters and orderings', async () => {
    expect((await list({ filters: { customer_id: 1 } })).body.failure.code).toBe('crud_filter_unknown');
    expect((await list({ ordering: 'vendor' })).body.failure.code).toBe('crud_order_unknown');
    expect((await list({ filters: { creation_date_from: '2024-01-01' } })).body.failure.code).toBe(
      'crud_filter_invalid_type',
    );
  });

  it('makes the same number of queries whatever the page size', async () => {
    for (let i = 0; i < 25; i++) {
      await insertOrder(app.deps.db, 'purch', {
        consigneeId: w.consignee.id,
        vendorId: w.vendor.id,
        externalCode: `PO-BULK-${i}`,
      });
    }
    const client = (app.deps.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client;
    const original = client.query;
    let queries = 0;
    client.query = function (this: unknown, ...args: unknown[]) {
      queries++;
      return original.apply(this, args);
    };
    try {
      const measure = async (count: number) => {
        queries = 0;
        const response = await list({ filters: {}, count, with_total: true });
        expect(response.body.items).toHaveLength(count);
        return queries;
      };
      const small = await measure(1);
      const large = await measure(25);
      expect(large).toBe(small);
      expect(small).toBeGreaterThan(0);
      // The session, the actor's consignees, the page's ids, its orders, their total.
      expect(small).toBeLessThanOrEqual(6);
    } finally {
      client.query = original;
    }
  });
});

describe('view order queries', () => {
  it('reads an order of many lines in a bounded number of queries', async () => {
    const w = await createOrderWorld(app.deps.db);
    const session = await loginAs(app, w.user);
    const extra = [];
    for (let i = 0; i < 20; i++) extra.push(await createSku(app.deps.db, { consigneeId: w.consignee.id }));
    const headId = (
      await app.call(orders.sales.addOrder, { fields: { consignee_id: w.consignee.id } }, session)
    ).body.head_id;
    await app.call(
      orders.sales.editOrder,
      {
        head_id: headId,
        fields: {
          lines: extra.map((sku) => ({
            sku_id: sku.id,
            ordered_qty: dec('1'),
            uom_id: w.refs.pcsId,
            price: dec('1'),
            batch: null,
            expiry_date: null,
          })),
        },
      },
      session,
    );
    const client = (app.deps.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client;
    const original = client.query;
    let queries = 0;
    client.query = function (this: unknown, ...args: unknown[]) {
      queries++;
      return original.apply(this, args);
    };
    try {
      const view = await app.call(orders.sales.viewOrder, { head_id: headId }, session);
      expect(view.body.lines).toHaveLength(20);
      expect(view.body.total).toEqual(dec('20.000'));
    } finally {
      client.query = original;
    }
    // Session lookup and slide, head, lines, stock.
    expect(queries).toBeGreaterThan(2);
    expect(queries).toBeLessThanOrEqual(5);
  });
});

describe('excluded rows stay in the database', () => {
  it('keeps the head with its exclusion time', async () => {
    const headId = await addOrder('purch');
    await app.call(orders.purch.exclude, { head_id: headId }, token);
    const [row] = await app.deps.db
      .select({ excludedAt: purchHeads.excludedAt })
      .from(purchHeads)
      .where(and(eq(purchHeads.id, headId)));
    expect(row!.excludedAt).toBeInstanceOf(Date);
  });
});

describe('free-text search', () => {
  it('finds orders by a SKU of their lines, by truck number and by reference', async () => {
    const db = app.deps.db;
    const sku = await createSku(db, { consigneeId: world.consignee.id, name: 'Searchable oat drink 1 l' });
    const withLine = await insertOrder(db, 'purch', {
      consigneeId: world.consignee.id,
      externalCode: 'SRCH-1',
    });
    await db.insert(purchLines).values({ headId: withLine, position: 1, skuId: sku.id, orderedQty: '1' });
    const byTruck = await insertOrder(db, 'purch', {
      consigneeId: world.consignee.id,
      externalCode: 'SRCH-2',
      truckNumber: 'TRK-4471',
    });
    const byReference = await insertOrder(db, 'purch', {
      consigneeId: world.consignee.id,
      externalCode: 'SRCH-3',
      vendorReference: 'CUST-REF-9912',
    });
    const found = async (smart: string) =>
      (await app.call(orders.purch.listOrders, { filters: { smart }, count: 50 }, token)).body.items.map(
        (item: { head_id: number }) => item.head_id,
      );
    expect(await found('oat drink')).toEqual([withLine]);
    expect(await found(sku.externalCode)).toEqual([withLine]);
    expect(await found('TRK-447')).toEqual([byTruck]);
    expect(await found('REF-9912')).toEqual([byReference]);
    // Another company's SKU of the same name finds nothing of theirs here.
    expect(await found('no such words at all')).toEqual([]);
  });
});

describe('lists past what a page shows', () => {
  let w: OrderWorld;
  let session: string;
  const BULK = TOTAL_CAP + 40;

  beforeAll(async () => {
    w = await createOrderWorld(app.deps.db);
    session = await loginAs(app, w.user);
    // Numbered from the oldest: BULK-1 was created first. A hundredth of them name the vendor.
    await app.deps.db.execute(sql`
      insert into purch_heads (consignee_id, external_code, vendor_id, progress, creation_date)
      select ${w.consignee.id}::int, 'BULK-' || n, case when n % 100 = 0 then ${w.vendor.id}::int end,
        case when n % 10 = 0 then 'sync' else 'draft' end,
        timestamptz '2025-01-01' + n * interval '1 minute'
      from generate_series(1, ${BULK}::int) n`);
  });

  const list = (body: Record<string, unknown>) => app.call(orders.purch.listOrders, body, session);
  const codes = (response: { body: { items: { external_code: string }[] } }) =>
    response.body.items.map((item) => item.external_code);

  it('answers a total past 10,000 as capped, and exact ones from the order counters', async () => {
    const counted = await list({
      filters: { creation_date_from: day('2025-01-01') },
      count: 5,
      with_total: true,
    });
    expect(counted.body).toMatchObject({ total: TOTAL_CAP, total_capped: true, more: true });
    const all = await list({ filters: { is_template: false }, count: 5, with_total: true });
    expect(all.body.total).toBe(BULK);
    expect(all.body.total_capped).toBeUndefined();
    const synced = await list({ filters: { progress: 'sync' }, count: 5, with_total: true });
    expect(synced.body.total).toBe(BULK / 10);
    const few = await list({ filters: { creation_date_to: day('2025-01-01') }, with_total: true });
    expect(few.body).toMatchObject({ total: 1439, more: true });
    expect(few.body.total_capped).toBeUndefined();
  });

  it('pages a search of many matches in order, and counts them', async () => {
    const rare = await list({ filters: { smart: w.vendor.name }, count: 3, page: 1, with_total: true });
    expect(codes(rare)).toEqual(['BULK-9700', 'BULK-9600', 'BULK-9500']);
    expect(rare.body).toMatchObject({ total: 100, more: true });
    const common = await list({ filters: { smart: 'BULK-' }, count: 3, page: 2, with_total: true });
    expect(codes(common)).toEqual([`BULK-${BULK - 6}`, `BULK-${BULK - 7}`, `BULK-${BULK - 8}`]);
    expect(common.body).toMatchObject({ total: TOTAL_CAP, total_capped: true });
  });

  it('reads the next page after a cursor as the page number would', async () => {
    for (const ordering of [undefined, 'creation_date', '-status'] as const) {
      const first = await list({ filters: {}, ordering, count: 4, page: 0 });
      const byNumber = await list({ filters: {}, ordering, count: 4, page: 1 });
      const byCursor = await list({
        filters: {},
        ordering,
        count: 4,
        page: 1,
        cursor: first.body.next_cursor,
      });
      expect(first.body.next_cursor).toMatch(/^[-a-z_]+\.\d+$/);
      expect(codes(byCursor)).toEqual(codes(byNumber));
      expect(byCursor.body.next_cursor).toBe(byNumber.body.next_cursor);
    }
    // Another company's order, or a cursor of another ordering, places nothing: the number does.
    const other = await createOrderWorld(app.deps.db);
    const foreign = await insertOrder(app.deps.db, 'purch', { consigneeId: other.consignee.id });
    const byNumber = await list({ filters: {}, count: 4, page: 2 });
    expect(codes(await list({ filters: {}, count: 4, page: 2, cursor: `default.${foreign}` }))).toEqual(
      codes(byNumber),
    );
    const mine = byNumber.body.next_cursor.replace(/^default/, 'status');
    expect(codes(await list({ filters: {}, count: 4, page: 2, cursor: mine }))).toEqual(codes(byNumber));
    expect((await list({ filters: {}, cursor: 'not a cursor' })).status).toBe(400);
  });

  it('keeps the order counters equal to the orders through moves, exclusions and deletes', async () => {
    const db = app.deps.db;
    const rowsOf = async (query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
    const [first] = await rowsOf(
      sql`select min(id)::int as id from purch_heads where consignee_id = ${w.consignee.id}`,
    );
    const id = Number(first!.id);
    await db.execute(sql`update purch_heads set progress = 'ready' where id = ${id}`);
    await db.execute(
      sql`update purch_heads set is_template = true, progress = 'template' where id = ${id + 1}`,
    );
    await db.execute(sql`update purch_heads set excluded_at = now() where id = ${id + 2}`);
    await db.execute(sql`update purch_heads set truck_number = 'T-1' where id = ${id + 3}`);
    await db.execute(sql`delete from purch_heads where id = ${id + 4}`);
    const counters = await rowsOf(sql`
      select is_template, progress, count from order_counts
      where kind = 'purch' and consignee_id = ${w.consignee.id} and count <> 0 order by 1, 2`);
    const counted = await rowsOf(sql`
      select is_template, progress, count(*)::int as count from purch_heads
      where consignee_id = ${w.consignee.id} and excluded_at is null group by 1, 2 order by 1, 2`);
    expect(counters).toEqual(counted);
    expect(counted).toContainEqual({ is_template: true, progress: 'template', count: 1 });
  });
});
