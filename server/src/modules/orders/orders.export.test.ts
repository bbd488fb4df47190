import { orders } from '@extranet/contract';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { purchHeads, purchLines } from '../../db/schema';
import { createTestApp, loginAs, type TestApp } from '../../test/app';
import { TEST_PASSWORD } from '../../test/factories';
import { createOrderWorld, insertOrder, type OrderWorld } from '../../test/orders.factories';
import { xlsxRows } from '../../test/spreadsheets';

let app: TestApp;
let world: OrderWorld;
let other: OrderWorld;
let token: string;

beforeAll(async () => {
  app = await createTestApp();
  world = await createOrderWorld(app.deps.db);
  other = await createOrderWorld(app.deps.db);
  token = await loginAs(app, { username: world.user.username, password: TEST_PASSWORD });
  const db = app.deps.db;
  const first = await insertOrder(db, 'purch', {
    consigneeId: world.consignee.id,
    externalCode: 'EXP-1',
    vendorId: world.vendor.id,
    deliveryDate: '2027-01-15',
    truckNumber: 'KA-1',
    statusCode: 'SHP',
    statusDesc: 'Shipped',
  });
  await db.insert(purchLines).values([
    { headId: first, position: 1, skuId: world.skus[0]!.id, orderedQty: '12.000', price: '2.505' },
    { headId: first, position: 2, skuId: world.skus[1]!.id, orderedQty: '1.500', price: '10.000' },
  ]);
  await insertOrder(db, 'purch', {
    consigneeId: world.consignee.id,
    externalCode: 'EXP-2',
    progress: 'failure',
    statusCode: 'X-HOLD',
    statusDesc: 'On hold at gate',
  });
  await insertOrder(db, 'purch', { consigneeId: other.consignee.id, externalCode: 'EXP-FOREIGN' });
});

async function exportFile(
  call: typeof orders.purch.exportOrders,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return app.app.inject({
    method: 'POST',
    url: `/api${call.path}`,
    payload: body,
    headers: { authorization: `SessionCode ${token}`, 'content-type': 'application/json', ...headers },
  });
}

const csvRows = (payload: string) => parse(payload, { bom: true }) as string[][];

describe('order exports', () => {
  it('writes the list’s orders as CSV, with its filters, in the reader’s language', async () => {
    const response = await exportFile(
      orders.purch.exportOrders,
      { filters: { smart: 'EXP-' }, ordering: 'creation_date', format: 'csv' },
      { 'accept-language': 'ru' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="purchase-orders-.*\.csv"$/,
    );
    const [header, ...rows] = csvRows(response.payload);
    expect(header!.slice(0, 2)).toEqual(['Внешний код', 'Грузополучатель']);
    // Another company's order is not there; the oldest first, as ordered.
    expect(rows.map((row) => row[0])).toEqual(['EXP-1', 'EXP-2']);
    const first = Object.fromEntries(header!.map((name, i) => [name, rows[0]![i]]));
    expect(first).toMatchObject({ 'Дата поставки': '2027-01-15', Итого: '45.060', 'Номер машины': 'KA-1' });
    expect(rows[1]![header!.indexOf('Этап')]).toBe('Ошибка');
    // A warehouse status the product knows in the reader's words, another as the warehouse gave it.
    expect(rows.map((row) => row[header!.indexOf('Статус')])).toEqual(['Отгружен', 'On hold at gate']);

    const failed = await exportFile(orders.purch.exportOrders, {
      filters: { progress: 'failure', smart: 'EXP-' },
      format: 'csv',
    });
    expect(
      csvRows(failed.payload)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(['EXP-2']);
  });

  it('writes lines as XLSX with numbers as numbers and dates as dates', async () => {
    const response = await exportFile(orders.purch.exportLines, {
      filters: { smart: 'EXP-1' },
      format: 'xlsx',
    });
    expect(response.statusCode).toBe(200);
    const [header = [], ...body] = await xlsxRows(response.rawPayload);
    expect(header).toContain('Quantity');
    const rows = body.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i]])));
    expect(rows.map((row) => row.Quantity)).toEqual([12, 1.5]);
    expect(rows[0]!.Sum).toBe(30.06);
    expect(rows[0]!['Delivery date']).toEqual(new Date('2027-01-15T00:00:00Z'));
    expect(body).toHaveLength(2);
  });

  it('streams more rows than one batch', async () => {
    await app.deps.db.execute(sql`
      insert into ${purchHeads} (consignee_id, external_code)
      select ${world.consignee.id}, 'BULK-' || n from generate_series(1, 2500) as n`);
    const response = await exportFile(orders.purch.exportOrders, {
      filters: { smart: 'BULK-' },
      format: 'csv',
    });
    expect(csvRows(response.payload)).toHaveLength(2501);
  });

  it('refuses bad input before writing anything', async () => {
    const unknownFilter = await exportFile(orders.purch.exportOrders, {
      filters: { nope: 1 },
      format: 'csv',
    });
    expect(unknownFilter.statusCode).toBe(400);
    expect(unknownFilter.json().failure.code).toBe('crud_filter_unknown');
    const badFormat = await exportFile(orders.purch.exportOrders, { filters: {}, format: 'pdf' });
    expect(badFormat.statusCode).toBe(400);
    const anonymous = await app.app.inject({
      method: 'POST',
      url: `/api${orders.purch.exportOrders.path}`,
      payload: { filters: {}, format: 'csv' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('neutralises formulas in CSV, and an import of the file reads back the codes as they were', async () => {
    const codes = ['=INJ+1', '+INJ', '-INJ', '@INJ', "'=INJ", 'INJ=plain'];
    for (const externalCode of codes) {
      const headId = await insertOrder(app.deps.db, 'purch', {
        consigneeId: world.consignee.id,
        externalCode,
      });
      await app.deps.db
        .insert(purchLines)
        .values({ headId, position: 1, skuId: world.skus[0]!.id, orderedQty: '1.000' });
    }
    const response = await exportFile(
      orders.purch.exportLines,
      { filters: { smart: 'INJ' }, format: 'csv' },
      { 'accept-language': 'en' },
    );
    const [header = [], ...rows] = csvRows(response.payload);
    const exported = rows.map((row) => row[0]);
    expect(exported.sort()).toEqual(["'+INJ", "'-INJ", "'=INJ+1", "'@INJ", "''=INJ", 'INJ=plain'].sort());

    // XLSX keeps text as text: the codes as they are.
    const xlsx = await exportFile(
      orders.purch.exportLines,
      { filters: { smart: 'INJ' }, format: 'xlsx' },
      { 'accept-language': 'en' },
    );
    const [, ...sheet] = await xlsxRows(xlsx.rawPayload);
    expect(sheet.map((row) => row[0]).sort()).toEqual([...codes].sort());

    const boundary = 'round-trip';
    const mapping = {
      [header[0]!]: 'external_code',
      [header[1]!]: 'consignee',
      [header[5]!]: 'sku',
      [header[7]!]: 'qty',
    };
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const imported = await app.app.inject({
      method: 'POST',
      url: `/api${orders.importPath('purch')}`,
      payload: Buffer.concat([
        Buffer.from(
          `${field('dry_run', 'true')}${field('mapping', JSON.stringify(mapping))}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lines.csv"\r\n\r\n`,
        ),
        response.rawPayload,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: {
        authorization: `SessionCode ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    const read = imported.json().orders.map((order: { external_code: string }) => order.external_code);
    expect(read.sort()).toEqual([...codes].sort());
  });
});
