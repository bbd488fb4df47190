import { orders, TOTAL_CAP } from '@extranet/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { purchHeads, purchLines } from '../../db/schema';
import { loginAs } from '../../test/app';
import { createSku } from '../../test/catalogs.factories';
import { createUser } from '../../test/factories';
import { app, day, dec, token, useOrderContext, world } from '../../test/orders.context';
import { createOrderWorld, insertOrder, type OrderWorld } from '../../test/orders.factories';
import { countQueries } from '../../test/queries';

useOrderContext();

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

  it('answers the total with a page past the last order, exact or counted', async () => {
    // The page's statement has no row to carry the total: it is counted in one of its own.
    const past = await list({ filters: {}, count: 2, page: 5, with_total: true });
    expect(past.body).toEqual({ items: [], more: false, total: 4 });
    const ranged = await list({
      filters: { creation_date_from: day('2024-02-01') },
      count: 2,
      page: 5,
      with_total: true,
    });
    expect(ranged.body).toEqual({ items: [], more: false, total: 3 });
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
    const measure = (count: number) =>
      countQueries(app.deps.db, async () => {
        const response = await list({ filters: {}, count, with_total: true });
        expect(response.body.items).toHaveLength(count);
      });
    const small = await measure(1);
    const large = await measure(25);
    expect(large).toBe(small);
    expect(small).toBeGreaterThan(0);
    // The session, the actor's consignees, the page's ids, its orders, their total.
    expect(small).toBeLessThanOrEqual(6);
  });
});

describe("an order's number of lines", () => {
  it('follows lines added, removed and moved to another order, and a save of the whole order', async () => {
    const db = app.deps.db;
    const w = await createOrderWorld(db);
    const session = await loginAs(app, w.user);
    const skus = [];
    for (let i = 0; i < 3; i++) skus.push(await createSku(db, { consigneeId: w.consignee.id }));
    const first = await insertOrder(db, 'purch', { consigneeId: w.consignee.id, externalCode: 'LC-1' });
    const second = await insertOrder(db, 'purch', { consigneeId: w.consignee.id, externalCode: 'LC-2' });
    const counts = async () => {
      const { body } = await app.call(orders.purch.listOrders, { filters: { smart: 'lc-' } }, session);
      const rows: orders.PurchOrderRow[] = body.items;
      const shown = new Map(rows.map((item) => [item.external_code, item.lines_count]));
      // The plain list (a prepared statement) shows the same numbers as the search.
      const plain = await app.call(orders.purch.listOrders, { filters: {} }, session);
      const plainRows: orders.PurchOrderRow[] = plain.body.items;
      for (const item of plainRows) expect(item.lines_count).toBe(shown.get(item.external_code));
      return Object.fromEntries(shown);
    };
    expect(await counts()).toEqual({ 'LC-1': 0, 'LC-2': 0 });

    await db
      .insert(purchLines)
      .values(skus.map((sku, i) => ({ headId: first, position: i + 1, skuId: sku.id, orderedQty: '1' })));
    expect(await counts()).toEqual({ 'LC-1': 3, 'LC-2': 0 });

    await db.update(purchLines).set({ headId: second }).where(eq(purchLines.skuId, skus[0]!.id));
    expect(await counts()).toEqual({ 'LC-1': 2, 'LC-2': 1 });

    await db.delete(purchLines).where(eq(purchLines.headId, first));
    expect(await counts()).toEqual({ 'LC-1': 0, 'LC-2': 1 });

    const line = (sku: { id: number }) => ({
      sku_id: sku.id,
      ordered_qty: dec('2'),
      uom_id: w.refs.pcsId,
      price: null,
      batch: null,
      expiry_date: null,
    });
    const saved = await app.call(
      orders.purch.editOrder,
      { head_id: second, fields: { lines: [line(skus[1]!), line(skus[2]!)] } },
      session,
    );
    expect(saved.status).toBe(200);
    expect(await counts()).toEqual({ 'LC-1': 0, 'LC-2': 2 });
    // The view reads the lines themselves: the same number.
    const view = await app.call(orders.purch.viewOrder, { head_id: second }, session);
    expect(view.body.lines).toHaveLength(2);
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
    const queries = await countQueries(app.deps.db, async () => {
      const view = await app.call(orders.sales.viewOrder, { head_id: headId }, session);
      expect(view.body.lines).toHaveLength(20);
      expect(view.body.total).toEqual(dec('20.000'));
    });
    // Session lookup and slide, head, lines, stock.
    expect(queries).toBeGreaterThan(2);
    expect(queries).toBeLessThanOrEqual(5);
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

  it("finds an order by the warehouse's number once the warehouse has given it, for a user and role 99", async () => {
    const db = app.deps.db;
    const order = await insertOrder(db, 'purch', {
      consigneeId: world.consignee.id,
      externalCode: 'SRCH-WH',
    });
    const admin = await loginAs(app, await createUser(db, { roleId: 99, permissions: ['pord'] }));
    const found = async (smart: string, session = token) =>
      (await app.call(orders.purch.listOrders, { filters: { smart }, count: 50 }, session)).body.items.map(
        (item: { head_id: number }) => item.head_id,
      );
    expect(await found('WMS-77812')).toEqual([]);
    // The warehouse's answer to the send writes its number.
    await db.update(purchHeads).set({ warehouseCode: 'WMS-77812' }).where(eq(purchHeads.id, order));
    expect(await found('wms-778')).toEqual([order]);
    expect(await found('77812', admin)).toEqual([order]);
    // Two letters match the beginning of the order's own code, reference or plate only.
    expect(await found('WM')).toEqual([]);
    await db.update(purchHeads).set({ warehouseCode: 'WMS-90001' }).where(eq(purchHeads.id, order));
    expect(await found('77812')).toEqual([]);
    expect(await found('wms-9000', admin)).toEqual([order]);
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

  it('pages a search of thousands of matches across every company in order, for role 99', async () => {
    const db = app.deps.db;
    const other = await createOrderWorld(db);
    // 2,600 matches (more than are paged in memory by default, fewer than a capped total), every
    // 13th of another company, progress taking turns: MANY-1 is the oldest.
    await db.execute(sql`
      insert into purch_heads (consignee_id, external_code, progress, creation_date)
      select case when n % 13 = 0 then ${other.consignee.id}::int else ${w.consignee.id}::int end,
        'MANY-' || n, case when n % 2 = 0 then 'sync' else 'draft' end,
        timestamptz '2024-01-01' + n * interval '1 minute'
      from generate_series(1, 2600) n`);
    const admin = await createUser(db, { roleId: 99, permissions: ['pord'] });
    const adminSession = await loginAs(app, admin);
    const search = (body: Record<string, unknown>) =>
      app.call(orders.purch.listOrders, { filters: { smart: 'many-' }, ...body }, adminSession);

    const newest = await search({ count: 3, page: 2, with_total: true });
    expect(codes(newest)).toEqual(['MANY-2594', 'MANY-2593', 'MANY-2592']);
    expect(newest.body).toMatchObject({ total: 2600, more: true });
    const deep = await search({ count: 50, page: 51 });
    expect(codes(deep)).toEqual([
      'MANY-50',
      'MANY-49',
      ...Array.from({ length: 48 }, (_, i) => `MANY-${48 - i}`),
    ]);
    expect(deep.body.more).toBe(false);
    // By progress, then id: the drafts (odd numbers) first, oldest first.
    const byStatus = await search({ ordering: 'status', count: 2, page: 1 });
    expect(codes(byStatus)).toEqual(['MANY-5', 'MANY-7']);
    const next = await search({ ordering: 'status', count: 2, page: 2, cursor: byStatus.body.next_cursor });
    expect(codes(next)).toEqual(['MANY-9', 'MANY-11']);
    expect(codes(await search({ ordering: 'status', count: 2, page: 649 }))).toEqual([
      'MANY-2597',
      'MANY-2599',
    ]);
    expect(codes(await search({ ordering: 'status', count: 2, page: 650 }))).toEqual(['MANY-2', 'MANY-4']);
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

  it('keeps the order counters equal to the orders through moves, exclusions, many-order inserts and deletes', async () => {
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
    // One statement inserting many orders of several counters (an import, the warehouse's sync),
    // excluded ones among them, and one deleting several: each counts once per counter it changes.
    await db.execute(sql`
      insert into purch_heads (consignee_id, external_code, progress, is_template, excluded_at)
      select ${w.consignee.id}, 'COUNTED-' || n, (array['draft', 'ready', 'sync'])[1 + n % 3], false,
        case when n % 5 = 0 then now() end
      from generate_series(1, 30) n`);
    await db.execute(
      sql`delete from purch_heads where external_code in ('COUNTED-1', 'COUNTED-2', 'COUNTED-5', 'COUNTED-6')`,
    );
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
