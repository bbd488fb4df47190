import { addDays, auth, orders, today } from '@extranet/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { discussions, locations, purchHeads, purchLines, uoms } from '../../db/schema';
import { createTestApp, loginAs, type TestApp } from '../../test/app';
import { createSku } from '../../test/catalogs.factories';
import { TEST_PASSWORD } from '../../test/factories';
import { createOrderWorld, type OrderWorld } from '../../test/orders.factories';
import { craftedXlsx, xlsxFile } from '../../test/spreadsheets';
import { parseDate } from './orders.import';
import { unneutralizeFormula } from './orders.import-file';

let app: TestApp;
let world: OrderWorld;
let other: OrderWorld;
let token: string;
let location: string;
let uom: string;
const delivery = addDays(today(), 10);

beforeAll(async () => {
  app = await createTestApp();
  world = await createOrderWorld(app.deps.db);
  other = await createOrderWorld(app.deps.db);
  token = await loginAs(app, { username: world.user.username, password: TEST_PASSWORD });
  const [firstLocation] = await app.deps.db.select().from(locations).limit(1);
  const [firstUom] = await app.deps.db.select().from(uoms).limit(1);
  location = firstLocation!.label;
  uom = firstUom!.name;
});

const HEADER =
  'external_code;consignee;vendor;address;reference;delivery_date;currency;location;truck_number;sku;qty;uom;price';

function row(code: string, fields: Partial<Record<string, string>> = {}) {
  const address = world.vendorAddresses[0]!;
  const values = {
    external_code: code,
    consignee: world.consignee.code,
    vendor: world.vendor.externalCode,
    address: address.code,
    reference: 'REF-1',
    delivery_date: delivery,
    currency: 'EUR',
    location,
    truck_number: 'KA-1',
    sku: world.skus[0]!.externalCode,
    qty: '12',
    uom,
    price: '2,505',
    ...fields,
  };
  return HEADER.split(';')
    .map((column) => values[column as keyof typeof values] ?? '')
    .join(';');
}

async function upload(
  content: string | Buffer,
  fields: Record<string, string> = {},
  options: { name?: string; token?: string; field?: string } = {},
) {
  const boundary = 'import-boundary';
  const parts = [
    ...Object.entries(fields).map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.name ?? 'orders.csv'}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  ];
  const payload = Buffer.concat([
    Buffer.from(parts.join(''), 'utf8'),
    Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await app.app.inject({
    method: 'POST',
    url: `/api${orders.importPath('purch')}`,
    payload,
    headers: {
      authorization: `SessionCode ${options.token ?? token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  return { status: response.statusCode, body: response.json() };
}

const countOf = async (prefix: string) =>
  (
    await app.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(purchHeads)
      .where(sql`${purchHeads.externalCode} like ${`${prefix}%`}`)
  )[0]!.n;

describe('order import', () => {
  it('reads dates as people type them', () => {
    expect(parseDate('15.01.2027')).toBe('2027-01-15');
    expect(parseDate('2027-01-15')).toBe('2027-01-15');
    expect(parseDate('31.02.2027')).toBeNull();
    expect(parseDate('15/13/2027')).toBeNull();
  });

  it('previews a file without writing, then imports its orders as drafts grouped by code', async () => {
    const csv = `\uFEFF${HEADER}\n${row('IMP-A')}\n${row('IMP-A', { sku: world.skus[1]!.externalCode, qty: '3' })}\n${row('IMP-B')}\n`;
    const preview = await upload(csv, { dry_run: 'true' });
    expect(preview.status).toBe(200);
    expect(preview.body.created).toBe(0);
    expect(preview.body.orders).toEqual([
      { external_code: 'IMP-A', head_id: null, rows: [2, 3], problems: [], complete: true, missing: [] },
      { external_code: 'IMP-B', head_id: null, rows: [4], problems: [], complete: true, missing: [] },
    ]);
    expect(await countOf('IMP-')).toBe(0);

    const done = await upload(csv);
    expect(done.body.created).toBe(2);
    const headId = done.body.orders[0].head_id as number;
    const view = await app.call(orders.purch.viewOrder, { head_id: headId }, token);
    expect(view.body).toMatchObject({
      external_code: 'IMP-A',
      progress: 'draft',
      vendor_id: world.vendor.id,
      truck_number: 'KA-1',
      delivery_date: { $date: delivery },
      problems: { errors: [] },
    });
    expect(view.body.lines.map((line: any) => [line.ordered_qty, line.price])).toEqual([
      [{ $decimal: '12.000' }, { $decimal: '2.505' }],
      [{ $decimal: '3.000' }, { $decimal: '2.505' }],
    ]);
    // The same codes again are taken.
    const again = await upload(csv, { dry_run: 'true' });
    expect(again.body.orders[0].problems).toContainEqual({
      row: 2,
      column: 'external_code',
      code: 'code_taken',
      value: 'IMP-A',
    });
  });

  it('refuses the whole file when a row has a problem, pointing at row and column', async () => {
    const csv = [
      HEADER,
      row('IMP-C'),
      row('IMP-D', { sku: 'NO-SUCH-SKU' }),
      row('IMP-E', { consignee: other.consignee.code }),
      row('IMP-F', { qty: '-5', delivery_date: '31.02.2027' }),
      row('IMP-G', { currency: 'XXX', address: 'Nowhere' }),
    ].join('\n');
    const { body } = await upload(csv);
    expect(body.created).toBe(0);
    const problems = body.orders.flatMap((order: any) => order.problems);
    expect(problems).toEqual(
      expect.arrayContaining([
        { row: 3, column: 'sku', code: 'sku_unknown', value: 'NO-SUCH-SKU' },
        // Another company's consignee is unknown here.
        { row: 4, column: 'consignee', code: 'consignee_unknown', value: other.consignee.code },
        { row: 5, column: 'qty', code: 'number_invalid', value: '-5' },
        { row: 5, column: 'delivery_date', code: 'date_invalid', value: '31.02.2027' },
        { row: 6, column: 'currency', code: 'currency_unknown', value: 'XXX' },
        { row: 6, column: 'address', code: 'address_unknown', value: 'Nowhere' },
      ]),
    );
    expect(body.orders[0].problems).toEqual([]);
    // Nothing of it was written, not even the good order.
    expect(await countOf('IMP-C')).toBe(0);
  });

  it('names every other problem a row can have', async () => {
    const sku = world.skus[0]!.externalCode;
    const csv = [
      HEADER,
      row('IMP-H', { qty: '', vendor: 'NO-SUCH-VENDOR', location: 'Nowhere', uom: 'crate' }),
      row('IMP-I', { delivery_date: addDays(today(), -1), truck_number: 'T'.repeat(51) }),
      row('IMP-J', { sku }),
      row('IMP-J', { sku, reference: 'OTHER-REF' }),
      row('IMP-K', { sku: '' }),
    ].join('\n');
    const { body } = await upload(csv, { dry_run: 'true' });
    const problems = body.orders.flatMap((order: any) => order.problems);
    expect(problems).toEqual(
      expect.arrayContaining([
        { row: 2, column: 'qty', code: 'required', value: '' },
        { row: 2, column: 'vendor', code: 'party_unknown', value: 'NO-SUCH-VENDOR' },
        { row: 2, column: 'location', code: 'location_unknown', value: 'Nowhere' },
        { row: 2, column: 'uom', code: 'uom_unknown', value: 'crate' },
        { row: 3, column: 'delivery_date', code: 'date_past', value: addDays(today(), -1) },
        { row: 3, column: 'truck_number', code: 'too_long', value: 'T'.repeat(51) },
        { row: 5, column: 'reference', code: 'header_differs', value: 'OTHER-REF' },
        { row: 5, column: 'sku', code: 'sku_twice', value: sku },
        { row: 6, column: 'sku', code: 'required', value: '' },
      ]),
    );
    expect(body.created).toBe(0);
  });

  it('refuses a fraction of a counted unit and takes one of a measured unit, as the form does', async () => {
    const csv = [
      HEADER,
      row('IMP-W1', { qty: '1,5', uom: 'pcs' }),
      row('IMP-W2', { qty: '1,5', uom: 'kg' }),
    ].join('\n');
    const { body } = await upload(csv, { dry_run: 'true' });
    const problems = body.orders.flatMap((order: any) => order.problems);
    expect(problems).toEqual([{ row: 2, column: 'qty', code: 'qty_not_whole', value: '1,5' }]);
  });

  it("gives a line without a unit its SKU's unit, and says which lines still lack one", async () => {
    const boxed = await createSku(app.deps.db, { consigneeId: world.consignee.id, uomId: world.refs.boxId });
    const bare = await createSku(app.deps.db, { consigneeId: world.consignee.id });
    const noUom = HEADER.split(';').filter((column) => column !== 'uom');
    const line = (code: string, sku: string) => {
      const cells = row(code, { sku }).split(';');
      return cells.filter((_, i) => HEADER.split(';')[i] !== 'uom').join(';');
    };
    // No unit column at all: each line takes its SKU's unit.
    const done = await upload([noUom.join(';'), line('IMP-U1', boxed.externalCode)].join('\n'));
    expect(done.body.orders[0]).toMatchObject({ problems: [], complete: true });
    const view = await app.call(orders.purch.viewOrder, { head_id: done.body.orders[0].head_id }, token);
    expect(view.body.lines.map((item: any) => item.uom_id)).toEqual([world.refs.boxId]);

    // An empty unit cell does the same; a SKU without a unit leaves the line without one, and the
    // order's problems name it.
    const csv = [
      HEADER,
      row('IMP-U2', { sku: boxed.externalCode, uom: '' }),
      row('IMP-U2', { sku: bare.externalCode, uom: '' }),
    ].join('\n');
    const second = await upload(csv);
    // The answer says what keeps it a draft, naming the SKU by its code.
    expect(second.body.orders[0]).toMatchObject({
      problems: [],
      complete: false,
      missing: [{ code: 'no_uom', details: { skus: [bare.externalCode] } }],
    });
    const incomplete = await app.call(
      orders.purch.viewOrder,
      { head_id: second.body.orders[0].head_id },
      token,
    );
    expect(incomplete.body.lines.map((item: any) => item.uom_id)).toEqual([world.refs.boxId, null]);
    expect(incomplete.body.problems.errors).toEqual([
      { code: 'no_uom', details: { skus: [bare.externalCode] } },
    ]);
  });

  it('reads a unit code without regard to case', async () => {
    const csv = [HEADER, row('IMP-C1', { uom: 'PCS' }), row('IMP-C2', { uom: ' Box ' })].join('\n');
    const { body } = await upload(csv);
    expect(body.orders.map((order: any) => order.problems)).toEqual([[], []]);
    const views = await Promise.all(
      body.orders.map((order: any) => app.call(orders.purch.viewOrder, { head_id: order.head_id }, token)),
    );
    expect(views.map((view) => view.body.lines[0].uom_id)).toEqual([world.refs.pcsId, world.refs.boxId]);
  });

  it('maps other headers, reads XLSX, and sets the complete orders ready when asked', async () => {
    const headers = HEADER.split(';').map((column) => (column === 'sku' ? 'Article' : column));
    const data = await xlsxFile([
      headers,
      row('IMP-X')
        .split(';')
        .map((value, i) => (headers[i] === 'qty' ? 7 : value)),
      row('IMP-Y', { location: '' }).split(';'),
    ]);

    const unmapped = await upload(data, {}, { name: 'orders.xlsx' });
    expect(unmapped.body.failure).toMatchObject({ code: 'import_columns_missing' });
    expect(unmapped.body.failure.details.columns).toEqual(['sku']);

    const { body } = await upload(
      data,
      { mapping: JSON.stringify({ Article: 'sku' }), ready: 'true' },
      { name: 'orders.xlsx' },
    );
    expect(body.created).toBe(2);
    const byCode = Object.fromEntries(body.orders.map((order: any) => [order.external_code, order]));
    expect(byCode['IMP-X'].complete).toBe(true);
    expect(byCode['IMP-Y'].complete).toBe(false);
    const progress = async (headId: number) =>
      (await app.call(orders.purch.viewOrder, { head_id: headId }, token)).body.progress;
    expect(await progress(byCode['IMP-X'].head_id)).toBe('ready');
    expect(await progress(byCode['IMP-Y'].head_id)).toBe('draft');
    const [line] = await app.deps.db
      .select()
      .from(purchLines)
      .where(eq(purchLines.headId, byCode['IMP-X'].head_id));
    expect(line!.orderedQty).toBe('7.000');

    // The mapping an import was written with is remembered for that user, not for others.
    const again = await upload(data, { dry_run: 'true' }, { name: 'orders.xlsx' });
    expect(again.status).toBe(200);
    expect(again.body.columns).toContainEqual({ header: 'Article', column: 'sku' });
    const other = await createOrderWorld(app.deps.db, { permissions: ['pord'] });
    const otherToken = await loginAs(app, { username: other.user.username, password: TEST_PASSWORD });
    const theirs = await upload(data, { dry_run: 'true' }, { name: 'orders.xlsx', token: otherToken });
    expect(theirs.body.failure).toMatchObject({ code: 'import_columns_missing' });
  });

  it('imports 10,000 rows in one go', async () => {
    const skus = await Promise.all(
      Array.from({ length: 10 }, () => createSku(app.deps.db, { consigneeId: world.consignee.id })),
    );
    const lines = Array.from({ length: orders.MAX_IMPORT_ROWS }, (_, i) =>
      row(`BULK-${Math.floor(i / 10)}`, { sku: skus[i % 10]!.externalCode }),
    );
    const { body } = await upload([HEADER, ...lines].join('\n'));
    expect(body.created).toBe(1000);
    expect(await countOf('BULK-')).toBe(1000);
    // Written in a few statements for the whole file, each order still gets its own rows.
    for (const order of [body.orders[0], body.orders[517], body.orders[999]]) {
      const [head] = await app.deps.db.select().from(purchHeads).where(eq(purchHeads.id, order.head_id));
      expect(head!.externalCode).toBe(order.external_code);
      const lines = await app.deps.db.select().from(purchLines).where(eq(purchLines.headId, order.head_id));
      expect(lines.map((line) => line.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      const [discussion] = await app.deps.db
        .select()
        .from(discussions)
        .where(eq(discussions.purchHeadId, order.head_id));
      expect(discussion!.name).toBe(order.external_code);
    }
  }, 120_000);

  it('refuses what it cannot read, and more rows than it takes, writing nothing', async () => {
    expect((await upload('')).body.failure.code).toBe('file_empty');
    const garbage = await upload(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00]), {}, { name: 'orders.xlsx' });
    expect(garbage.body.failure.code).toBe('import_file_unreadable');
    const tooMany = [
      HEADER,
      ...Array.from({ length: orders.MAX_IMPORT_ROWS + 1 }, (_, i) => row(`MANY-${i}`)),
    ];
    expect((await upload(tooMany.join('\n'))).body.failure.code).toBe('import_too_many_rows');
    expect(await countOf('MANY-')).toBe(0);
    // A file in another field is named as such, not counted as one file too many.
    const wrongField = await upload(`${HEADER}\n${row('IMP-Z')}`, {}, { field: 'upload' });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.failure).toMatchObject({
      code: 'malformed_api_request',
      details: { field: 'upload' },
    });
    const badField = await upload(`${HEADER}\n${row('IMP-Z')}`, { dry_run: 'maybe' });
    expect(badField.status).toBe(400);
    // A sales clerk without purchase orders may not import them.
    const sales = await createOrderWorld(app.deps.db, { permissions: ['sord'] });
    const salesToken = await loginAs(app, { username: sales.user.username, password: TEST_PASSWORD });
    expect((await upload(`${HEADER}\n${row('IMP-Z')}`, {}, { token: salesToken })).status).toBe(403);
  });
});

/** XML of an inline text cell. */
const textCell = (text: string) => `<c t="inlineStr"><is><t>${text}</t></is></c>`;
const HEADER_ROW = `<row>${HEADER.split(';').map(textCell).join('')}</row>`;

/**
 * Uploads a file while another user's get_session runs beside it: the import's answer and time,
 * the growth of the process's memory around it, and how long the session call took.
 */
async function measured(content: Buffer, name: string) {
  const before = process.memoryUsage().rss;
  const importing = upload(content, { dry_run: 'true' }, { name });
  // Another user's call, sent while the file is being read: answered, not queued behind it.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const session = await app.call(auth.getSession, {}, otherToken);
  const result = await importing;
  return { result, grown: process.memoryUsage().rss - before, session };
}

let otherToken: string;

describe('import limits', () => {
  beforeAll(async () => {
    otherToken = await loginAs(app, { username: other.user.username, password: TEST_PASSWORD });
  });

  it('refuses an XLSX of 3,000,000 short rows at row 10,001, in bounded memory, while others are answered', async () => {
    const bomb = await craftedXlsx({
      header: HEADER_ROW,
      body: `<row>${textCell('X')}</row>`,
      times: 3_000_000,
    });
    // Compressed to a small fraction of its unzipped size (over 100 MB).
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const run = await measured(bomb, 'orders.xlsx');
    expect(run.result.body.failure).toMatchObject({
      code: 'import_too_many_rows',
      details: { max: orders.MAX_IMPORT_ROWS },
    });
    // As for the CSV below: a bound on what reading every row would hold, not on the collector.
    expect(run.grown).toBeLessThan(200 * 1024 * 1024);
    expect(run.session.status).toBe(200);
  });

  it('refuses a CSV of 3,000,000 short rows the same way', async () => {
    const csv = Buffer.from(`${HEADER}
${'X\n'.repeat(3_000_000)}`);
    const run = await measured(csv, 'orders.csv');
    expect(run.result.body.failure.code).toBe('import_too_many_rows');
    // The process's size, the embedded database's included, moves by tens of MB with the
    // collector's timing; the 3,000,000 rows held as parsed arrays would take several hundred.
    expect(run.grown).toBeLessThan(200 * 1024 * 1024);
    expect(run.session.status).toBe(200);
  });

  it('bounds what an XLSX may unzip to, its texts, its nesting, its columns and its cells', async () => {
    // 60 MB of markup the reader skips: refused once 50 MB are unzipped.
    const padded = await craftedXlsx({ header: HEADER_ROW, body: `${' '.repeat(1000)}<x/>`, times: 60_000 });
    const unzipped = await upload(padded, { dry_run: 'true' }, { name: 'orders.xlsx' });
    expect(unzipped.body.failure).toMatchObject({
      code: 'import_file_unreadable',
      details: { reason: 'unzippedBytes' },
    });
    // One cell of 20 MB of text: refused before the parser gathers it.
    const long = await craftedXlsx({
      header: `${HEADER_ROW}<row><c t="inlineStr"><is><t>`,
      body: 'a'.repeat(1000),
      times: 20_000,
      footer: '</t></is></c></row>',
    });
    const text = await upload(long, { dry_run: 'true' }, { name: 'orders.xlsx' });
    expect(text.body.failure).toMatchObject({ code: 'import_file_unreadable', details: { reason: 'text' } });
    const deep = await craftedXlsx({ header: HEADER_ROW, body: '<x>', times: 1_000_000 });
    const nested = await upload(deep, { dry_run: 'true' }, { name: 'orders.xlsx' });
    expect(nested.body.failure).toMatchObject({
      code: 'import_file_unreadable',
      details: { reason: 'depth' },
    });
    const wide = await craftedXlsx({
      header: HEADER_ROW,
      body: '<row><c r="ZZZ2"><v>1</v></c></row>',
      times: 1,
    });
    const columns = await upload(wide, { dry_run: 'true' }, { name: 'orders.xlsx' });
    expect(columns.body.failure).toMatchObject({
      code: 'import_file_unreadable',
      details: { reason: 'columns' },
    });
    // 1,000 rows of 600 cells each: fewer rows than the limit, more cells than a sheet may hold.
    const cells = await craftedXlsx({
      header: HEADER_ROW,
      body: `<row>${'<c><v>1</v></c>'.repeat(600)}</row>`,
      times: 1000,
    });
    const many = await upload(cells, { dry_run: 'true' }, { name: 'orders.xlsx' });
    expect(many.body.failure).toMatchObject({ code: 'import_file_unreadable', details: { reason: 'cells' } });
  });

  it('reads back what a CSV export neutralised, and only that', async () => {
    expect(unneutralizeFormula("'=1+2")).toBe('=1+2');
    expect(unneutralizeFormula("''@x")).toBe("'@x");
    expect(unneutralizeFormula("'plain")).toBe("'plain");
    expect(unneutralizeFormula('-5')).toBe('-5');
  });
});
