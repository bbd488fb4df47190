import { graphs } from '@extranet/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { createOrderWorld, insertOrder } from '../../test/orders.factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

describe('order status graphs', () => {
  it("counts the orders of the user's companies per progress, templates and excluded orders aside", async () => {
    const db = app.deps.db;
    const w = await createOrderWorld(db);
    const other = await createOrderWorld(db);
    const mine = { consigneeId: w.consignee.id };
    for (const progress of ['draft', 'draft', 'ready', 'sync', 'failure']) {
      await insertOrder(db, 'purch', { ...mine, progress });
    }
    await insertOrder(db, 'purch', { ...mine, progress: 'template', isTemplate: true });
    await insertOrder(db, 'purch', { ...mine, progress: 'draft', excludedAt: new Date() });
    await insertOrder(db, 'purch', { consigneeId: other.consignee.id, progress: 'sent' });
    await insertOrder(db, 'sales', { ...mine, progress: 'sent' });

    const session = await loginAs(app, w.user);
    const purch = await app.call(graphs.listPurchStatuses, {}, session);
    expect(purch.body).toEqual({
      items: [
        { desc: 'draft', count: 2 },
        { desc: 'ready', count: 1 },
        { desc: 'failure', count: 1 },
        { desc: 'sync', count: 1 },
      ],
    });
    const sales = await app.call(graphs.listSalesStatuses, {}, session);
    expect(sales.body).toEqual({ items: [{ desc: 'sent', count: 1 }] });

    const admin = await createUser(db, { roleId: 99, permissions: ['pord'] });
    const all = await app.call(graphs.listPurchStatuses, {}, await loginAs(app, admin));
    expect(all.body.items).toContainEqual({ desc: 'sent', count: 1 });
  });

  it('needs the permission of the order kind', async () => {
    const w = await createOrderWorld(app.deps.db, { permissions: ['pord'] });
    const session = await loginAs(app, w.user);
    expect((await app.call(graphs.listSalesStatuses, {}, session)).status).toBe(403);
    expect((await app.call(graphs.listPurchStatuses, {}, session)).status).toBe(200);
  });
});
