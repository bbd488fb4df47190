import { stock } from '@extranet/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { skus, stockRows } from '../../db/schema';
import { REFERENCE_UOMS } from '../../demo/seed-reference';
import { createTestApp, loginAs, type TestApp } from '../../test/app';
import { createSku, createStockRow, type Sku } from '../../test/catalogs.factories';
import {
  type Consignee,
  createCompany,
  createConsignee,
  createOwnAndForeignConsignees,
  createUser,
} from '../../test/factories';

let app: TestApp;
let token: string;
let adminToken: string;
let own: Consignee;
let other: Consignee;
let apple: Sku;
let pear: Sku;
let foreignSku: Sku;
let companyId: number;

const ids = (body: { items: Array<{ stock_id: number }> }) => body.items.map((item) => item.stock_id);

beforeAll(async () => {
  app = await createTestApp();
  const db = app.deps.db;
  ({ companyId, own, other } = await createOwnAndForeignConsignees(db, 'Own consignee'));
  apple = await createSku(db, {
    consigneeId: own.id,
    name: 'Apple juice',
    code: 'AJ-1',
    externalCode: 'X-APPLE',
  });
  pear = await createSku(db, {
    consigneeId: own.id,
    name: 'Pear juice',
    code: 'PJ-1',
    externalCode: 'X-PEAR',
  });
  foreignSku = await createSku(db, { consigneeId: other.id, name: 'Apple foreign' });
  const user = await createUser(db, { permissions: ['stck'], companyIds: [companyId] });
  token = await loginAs(app, user);
  const admin = await createUser(db, { roleId: 99, permissions: ['stck'] });
  adminToken = await loginAs(app, admin);
});

describe('stock/list_stocks', () => {
  let rows: Array<Awaited<ReturnType<typeof createStockRow>>>;

  beforeAll(async () => {
    const db = app.deps.db;
    rows = [
      await createStockRow(db, {
        consigneeId: own.id,
        skuId: pear.id,
        qty: '12.500',
        statusCode: 'AV',
        statusDesc: 'Available',
        expiryDate: '2030-05-01',
        mfgDate: '2029-01-10',
        batch: 'B-100',
        sscc: '147509990000000017',
        size: '80x120',
      }),
      await createStockRow(db, {
        consigneeId: own.id,
        skuId: apple.id,
        statusCode: 'BL',
        statusDesc: 'Blocked',
        expiryDate: '2029-01-01',
        mfgDate: '2028-06-01',
        batch: 'B-200',
      }),
      await createStockRow(db, {
        consigneeId: own.id,
        skuId: apple.id,
        expiryDate: '2031-01-01',
        mfgDate: '2027-06-01',
        batch: 'B-300',
      }),
      await createStockRow(db, { consigneeId: other.id, skuId: foreignSku.id, batch: 'B-100' }),
    ];
  });

  it("lists the rows of the user's companies with typed values", async () => {
    const response = await app.call(stock.listStocks, { filters: {}, ordering: 'expiry_date' }, token);
    expect(response.status).toBe(200);
    expect(ids(response.body)).toEqual([rows[1]!.id, rows[0]!.id, rows[2]!.id]);
    expect(response.body.items[1]).toEqual({
      stock_id: rows[0]!.id,
      business_line: { business_line_id: own.businessLineId, name: expect.any(String) },
      consignee: { consignee_id: own.id, name: 'Own consignee' },
      sku: { sku_id: pear.id, name: 'Pear juice', external_code: 'X-PEAR' },
      status: { code: 'AV', desc: 'Available' },
      qty: { $decimal: '12.500' },
      uom: { uom_id: expect.any(Number), name: expect.any(String) },
      expiry_date: { $date: '2030-05-01' },
      batch: 'B-100',
      mfg_date: { $date: '2029-01-10' },
      warehouse: { location_id: expect.any(Number), name: expect.any(String) },
      sscc: '147509990000000017',
      size: '80x120',
    });
    expect(response.body.items[2].status).toEqual({ code: null, desc: null });
  });

  it("names units in the reader's language", async () => {
    const list = (lang?: string) =>
      app.call(stock.listStocks, { filters: {}, ordering: 'expiry_date' }, token, lang);
    const english = (await list('en')).body.items[0].uom;
    const unit = REFERENCE_UOMS.find((uom) => uom.name === english.name)!;
    expect((await list('ru')).body.items[0].uom).toEqual({ uom_id: english.uom_id, name: unit.names.ru });
    expect((await list('lv')).body.items[0].uom).toEqual({ uom_id: english.uom_id, name: unit.names.lv });
  });

  it('shows every company to role 99', async () => {
    const response = await app.call(stock.listStocks, { filters: {}, count: 100 }, adminToken);
    expect(ids(response.body)).toContain(rows[3]!.id);
  });

  it('orders by SKU name, status, expiry date and manufacturing date, both ways', async () => {
    const order = async (ordering: string) =>
      ids((await app.call(stock.listStocks, { filters: {}, ordering }, token)).body);
    const [pearRow, blocked, plain] = [rows[0]!.id, rows[1]!.id, rows[2]!.id];
    expect(await order('sku_name')).toEqual([blocked, plain, pearRow]);
    expect(await order('-sku_name')).toEqual([pearRow, plain, blocked]);
    expect(await order('status')).toEqual([pearRow, blocked, plain]);
    expect(await order('-expiry_date')).toEqual([plain, pearRow, blocked]);
    // A row without a status comes last whichever way.
    expect(await order('-status')).toEqual([blocked, pearRow, plain]);
    expect(await order('mfg_date')).toEqual([plain, blocked, pearRow]);
    expect(await order('-mfg_date')).toEqual([pearRow, blocked, plain]);
  });

  it('orders by the name a SKU has now, and a row moved to another SKU by that one', async () => {
    const db = app.deps.db;
    const order = async () =>
      ids((await app.call(stock.listStocks, { filters: {}, ordering: 'sku_name' }, token)).body);
    const nameOf = async (id: number) =>
      (await db.select({ name: stockRows.skuName }).from(stockRows).where(eq(stockRows.id, id)))[0]?.name;
    const [pearRow, blocked, plain] = [rows[0]!.id, rows[1]!.id, rows[2]!.id];
    await db.update(skus).set({ name: 'Aronia juice' }).where(eq(skus.id, pear.id));
    try {
      expect(await order()).toEqual([blocked, plain, pearRow]);
      await db.update(skus).set({ name: 'Acerola juice' }).where(eq(skus.id, pear.id));
      expect(await order()).toEqual([pearRow, blocked, plain]);
      await db.update(stockRows).set({ skuId: apple.id }).where(eq(stockRows.id, pearRow));
      expect(await nameOf(pearRow)).toBe('Apple juice');
    } finally {
      await db.update(stockRows).set({ skuId: pear.id }).where(eq(stockRows.id, pearRow));
      await db.update(skus).set({ name: 'Pear juice' }).where(eq(skus.id, pear.id));
    }
    expect(await nameOf(pearRow)).toBe('Pear juice');
  });

  it('filters by consignee, SKU and free text on SKU code, name, batch and SSCC', async () => {
    const list = async (filters: Record<string, unknown>) =>
      ids((await app.call(stock.listStocks, { filters, ordering: 'expiry_date' }, token)).body);
    expect(await list({ sku_id: apple.id })).toEqual([rows[1]!.id, rows[2]!.id]);
    expect(await list({ consignee_id: own.id, smart: 'b-100' })).toEqual([rows[0]!.id]);
    expect(await list({ smart: '0000000017' })).toEqual([rows[0]!.id]);
    expect(await list({ smart: 'aj-1' })).toEqual([rows[1]!.id, rows[2]!.id]);
    expect(await list({ smart: 'x-pear' })).toEqual([rows[0]!.id]);
    expect(await list({ smart: 'apple', sku_id: pear.id })).toEqual([]);
  });

  it("treats another company's consignee and SKU as having no stock", async () => {
    const byConsignee = await app.call(stock.listStocks, { filters: { consignee_id: other.id } }, token);
    expect(byConsignee.body).toEqual({ items: [], more: false });
    const bySku = await app.call(stock.listStocks, { filters: { sku_id: foreignSku.id } }, token);
    expect(bySku.body.items).toEqual([]);
  });

  it('pages with more', async () => {
    const first = await app.call(stock.listStocks, { filters: {}, count: 2, ordering: 'expiry_date' }, token);
    expect(first.body.more).toBe(true);
    expect(first.body.items).toHaveLength(2);
    const second = await app.call(
      stock.listStocks,
      { filters: {}, page: 1, count: 2, ordering: 'expiry_date' },
      token,
    );
    expect(second.body.more).toBe(false);
    expect(ids(second.body)).toEqual([rows[2]!.id]);
    const counted = await app.call(
      stock.listStocks,
      { filters: { smart: 'juice' }, count: 1, with_total: true },
      token,
    );
    expect(counted.body).toMatchObject({ total: 3, more: true });
  });

  it('refuses unknown orderings and filters, and users without stck', async () => {
    const ordering = await app.call(stock.listStocks, { filters: {}, ordering: 'qty' }, token);
    expect(ordering).toMatchObject({ status: 400, body: { failure: { code: 'crud_order_unknown' } } });
    const filter = await app.call(stock.listStocks, { filters: { batch: 'x' } }, token);
    expect(filter).toMatchObject({ status: 400, body: { failure: { code: 'crud_filter_unknown' } } });
    const count = await app.call(stock.listStocks, { filters: {}, count: 5000 }, token);
    expect(count.status).toBe(400);
    const seller = await createUser(app.deps.db, { permissions: ['sord', 'pord'], companyIds: [companyId] });
    const forbidden = await app.call(stock.listStocks, { filters: {} }, await loginAs(app, seller));
    expect(forbidden).toMatchObject({ status: 403, body: { failure: { code: 'forbidden' } } });
  });
});

describe('stock/list_batches and list_expiry_dates', () => {
  let sku: Awaited<ReturnType<typeof createSku>>;

  beforeAll(async () => {
    const db = app.deps.db;
    sku = await createSku(db, { consigneeId: own.id, name: 'Milk' });
    await createStockRow(db, { consigneeId: own.id, skuId: sku.id, batch: 'L2', expiryDate: '2030-02-01' });
    await createStockRow(db, { consigneeId: own.id, skuId: sku.id, batch: 'L1', expiryDate: '2030-01-01' });
    await createStockRow(db, { consigneeId: own.id, skuId: sku.id, batch: 'L1', expiryDate: '2030-01-01' });
    await createStockRow(db, { consigneeId: own.id, skuId: sku.id, batch: 'L1', expiryDate: '2030-03-01' });
    await createStockRow(db, { consigneeId: own.id, skuId: sku.id, batch: null, expiryDate: null });
    await createStockRow(db, {
      consigneeId: other.id,
      skuId: foreignSku.id,
      batch: 'F1',
      expiryDate: '2030-01-01',
    });
  });

  it('lists the distinct batches of one SKU, optionally of one expiry date', async () => {
    const all = await app.call(stock.listBatches, { filters: { sku_id: sku.id } }, token);
    expect(all.body).toEqual({ items: [{ code: 'L1' }, { code: 'L2' }], more: false });
    const byDate = await app.call(
      stock.listBatches,
      { filters: { sku_id: sku.id, expiry_date: { $date: '2030-02-01' } } },
      token,
    );
    expect(byDate.body.items).toEqual([{ code: 'L2' }]);
    const bySmart = await app.call(stock.listBatches, { filters: { sku_id: sku.id, smart: 'l2' } }, token);
    expect(bySmart.body.items).toEqual([{ code: 'L2' }]);
    const none = await app.call(stock.listBatches, { filters: {} }, token);
    expect(none.body.items).toEqual([]);
    const foreign = await app.call(stock.listBatches, { filters: { sku_id: foreignSku.id } }, token);
    expect(foreign.body.items).toEqual([]);
  });

  it('lists the distinct expiry dates of one SKU, optionally of one batch', async () => {
    const all = await app.call(stock.listExpiryDates, { filters: { sku_id: sku.id } }, token);
    expect(all.body.items).toEqual([
      { expiry_date: { $date: '2030-01-01' } },
      { expiry_date: { $date: '2030-02-01' } },
      { expiry_date: { $date: '2030-03-01' } },
    ]);
    const byBatch = await app.call(
      stock.listExpiryDates,
      { filters: { sku_id: sku.id, batch: 'L1' }, ordering: '-expiry_date' },
      token,
    );
    expect(byBatch.body.items).toEqual([
      { expiry_date: { $date: '2030-03-01' } },
      { expiry_date: { $date: '2030-01-01' } },
    ]);
    const bySmart = await app.call(
      stock.listExpiryDates,
      { filters: { sku_id: sku.id, smart: '01.03' } },
      token,
    );
    expect(bySmart.body.items).toEqual([{ expiry_date: { $date: '2030-03-01' } }]);
  });

  it('answer total with with_total: distinct values, under the same filters', async () => {
    const batches = await app.call(
      stock.listBatches,
      { filters: { sku_id: sku.id }, count: 1, with_total: true },
      token,
    );
    expect(batches.body).toEqual({ items: [{ code: 'L1' }], more: true, total: 2 });
    const dates = await app.call(
      stock.listExpiryDates,
      { filters: { sku_id: sku.id, batch: 'L1' }, with_total: true },
      token,
    );
    expect(dates.body).toMatchObject({ more: false, total: 2 });
    const none = await app.call(stock.listBatches, { filters: {}, with_total: true }, token);
    expect(none.body).toEqual({ items: [], more: false, total: 0 });
    const foreign = await app.call(
      stock.listExpiryDates,
      { filters: { sku_id: foreignSku.id }, with_total: true },
      token,
    );
    expect(foreign.body).toEqual({ items: [], more: false, total: 0 });
    const without = await app.call(stock.listBatches, { filters: { sku_id: sku.id } }, token);
    expect(without.body).not.toHaveProperty('total');
  });

  it('serves sales order users too, but not users with neither stck nor sord', async () => {
    const seller = await createUser(app.deps.db, { permissions: ['sord'], companyIds: [companyId] });
    const sellerToken = await loginAs(app, seller);
    const batches = await app.call(stock.listBatches, { filters: { sku_id: sku.id } }, sellerToken);
    expect(batches.body.items).toHaveLength(2);
    const buyer = await createUser(app.deps.db, { permissions: ['pord'], companyIds: [companyId] });
    const refused = await app.call(
      stock.listExpiryDates,
      { filters: { sku_id: sku.id } },
      await loginAs(app, buyer),
    );
    expect(refused.status).toBe(403);
  });
});

describe('a search with many matching rows', () => {
  it('pages them in the list order and counts them, driven from the SKUs it names', async () => {
    const db = app.deps.db;
    const company = await createCompany(db);
    const consignee = await createConsignee(db, { companyId: company.id });
    const first = await createSku(db, { consigneeId: consignee.id, name: 'Bulk oats A' });
    const second = await createSku(db, { consigneeId: consignee.id, name: 'Bulk oats B' });
    const template = await createStockRow(db, { consigneeId: consignee.id, skuId: first.id });
    // 1,500 rows of each SKU, and 5 of another SKU whose batch names the oats.
    await db.execute(sql`
      insert into stock_rows (consignee_id, sku_id, qty, uom_id, location_id, batch)
      select ${consignee.id}::int, case when n <= 1500 then ${first.id}::int else ${second.id}::int end, 1,
        ${template.uomId}::int, ${template.locationId}::int, 'LOT-' || n
      from generate_series(1, 3000) n`);
    const other = await createSku(db, { consigneeId: consignee.id, name: 'Rye' });
    await db.execute(sql`
      insert into stock_rows (consignee_id, sku_id, qty, uom_id, location_id, batch)
      select ${consignee.id}::int, ${other.id}::int, 1, ${template.uomId}::int, ${template.locationId}::int,
        'Bulk oats lot ' || n
      from generate_series(1, 5) n`);
    const user = await createUser(db, { permissions: ['stck'], companyIds: [company.id] });
    const session = await loginAs(app, user);
    const list = (body: Record<string, unknown>) => app.call(stock.listStocks, body, session);

    const byName = await list({ filters: { smart: 'bulk oats' }, count: 3, page: 500, with_total: true });
    expect(byName.body).toMatchObject({ total: 3006, more: true });
    expect(byName.body.items.map((row: { sku: { name: string } }) => row.sku.name)).toEqual([
      'Bulk oats A',
      'Bulk oats B',
      'Bulk oats B',
    ]);
    const ascending = byName.body.items.map((row: { stock_id: number }) => row.stock_id);
    expect(ascending[2]).toBeGreaterThan(ascending[1]);

    const last = await list({ filters: { smart: 'bulk oats' }, ordering: '-sku_name', count: 10, page: 300 });
    // Rye's 5 rows, then B's 1,500, then A's 1,501: rows 3,001 to 3,006 are A's last, newest first.
    const names = last.body.items.map((row: { sku: { name: string } }) => row.sku.name);
    expect(names).toEqual(Array.from({ length: 6 }, () => 'Bulk oats A'));
    expect(last.body.more).toBe(false);
    const descending = last.body.items.map((row: { stock_id: number }) => row.stock_id);
    expect(descending[0]).toBeGreaterThan(descending[5]);
    const byBatch = await list({ filters: { smart: 'bulk oats lot' }, with_total: true });
    expect(byBatch.body).toMatchObject({ total: 5, more: false });
  });

  it('pages them right when the first SKUs by name have no rows, and when SKUs share a name', async () => {
    const db = app.deps.db;
    const company = await createCompany(db);
    const consignee = await createConsignee(db, { companyId: company.id });
    const skuOf = (name: string) => createSku(db, { consigneeId: consignee.id, name });
    const rowsOf = async (skuIds: number[], count: number) => {
      const template = await createStockRow(db, { consigneeId: consignee.id, skuId: skuIds[0]! });
      // Row n: the SKU n % skuIds.length, so that SKUs of one name take turns in the ids.
      await db.execute(sql`
        insert into stock_rows (consignee_id, sku_id, qty, uom_id, location_id)
        select ${consignee.id}::int, (array[${sql.join(
          skuIds.map((id) => sql`${id}::int`),
          sql`, `,
        )}])[1 + n % ${skuIds.length}::int], 1,
          ${template.uomId}::int, ${template.locationId}::int
        from generate_series(1, ${count - 1}::int) n`);
    };
    const user = await createUser(db, { permissions: ['stck'], companyIds: [company.id] });
    const session = await loginAs(app, user);
    const names = async (smart: string, count: number) => {
      const page = await app.call(stock.listStocks, { filters: { smart }, count, with_total: true }, session);
      expect(page.body.total).toBeGreaterThan(2000);
      return page.body.items.map((row: { stock_id: number; sku: { sku_id: number } }) => [
        row.sku.sku_id,
        row.stock_id,
      ]);
    };

    // 60 SKUs first by name without a row: the page comes from every SKU the word names.
    for (let n = 0; n < 60; n += 1) await skuOf(`Barley ${String(n).padStart(2, '0')}`);
    const bulk = await skuOf('Barley bulk');
    await rowsOf([bulk.id], 2100);
    const barley = await names('barley', 3);
    expect(barley.map(([sku]: number[]) => sku)).toEqual([bulk.id, bulk.id, bulk.id]);

    // Two SKUs of one name after one without rows, the first made first: the page's one row is the
    // lowest of both SKUs' rows, the second's (the rows take turns, the second's first).
    await skuOf('Millet');
    const grainA = await skuOf('Millet grain');
    const grainB = await skuOf('Millet grain');
    await rowsOf([grainB.id, grainA.id], 2100);
    expect((await names('millet', 1)).map(([sku]: number[]) => sku)).toEqual([grainB.id]);
    const two = await names('millet', 2);
    expect(two.map(([sku]: number[]) => sku)).toEqual([grainB.id, grainA.id]);
    expect(two[1][1]).toBeGreaterThan(two[0][1]);
  });
});
