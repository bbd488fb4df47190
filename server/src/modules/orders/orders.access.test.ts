import { orders } from '@extranet/contract';
import { describe, expect, it } from 'vitest';
import { loginAs } from '../../test/app';
import { createSku } from '../../test/catalogs.factories';
import { createConsignee, createUser } from '../../test/factories';
import { addOrder, app, token, useOrderContext, world } from '../../test/orders.context';
import { createOrderWorld, insertOrder } from '../../test/orders.factories';

useOrderContext();

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

  it('gives each user their own orders from the one statement a list of that shape is prepared as', async () => {
    const db = app.deps.db;
    const users = [];
    for (const code of ['PO-SHAPE-A', 'PO-SHAPE-B']) {
      const own = await createOrderWorld(db);
      await insertOrder(db, 'purch', { consigneeId: own.consignee.id, externalCode: code });
      users.push({ code, session: await loginAs(app, own.user) });
    }
    // A, B, then A again: each run of the prepared statement has its user's consignees.
    for (const { code, session } of [...users, users[0]!]) {
      const response = await app.call(
        orders.purch.listOrders,
        { filters: { is_template: false }, with_total: true },
        session,
      );
      expect(response.body.items.map((item: { external_code: string }) => item.external_code)).toEqual([
        code,
      ]);
      expect(response.body.total).toBe(1);
    }
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
