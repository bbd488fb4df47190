import { catalogs } from '@extranet/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addresses, consignees, skuEans, skus, uoms, vendors, wmsEvents } from '../../db/schema';
import { createTestApp, loginAs, type TestApp } from '../../test/app';
import { createCompany, createUser, TEST_PASSWORD } from '../../test/factories';
import { postWmsEvent } from '../../test/wms.factories';

const SECRET = 'a-master-data-secret-of-length';

let app: TestApp;
let company: { id: number; code: string };
let otherCompany: { id: number; code: string };
let token: string;
let otherToken: string;
let sequence = 0;
const eventId = () => `md-${++sequence}`;
/** Codes unique to one test, so the tests share the database without meeting. */
const code = (prefix: string) => `${prefix}-${sequence}-${Math.random().toString(36).slice(2, 7)}`;

beforeAll(async () => {
  app = await createTestApp({ WMS_SECRET: SECRET });
  company = await createCompany(app.deps.db);
  otherCompany = await createCompany(app.deps.db);
  const user = await createUser(app.deps.db, { permissions: ['pord'], companyIds: [company.id] });
  const other = await createUser(app.deps.db, { permissions: ['pord'], companyIds: [otherCompany.id] });
  token = await loginAs(app, { username: user.username, password: TEST_PASSWORD });
  otherToken = await loginAs(app, { username: other.username, password: TEST_PASSWORD });
});

const db = () => app.deps.db;
const push = (master: unknown, id = eventId()) => postWmsEvent(app, SECRET, { event_id: id, master });

/** One consignee of the company with a SKU, a vendor with an address, and a customer. */
function catalogOf(names: { consignee: string; sku: string; vendor: string; uom: string; currency: string }) {
  return {
    uoms: [{ name: names.uom }],
    currencies: [{ code: names.currency }],
    locations: [{ label: `${names.consignee} dock` }],
    consignees: [
      { code: names.consignee, name: 'Client One Retail', company: company.code, business_line: 'Retail' },
    ],
    skus: [
      {
        consignee: names.consignee,
        code: names.sku,
        name: 'Mineral water 1.5 l',
        uom: names.uom,
        eans: ['4750000000017'],
      },
    ],
    vendors: [
      {
        consignee: names.consignee,
        code: names.vendor,
        name: 'Vendor One',
        default_currency: names.currency,
        addresses: [{ code: `${names.vendor}-A`, name: 'Dock 3, Riga' }],
      },
    ],
    customers: [
      {
        consignee: names.consignee,
        code: `K-${names.vendor}`,
        name: 'Customer One',
        addresses: [{ code: `K-${names.vendor}-A`, name: 'Store 12, Tallinn' }],
      },
    ],
  };
}

function freshNames() {
  return {
    consignee: code('C'),
    sku: code('SKU'),
    vendor: code('V'),
    uom: code('u'),
    currency: `X${++sequence}`.slice(0, 10),
  };
}

async function skuOf(consigneeCode: string, skuCode: string) {
  const [row] = await db()
    .select({ id: skus.id, name: skus.name, uomId: skus.uomId, active: skus.active })
    .from(skus)
    .innerJoin(consignees, eq(consignees.id, skus.consigneeId))
    .where(and(eq(consignees.code, consigneeCode), eq(skus.externalCode, skuCode)));
  return row;
}

describe('master data in warehouse events', () => {
  it('adds every catalog, linked by code, and answers what it did', async () => {
    const names = freshNames();
    const { status, body } = await push(catalogOf(names));
    expect(status).toBe(200);
    // uom, currency, location, consignee, sku, vendor, customer
    expect(body.master).toEqual({ added: 7, changed: 0, unchanged: 0 });

    const [consignee] = await db().select().from(consignees).where(eq(consignees.code, names.consignee));
    expect(consignee).toMatchObject({ companyId: company.id, name: 'Client One Retail', active: true });
    const sku = await skuOf(names.consignee, names.sku);
    const [uom] = await db().select().from(uoms).where(eq(uoms.name, names.uom));
    expect(sku).toMatchObject({ name: 'Mineral water 1.5 l', uomId: uom!.id });
    const eans = await db().select().from(skuEans).where(eq(skuEans.skuId, sku!.id));
    expect(eans.map((row) => [row.eanText, row.eanTypeCode])).toEqual([['4750000000017', 'EAN13']]);
    const [vendor] = await db().select().from(vendors).where(eq(vendors.externalCode, names.vendor));
    const vendorAddresses = await db().select().from(addresses).where(eq(addresses.vendorId, vendor!.id));
    expect(vendorAddresses.map((row) => [row.code, row.name])).toEqual([
      [`${names.vendor}-A`, 'Dock 3, Riga'],
    ]);

    // The company's user finds them in the pickers; another company's user does not.
    const picked = await app.call(catalogs.listSkus, { filters: { smart: names.sku } }, token);
    expect(picked.body.items.map((item: { external_code: string }) => item.external_code)).toEqual([
      names.sku,
    ]);
    const hidden = await app.call(catalogs.listSkus, { filters: { smart: names.sku } }, otherToken);
    expect(hidden.body.items).toEqual([]);
  });

  it("takes a unit's names in the product's languages and shows readers theirs", async () => {
    const names = freshNames();
    const catalog = catalogOf(names);
    await push({ ...catalog, uoms: [{ name: names.uom, names: { ru: 'ящ.', lv: 'kaste' } }] });
    const named = async (lang: string) =>
      (await app.call(catalogs.listUoms, { filters: { smart: names.uom } }, token, lang)).body.items;
    expect(await named('ru')).toEqual([
      { uom_id: expect.any(Number), name: 'ящ.', code: names.uom, counted: true },
    ]);
    expect(await named('lv')).toEqual([expect.objectContaining({ name: 'kaste' })]);
    // No English name given: English readers see the unit's code.
    expect(await named('en')).toEqual([expect.objectContaining({ name: names.uom })]);

    const renamed = await push({ ...catalog, uoms: [{ name: names.uom, names: { ru: 'кор.' } }] });
    expect(renamed.body.master).toMatchObject({ changed: 1 });
    expect(await named('ru')).toEqual([expect.objectContaining({ name: 'кор.' })]);
    expect(await named('lv')).toEqual([expect.objectContaining({ name: names.uom })]);

    // Sent again without names, as most warehouse systems do: the names it has stay.
    const plain = await push({ uoms: [{ name: names.uom }] });
    expect(plain.body.master).toEqual({ added: 0, changed: 0, unchanged: 1 });
    expect(await named('ru')).toEqual([expect.objectContaining({ name: 'кор.' })]);
  });

  it('upserts by code: the same records are unchanged, a new name is a change', async () => {
    const names = freshNames();
    await push(catalogOf(names));
    const again = await push(catalogOf(names));
    expect(again.body.master).toEqual({ added: 0, changed: 0, unchanged: 7 });

    const renamed = catalogOf(names);
    renamed.skus[0]!.name = 'Mineral water 2 l';
    renamed.skus[0]!.eans = ['4750000000024', '47500017'];
    renamed.vendors[0]!.addresses = [{ code: `${names.vendor}-B`, name: 'Dock 4, Riga' }];
    const changed = await push(renamed);
    expect(changed.body.master).toEqual({ added: 0, changed: 2, unchanged: 5 });
    const sku = await skuOf(names.consignee, names.sku);
    expect(sku!.name).toBe('Mineral water 2 l');
    const eans = await db().select().from(skuEans).where(eq(skuEans.skuId, sku!.id));
    expect(eans.map((row) => row.eanText).sort()).toEqual(['4750000000024', '47500017']);
    // Addresses not named stay; the new one is added.
    const [vendor] = await db().select().from(vendors).where(eq(vendors.externalCode, names.vendor));
    const stored = await db().select().from(addresses).where(eq(addresses.vendorId, vendor!.id));
    expect(stored.map((row) => row.code).sort()).toEqual([`${names.vendor}-A`, `${names.vendor}-B`]);
  });

  it('keeps a SKU unit that a record leaves out, and clears it when told null', async () => {
    const names = freshNames();
    await push(catalogOf(names));
    const withoutUom = { consignee: names.consignee, code: names.sku, name: 'Mineral water 1.5 l' };
    await push({ skus: [withoutUom] });
    expect((await skuOf(names.consignee, names.sku))!.uomId).not.toBeNull();
    await push({ skus: [{ ...withoutUom, uom: null }] });
    expect((await skuOf(names.consignee, names.sku))!.uomId).toBeNull();
  });

  it('retires a record: hidden from pickers, still found by id', async () => {
    const names = freshNames();
    await push(catalogOf(names));
    const sku = await skuOf(names.consignee, names.sku);
    const retired = await push({
      skus: [{ consignee: names.consignee, code: names.sku, name: 'Mineral water 1.5 l', inactive: true }],
      uoms: [{ name: names.uom, inactive: true }],
    });
    expect(retired.body.master).toEqual({ added: 0, changed: 2, unchanged: 0 });
    const picker = await app.call(catalogs.listSkus, { filters: { smart: names.sku } }, token);
    expect(picker.body.items).toEqual([]);
    const byId = await app.call(catalogs.listSkus, { filters: { sku_id_list: [sku!.id] } }, token);
    expect(byId.body.items).toHaveLength(1);
    const uomPicker = await app.call(catalogs.listUoms, { filters: { smart: names.uom } }, token);
    expect(uomPicker.body.items).toEqual([]);

    // Sent again without `inactive`, it is active again.
    await push({ skus: [{ consignee: names.consignee, code: names.sku, name: 'Mineral water 1.5 l' }] });
    expect((await skuOf(names.consignee, names.sku))!.active).toBe(true);
  });

  it('refuses the whole event, naming the record, when a company code is unknown', async () => {
    const names = freshNames();
    const master = catalogOf(names);
    master.consignees[0]!.company = 'NO-SUCH-COMPANY';
    const id = eventId();
    const { status, body } = await push(master, id);
    expect(status).toBe(400);
    expect(body.failure.code).toBe('wms_master_refused');
    expect(body.failure.details.records).toContainEqual({
      record: 'consignees[0]',
      key: names.consignee,
      problems: [{ field: 'company', problem: 'company_unknown', value: 'NO-SUCH-COMPANY' }],
    });
    // Nothing of it was applied, the event id included: fixed, the same id goes through.
    expect(await db().select().from(uoms).where(eq(uoms.name, names.uom))).toEqual([]);
    expect(await db().select().from(wmsEvents).where(eq(wmsEvents.id, id))).toEqual([]);
    master.consignees[0]!.company = company.code;
    expect((await push(master, id)).status).toBe(200);
  });

  it("takes a unit in another case as the stored one, and one list's two cases as a duplicate", async () => {
    const name = code('case').toLowerCase();
    await push({ uoms: [{ name }] });
    const upper = await push({ uoms: [{ name: name.toUpperCase(), inactive: true }] });
    expect(upper.body.master).toEqual({ added: 0, changed: 1, unchanged: 0 });
    const stored = await db().select().from(uoms).where(sql`lower(${uoms.name}) = ${name}`);
    expect(stored.map((row) => [row.name, row.active])).toEqual([[name, false]]);

    const twice = await push({ uoms: [{ name: `${name}-2` }, { name: ` ${name.toUpperCase()}-2` }] });
    expect(twice.status).toBe(400);
    expect(twice.body.failure.details.records).toEqual([
      expect.objectContaining({
        record: 'uoms[1]',
        problems: [expect.objectContaining({ problem: 'duplicate' })],
      }),
    ]);
  });

  it('refuses unknown consignees, units and currencies, and duplicates in one list', async () => {
    const names = freshNames();
    const { status, body } = await push({
      skus: [
        { consignee: 'NO-SUCH', code: names.sku, name: 'Water' },
        { consignee: 'NO-SUCH', code: names.sku, name: 'Water again' },
      ],
      vendors: [{ consignee: 'NO-SUCH', code: names.vendor, name: 'V', default_currency: 'ZZZ' }],
      uoms: [{ name: 'nonexistent-check' }],
    });
    expect(status).toBe(400);
    const problems = body.failure.details.records.flatMap((record: { problems: { problem: string }[] }) =>
      record.problems.map((problem) => problem.problem),
    );
    expect(problems).toEqual(expect.arrayContaining(['consignee_unknown', 'duplicate', 'currency_unknown']));
    expect(body.failure.details.records.map((record: { record: string }) => record.record)).toEqual([
      'skus[0]',
      'skus[1]',
      'vendors[0]',
    ]);
    expect(await db().select().from(uoms).where(eq(uoms.name, 'nonexistent-check'))).toEqual([]);
  });

  it('applies an event exactly once', async () => {
    const names = freshNames();
    const id = eventId();
    expect((await push(catalogOf(names), id)).status).toBe(200);
    const renamed = catalogOf(names);
    renamed.skus[0]!.name = 'Changed by a replay';
    const replay = await push(renamed, id);
    expect(replay.status).toBe(409);
    expect(replay.body.failure.code).toBe('wms_event_duplicate');
    expect((await skuOf(names.consignee, names.sku))!.name).toBe('Mineral water 1.5 l');
  });

  it('takes at most 5,000 records an event, addresses included', async () => {
    const names = freshNames();
    const tooMany = {
      uoms: Array.from({ length: catalogs.MAX_MASTER_RECORDS }, (_, i) => ({ name: `${names.uom}-${i}` })),
      currencies: [{ code: names.currency }],
    };
    const { status, body } = await push(tooMany);
    expect(status).toBe(400);
    expect(body.failure.code).toBe('malformed_api_request');
    expect(
      await db()
        .select()
        .from(uoms)
        .where(eq(uoms.name, `${names.uom}-0`)),
    ).toEqual([]);
  });

  it('applies 5,000 records in one event', async () => {
    const names = freshNames();
    await push(catalogOf(names));
    const many = {
      skus: Array.from({ length: catalogs.MAX_MASTER_RECORDS }, (_, i) => ({
        consignee: names.consignee,
        code: `${names.sku}-${i}`,
        name: `Product ${i}`,
        uom: names.uom,
      })),
    };
    const { status, body } = await push(many);
    expect(status).toBe(200);
    expect(body.master.added).toBe(catalogs.MAX_MASTER_RECORDS);
  });
});

describe('catalog lookups', () => {
  it('answers addresses by id list alone, within the caller’s companies', async () => {
    const names = freshNames();
    await push(catalogOf(names));
    const [vendor] = await db().select().from(vendors).where(eq(vendors.externalCode, names.vendor));
    const [address] = await db().select().from(addresses).where(eq(addresses.vendorId, vendor!.id));
    const own = await app.call(
      catalogs.listAddresses,
      { filters: { address_id_list: [address!.id] } },
      token,
    );
    expect(own.body.items).toEqual([
      { address_id: address!.id, code: `${names.vendor}-A`, name: 'Dock 3, Riga' },
    ]);
    const foreign = await app.call(
      catalogs.listAddresses,
      { filters: { address_id_list: [address!.id] } },
      otherToken,
    );
    expect(foreign.body.items).toEqual([]);
  });
});
