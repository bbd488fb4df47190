import { auth, type CallDef, sku, stock } from '@extranet/contract';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '../test/app';
import { createSku, createStockRow } from '../test/catalogs.factories';
import { createCompany, createConsignee, createUser, TEST_PASSWORD } from '../test/factories';
import { xlsxPart, xlsxRows } from '../test/spreadsheets';

const SSCC = '001234567890123456';

let app: TestApp;
let token: string;
let ownSku: { id: number; externalCode: string; name: string };
let ownUser: { username: string };
let foreignUser: { username: string };

beforeAll(async () => {
  app = await createTestApp();
  const db = app.deps.db;
  const company = await createCompany(db);
  const other = await createCompany(db);
  const consignee = await createConsignee(db, { companyId: company.id });
  const foreign = await createConsignee(db, { companyId: other.id });
  ownSku = await createSku(db, { consigneeId: consignee.id, name: 'Exported water', price: '1.250' });
  const foreignSku = await createSku(db, { consigneeId: foreign.id, name: 'Exported juice' });
  await createStockRow(db, {
    consigneeId: consignee.id,
    skuId: ownSku.id,
    qty: '1234.500',
    batch: 'EXP-B1',
    expiryDate: '2027-03-01',
  });
  await createStockRow(db, { consigneeId: foreign.id, skuId: foreignSku.id, qty: '5', batch: 'EXP-B2' });
  const longSku = await createSku(db, { consigneeId: consignee.id, name: `Long ${'name '.repeat(40)}` });
  await createStockRow(db, {
    consigneeId: consignee.id,
    skuId: longSku.id,
    qty: '7',
    batch: 'EXP-L1',
    sscc: SSCC,
    size: '0123',
  });
  const manager = await createUser(db, {
    roleId: 7,
    lang: 'lv',
    permissions: ['stck', 'umgr'],
    companyIds: [company.id],
  });
  ownUser = await createUser(db, { fio: 'Exported Colleague', companyIds: [company.id] });
  foreignUser = await createUser(db, { fio: 'Exported Stranger', companyIds: [other.id] });
  token = await loginAs(app, { username: manager.username, password: TEST_PASSWORD });
});

async function exportOf(call: CallDef, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await app.app.inject({
    method: 'POST',
    url: `/api${call.path}`,
    payload: body,
    headers: { authorization: `SessionCode ${token}`, 'content-type': 'application/json', ...headers },
  });
  expect(response.statusCode).toBe(200);
  return response;
}

function csvTable(payload: string, delimiter = ',') {
  const [header, ...rows] = parse(payload, { bom: true, delimiter }) as string[][];
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]])));
}

describe('list exports', () => {
  it('exports the stock rows of the caller’s companies, in their profile’s language', async () => {
    const response = await exportOf(stock.exportStocks, { filters: { smart: 'EXP-B' }, format: 'csv' });
    // Latvian: ';' between cells, decimal commas, dates as the screen writes them.
    expect(csvTable(response.payload, ';')).toEqual([
      expect.objectContaining({
        'Preces nosaukums': 'Exported water',
        Partija: 'EXP-B1',
        'Derīguma termiņš': '01.03.2027',
        Daudzums: '1234,500',
      }),
    ]);
  });

  it('exports stock quantities as numbers in XLSX', async () => {
    const response = await exportOf(
      stock.exportStocks,
      { filters: { smart: 'EXP-B1' }, format: 'xlsx' },
      { 'accept-language': 'en-GB,en;q=0.9' },
    );
    const [header = [], row = []] = await xlsxRows(response.rawPayload);
    expect(row[header.indexOf('Units')]).toBe(1234.5);
    expect(row[header.indexOf('Expiry date')]).toEqual(new Date('2027-03-01T00:00:00Z'));
  });

  it('writes an XLSX whose header row is frozen and filterable, columns fit, and codes keep every digit', async () => {
    const response = await exportOf(
      stock.exportStocks,
      { filters: { smart: 'EXP-L1' }, format: 'xlsx' },
      { 'accept-language': 'en' },
    );
    const sheet = await xlsxPart(response.rawPayload, 'xl/worksheets/sheet1.xml');
    expect(sheet).toContain('<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>');
    // Thirteen columns (A to M), the header and one row.
    expect(sheet).toMatch(/<\/sheetData><autoFilter ref="A1:M2"\/><\/worksheet>$/);
    const workbook = await xlsxPart(response.rawPayload, 'xl/workbook.xml');
    expect(workbook).toContain(
      '<definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">\'stock\'!$A$1:$M$2</definedName>',
    );
    const widths = [...sheet.matchAll(/<col min="(\d+)" max="\d+" width="(\d+)"/g)].map((m) => Number(m[2]));
    expect(widths).toHaveLength(13);
    for (const width of widths) expect(width).toBeGreaterThanOrEqual(6);
    const [header = [], row = []] = await xlsxRows(response.rawPayload);
    // The 200-character name is cut to the widest a column gets; the SSCC fits its 18 digits.
    expect(widths[header.indexOf('SKU name')]).toBe(60);
    expect(widths[header.indexOf('SSCC')]).toBeGreaterThanOrEqual(20);
    expect(widths[header.indexOf('SSCC')]).toBeLessThan(30);
    // Codes of digits are text cells in the text format: no digit or leading zero is lost.
    expect(row[header.indexOf('SSCC')]).toBe(SSCC);
    expect(row[header.indexOf('Size')]).toBe('0123');
    expect(sheet).toMatch(
      new RegExp(`<c r="[A-Z]+2" t="inlineStr" s="5"><is><t xml:space="preserve">${SSCC}</t>`),
    );
    expect(row[header.indexOf('Units')]).toBe(7);
  });

  it('exports SKUs with every field, and only the caller’s', async () => {
    const response = await exportOf(
      sku.exportSku,
      { filters: { smart: 'Exported' }, format: 'csv' },
      { 'accept-language': 'en' },
    );
    expect(csvTable(response.payload)).toEqual([
      expect.objectContaining({
        Name: 'Exported water',
        'External code': ownSku.externalCode,
        Price: '1.250',
      }),
    ]);
  });

  it('exports the users the list shows, with their roles in the reader’s language', async () => {
    const response = await exportOf(
      auth.exportUsers,
      { filters: { smart: 'Exported' }, ordering: 'username', format: 'csv' },
      { 'accept-language': 'ru' },
    );
    const rows = csvTable(response.payload, ';');
    expect(rows.map((row) => row['Имя пользователя'])).toEqual([ownUser.username]);
    expect(rows.map((row) => row['Имя пользователя'])).not.toContain(foreignUser.username);
    expect(rows[0]).toMatchObject({ ФИО: 'Exported Colleague', Роль: 'Оператор' });
  });
});
