import { addDays, discussions as discussionCalls, orders, today } from '@extranet/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { discussions, notifications, purchHeads, uoms } from '../../db/schema';
import { createUser } from '../../test/factories';
import {
  addOrder,
  app,
  completePurchFields,
  completeSalesFields,
  day,
  dec,
  NEXT_WEEK,
  systemComments,
  TOMORROW,
  token,
  useOrderContext,
  world,
} from '../../test/orders.context';
import { insertOrder } from '../../test/orders.factories';

useOrderContext();

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
      warehouse_code: null,
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
