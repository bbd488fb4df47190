import { apikeys, orders } from '@extranet/contract';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { purchHeads, purchLines } from '../../db/schema';
import { createTestApp, loginAs, type TestApp } from '../../test/app';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { createOrderWorld, insertOrder, type OrderWorld } from '../../test/orders.factories';
import { xlsxRows } from '../../test/spreadsheets';

const CREATED = '2026-11-21T20:51:37Z';

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
    // 22:51 on a clock in Riga (UTC+2 in November), as the screen shows it there.
    creationDate: new Date(CREATED),
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

const csvRows = (payload: string, delimiter = ',') => parse(payload, { bom: true, delimiter }) as string[][];

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
    const [header, ...rows] = csvRows(response.payload, ';');
    expect(header!.slice(0, 2)).toEqual(['Внешний код', 'Грузополучатель']);
    // Another company's order is not there; the oldest first, as ordered.
    expect(rows.map((row) => row[0])).toEqual(['EXP-1', 'EXP-2']);
    const first = Object.fromEntries(header!.map((name, i) => [name, rows[0]![i]]));
    expect(first).toMatchObject({ 'Дата поставки': '15.01.2027', Итого: '45,060', 'Номер машины': 'KA-1' });
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

  describe('CSV for a person and for a program', () => {
    const exportedRow = async (
      body: Record<string, unknown>,
      headers: Record<string, string>,
      delimiter: string,
      auth?: string,
    ) => {
      const response = await app.app.inject({
        method: 'POST',
        url: `/api${orders.purch.exportOrders.path}`,
        payload: { filters: { smart: 'EXP-1' }, format: 'csv', ...body },
        headers: {
          authorization: auth ?? `SessionCode ${token}`,
          'content-type': 'application/json',
          ...headers,
        },
      });
      expect(response.statusCode).toBe(200);
      // The byte order mark stays in every form, so that spreadsheets read UTF-8.
      expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const [header = [], row = []] = csvRows(response.payload, delimiter);
      expect(header.length).toBeGreaterThan(10);
      return Object.fromEntries(header.map((name, i) => [name, row[i]]));
    };

    it('writes Latvian CSV with ";", decimal commas and the screen’s dates, in the reader’s time zone', async () => {
      const row = await exportedRow({ tz: 'Europe/Riga' }, { 'accept-language': 'lv' }, ';');
      expect(row).toMatchObject({
        'Ārējais kods': 'EXP-1',
        Izveidots: '21.11.2026 22:51',
        'Piegādes datums': '15.01.2027',
        Kopā: '45,060',
      });
    });

    it('writes Russian CSV the same way, and says UTC in the header when no zone is given', async () => {
      const row = await exportedRow({}, { 'accept-language': 'ru' }, ';');
      expect(row).toMatchObject({ 'Создан (UTC)': '21.11.2026 20:51', Итого: '45,060' });
    });

    it('writes English CSV with "," and dots, times on the reader’s clock', async () => {
      const row = await exportedRow({ tz: 'America/New_York' }, { 'accept-language': 'en' }, ',');
      expect(row).toMatchObject({
        Created: '21.11.2026 15:51',
        'Delivery date': '15.01.2027',
        Total: '45.060',
      });
    });

    it('writes the machine form whatever the language: ",", dots, ISO dates and UTC times', async () => {
      const row = await exportedRow(
        { csv_style: 'machine', tz: 'Europe/Riga' },
        { 'accept-language': 'lv' },
        ',',
      );
      expect(row).toMatchObject({
        Izveidots: '2026-11-21T20:51:37Z',
        'Piegādes datums': '2027-01-15',
        Kopā: '45.060',
      });
    });

    it('gives an API key without a language the machine form, and the local one when it names a language', async () => {
      const expires = new Date(Date.now() + 100 * 86_400_000).toISOString().slice(0, 10);
      const admin = await createUser(app.deps.db, {
        roleId: 7,
        permissions: ['umgr', 'pord'],
        companyIds: [world.company.id],
      });
      const key = await app.call(
        apikeys.addKey,
        { name: 'ERP export', permissions: ['pord'], expires: { $date: expires } },
        await loginAs(app, { username: admin.username, password: TEST_PASSWORD }),
      );
      expect(key.body.failure).toBeUndefined();
      const bearer = `Bearer ${key.body.secret}`;
      const machine = await exportedRow({}, {}, ',', bearer);
      expect(machine).toMatchObject({ Created: '2026-11-21T20:51:37Z', Total: '45.060' });
      const local = await exportedRow({ tz: 'Europe/Riga' }, { 'accept-language': 'lv' }, ';', bearer);
      expect(local).toMatchObject({ Izveidots: '21.11.2026 22:51', Kopā: '45,060' });
    });

    it('writes XLSX times on the reader’s clock, or says UTC', async () => {
      const zoned = await exportFile(
        orders.purch.exportOrders,
        { filters: { smart: 'EXP-1' }, format: 'xlsx', tz: 'Europe/Riga' },
        { 'accept-language': 'en' },
      );
      const [header = [], row = []] = await xlsxRows(zoned.rawPayload);
      expect(row[header.indexOf('Created')]).toEqual(new Date('2026-11-21T22:51:37Z'));
      expect(row[header.indexOf('Total')]).toBe(45.06);
      const utc = await exportFile(
        orders.purch.exportOrders,
        { filters: { smart: 'EXP-1' }, format: 'xlsx' },
        { 'accept-language': 'en' },
      );
      const [utcHeader = [], utcRow = []] = await xlsxRows(utc.rawPayload);
      expect(utcRow[utcHeader.indexOf('Created (UTC)')]).toEqual(new Date(CREATED));
    });

    it('refuses a time zone or style it does not know, clearly and before writing anything', async () => {
      for (const tz of [
        'Mars/Olympus',
        "Europe/Riga'; drop table users",
        '../../etc/passwd',
        'x'.repeat(5000),
        '',
      ]) {
        const response = await exportFile(orders.purch.exportOrders, { filters: {}, format: 'csv', tz });
        expect(response.statusCode).toBe(400);
        expect(response.json().failure.code).toBe('malformed_api_request');
        expect(JSON.stringify(response.json().failure.details)).toMatch(/tz/);
      }
      const style = await exportFile(orders.purch.exportOrders, {
        filters: {},
        format: 'csv',
        csv_style: 'fancy',
      });
      expect(style.statusCode).toBe(400);
      expect(style.json().failure.code).toBe('malformed_api_request');
    });

    it('reads back its own Latvian and machine CSV in an import: codes, quantities, prices and dates', async () => {
      const db = app.deps.db;
      const headId = await insertOrder(db, 'purch', {
        consigneeId: world.consignee.id,
        externalCode: '=RT-1',
        deliveryDate: '2027-02-03',
      });
      await db.insert(purchLines).values([
        { headId, position: 1, skuId: world.skus[0]!.id, orderedQty: '2.500', price: '10.250' },
        { headId, position: 2, skuId: world.skus[1]!.id, orderedQty: '1234.000', price: '0.125' },
      ]);
      const files = [];
      for (const [csv_style, delimiter] of [
        ['local', ';'],
        ['machine', ','],
      ] as const) {
        const response = await exportFile(
          orders.purch.exportLines,
          { filters: { smart: 'RT-1' }, format: 'csv', csv_style, tz: 'Europe/Riga' },
          { 'accept-language': 'lv' },
        );
        const [header = [], ...rows] = csvRows(response.payload, delimiter);
        expect(rows.map((row) => row[0])).toEqual(["'=RT-1", "'=RT-1"]);
        files.push({ data: response.rawPayload, header, rows });
      }
      expect(files[0]!.rows[0]![files[0]!.header.indexOf('Daudzums')]).toBe('2,500');
      expect(files[1]!.rows[0]![files[1]!.header.indexOf('Daudzums')]).toBe('2.500');

      for (const file of files) {
        // The order exported is gone: its code is free for the import to take again.
        await db
          .update(purchHeads)
          .set({ excludedAt: new Date() })
          .where(eq(purchHeads.externalCode, '=RT-1'));
        const column = (name: string) => file.header.indexOf(name);
        const mapping = {
          [file.header[column('Ārējais kods')]!]: 'external_code',
          [file.header[column('Kravas saņēmējs')]!]: 'consignee',
          [file.header[column('Piegādes datums')]!]: 'delivery_date',
          [file.header[column('Preces kods')]!]: 'sku',
          [file.header[column('Daudzums')]!]: 'qty',
          [file.header[column('Cena')]!]: 'price',
        };
        const boundary = 'round-trip-local';
        const field = (name: string, value: string) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
        const imported = await app.app.inject({
          method: 'POST',
          url: `/api${orders.importPath('purch')}`,
          payload: Buffer.concat([
            Buffer.from(
              `${field('mapping', JSON.stringify(mapping))}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lines.csv"\r\n\r\n`,
            ),
            file.data,
            Buffer.from(`\r\n--${boundary}--\r\n`),
          ]),
          headers: {
            authorization: `SessionCode ${token}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
          },
        });
        const answer = imported.json() as orders.ImportOrdersResponse;
        expect(answer.orders.flatMap((order) => order.problems)).toEqual([]);
        expect(answer.created).toBe(1);
        const newId = answer.orders[0]!.head_id!;
        const [head] = await db.select().from(purchHeads).where(eq(purchHeads.id, newId));
        expect(head).toMatchObject({ externalCode: '=RT-1', deliveryDate: '2027-02-03' });
        const lines = await db
          .select({ qty: purchLines.orderedQty, price: purchLines.price })
          .from(purchLines)
          .where(eq(purchLines.headId, newId))
          .orderBy(purchLines.position);
        expect(lines).toEqual([
          { qty: '2.500', price: '10.250' },
          { qty: '1234.000', price: '0.125' },
        ]);
      }
    });
  });
});
