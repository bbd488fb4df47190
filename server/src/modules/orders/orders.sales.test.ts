import { discussions as discussionCalls, orders } from '@extranet/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { discussions, salesLines } from '../../db/schema';
import { loginAs } from '../../test/app';
import { createStockRow } from '../../test/catalogs.factories';
import { createUser } from '../../test/factories';
import {
  addOrder,
  app,
  completeSalesFields,
  dec,
  systemComments,
  token,
  useOrderContext,
  world,
} from '../../test/orders.context';
import { createOrderWorld, insertOrder } from '../../test/orders.factories';

useOrderContext();

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
