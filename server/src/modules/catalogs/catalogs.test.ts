import { catalogs } from '@extranet/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  assertAddressPermitted,
  assertCompanyPermitted,
  assertConsigneePermitted,
  assertPartyPermitted,
  assertReferencesExist,
  assertSkusPermitted,
} from '../../access/tenancy';
import { currencies } from '../../db/schema';
import type { Actor } from '../../http/session';
import { createTestApp, loginAs, type TestApp } from '../../test/app';
import {
  createAddress,
  createCustomer,
  createSku,
  createVendor,
  referenceIds,
} from '../../test/catalogs.factories';
import { createCompany, createConsignee, createUser } from '../../test/factories';

let app: TestApp;
let own: Awaited<ReturnType<typeof createConsignee>>;
let ownSecond: Awaited<ReturnType<typeof createConsignee>>;
let other: Awaited<ReturnType<typeof createConsignee>>;
let ownCompanyId: number;
let otherCompanyId: number;
let token: string;
let adminToken: string;

function actorOf(options: { companyIds: number[]; isAdmin?: boolean }): Actor {
  return {
    sessionId: 0,
    token: '',
    userId: 0,
    username: 'x',
    fio: null,
    email: null,
    lang: 'en',
    role: options.isAdmin ? 99 : 1,
    limited: false,
    secondFactorSetup: false,
    permissions: new Set(['pord']),
    companyIds: options.companyIds,
    isAdmin: options.isAdmin ?? false,
    hasNewNotifications: false,
  };
}

beforeAll(async () => {
  app = await createTestApp();
  const db = app.deps.db;
  const company = await createCompany(db);
  const otherCompany = await createCompany(db);
  ownCompanyId = company.id;
  otherCompanyId = otherCompany.id;
  own = await createConsignee(db, { companyId: company.id, name: 'Alpha Retail' });
  ownSecond = await createConsignee(db, { companyId: company.id, name: 'Beta Wholesale' });
  other = await createConsignee(db, { companyId: otherCompany.id, name: 'Alpha Foreign' });
  const user = await createUser(db, { permissions: ['pord'], companyIds: [company.id] });
  token = await loginAs(app, user);
  const admin = await createUser(db, { roleId: 99, permissions: ['pord'] });
  adminToken = await loginAs(app, admin);
});

describe('catalogs/consignee/list', () => {
  it("lists only the consignees of the user's companies, by name", async () => {
    const response = await app.call(catalogs.listConsignees, { filters: {}, count: 100 }, token);
    expect(response.status).toBe(200);
    expect(response.body.items).toEqual([
      {
        consignee_id: own.id,
        name: 'Alpha Retail',
        business_line: { business_line_id: own.businessLineId, name: expect.any(String) },
        company_id: ownCompanyId,
      },
      expect.objectContaining({ consignee_id: ownSecond.id, name: 'Beta Wholesale' }),
    ]);
    expect(response.body.more).toBe(false);
  });

  it('lists every company for role 99', async () => {
    const response = await app.call(catalogs.listConsignees, { filters: { smart: 'alpha' } }, adminToken);
    expect(response.body.items.map((item: { consignee_id: number }) => item.consignee_id)).toEqual([
      other.id,
      own.id,
    ]);
  });

  it('treats an id of another company as missing', async () => {
    const response = await app.call(
      catalogs.listConsignees,
      { filters: { consignee_id_list: [other.id, own.id] } },
      token,
    );
    expect(response.body.items.map((item: { consignee_id: number }) => item.consignee_id)).toEqual([own.id]);
  });

  it('filters by smart text, business line, and pages with more', async () => {
    const bySmart = await app.call(catalogs.listConsignees, { filters: { smart: 'beta' } }, token);
    expect(bySmart.body.items).toHaveLength(1);
    const byLine = await app.call(
      catalogs.listConsignees,
      { filters: { business_line_id: ownSecond.businessLineId } },
      token,
    );
    expect(byLine.body.items.map((item: { consignee_id: number }) => item.consignee_id)).toEqual([
      ownSecond.id,
    ]);
    const first = await app.call(catalogs.listConsignees, { filters: {}, page: 0, count: 1 }, token);
    expect(first.body).toMatchObject({ more: true, items: [{ consignee_id: own.id }] });
    const second = await app.call(catalogs.listConsignees, { filters: {}, page: 1, count: 1 }, token);
    expect(second.body).toMatchObject({ more: false, items: [{ consignee_id: ownSecond.id }] });
    const descending = await app.call(catalogs.listConsignees, { filters: {}, ordering: '-name' }, token);
    expect(descending.body.items[0].consignee_id).toBe(ownSecond.id);
  });

  it('refuses unknown filters and orderings', async () => {
    const filter = await app.call(catalogs.listConsignees, { filters: { company_id: 1 } }, token);
    expect(filter).toMatchObject({ status: 400, body: { failure: { code: 'crud_filter_unknown' } } });
    const type = await app.call(catalogs.listConsignees, { filters: { business_line_id: 'x' } }, token);
    expect(type).toMatchObject({ status: 400, body: { failure: { code: 'crud_filter_invalid_type' } } });
    const ordering = await app.call(catalogs.listConsignees, { filters: {}, ordering: 'company' }, token);
    expect(ordering).toMatchObject({ status: 400, body: { failure: { code: 'crud_order_unknown' } } });
  });

  it('is closed to users without any catalog permission', async () => {
    const user = await createUser(app.deps.db, { permissions: ['reps'], companyIds: [ownCompanyId] });
    const response = await app.call(catalogs.listConsignees, {}, await loginAs(app, user));
    expect(response).toMatchObject({ status: 403, body: { failure: { code: 'forbidden' } } });
    const anonymous = await app.call(catalogs.listConsignees, {});
    expect(anonymous.status).toBe(401);
  });
});

describe('catalogs/vendor/list and customer/list', () => {
  it('lists the parties of permitted consignees only, filtered by consignee and for_order', async () => {
    const db = app.deps.db;
    const mine = await createVendor(db, { consigneeId: own.id, name: 'Zeta Farms', defaultCurrencyId: 1 });
    const mineToo = await createVendor(db, { consigneeId: ownSecond.id, name: 'Zeta Mills' });
    await createVendor(db, { consigneeId: other.id, name: 'Zeta Foreign' });

    const all = await app.call(catalogs.listVendors, { filters: { smart: 'zeta' } }, token);
    expect(all.body.items).toEqual([
      { vendor_id: mine.id, external_code: mine.externalCode, name: 'Zeta Farms', default_currency_id: 1 },
      {
        vendor_id: mineToo.id,
        external_code: mineToo.externalCode,
        name: 'Zeta Mills',
        default_currency_id: null,
      },
    ]);
    const forOrderWithout = await app.call(catalogs.listVendors, { filters: { for_order: true } }, token);
    expect(forOrderWithout.body.items).toEqual([]);
    const forOrder = await app.call(
      catalogs.listVendors,
      { filters: { for_order: true, consignee_id: ownSecond.id } },
      token,
    );
    expect(forOrder.body.items.map((item: { vendor_id: number }) => item.vendor_id)).toEqual([mineToo.id]);
    const foreign = await app.call(catalogs.listVendors, { filters: { consignee_id: other.id } }, token);
    expect(foreign.body.items).toEqual([]);
    const byCode = await app.call(catalogs.listVendors, { filters: { smart: mine.externalCode } }, token);
    expect(byCode.body.items[0].vendor_id).toBe(mine.id);
  });

  it('lists customers the same way', async () => {
    const db = app.deps.db;
    const mine = await createCustomer(db, { consigneeId: own.id, name: 'Kappa Shop' });
    const foreign = await createCustomer(db, { consigneeId: other.id, name: 'Kappa Foreign' });
    const response = await app.call(
      catalogs.listCustomers,
      { filters: { customer_id_list: [mine.id, foreign.id] } },
      token,
    );
    expect(response.body.items).toEqual([
      {
        customer_id: mine.id,
        external_code: mine.externalCode,
        name: 'Kappa Shop',
        default_currency_id: null,
      },
    ]);
  });
});

describe('catalogs/address/list', () => {
  it('lists nothing without a vendor or customer, and never addresses of another company', async () => {
    const db = app.deps.db;
    const vendor = await createVendor(db, { consigneeId: own.id });
    const foreignVendor = await createVendor(db, { consigneeId: other.id });
    const customer = await createCustomer(db, { consigneeId: own.id });
    const address = await createAddress(db, { vendorId: vendor.id, name: 'Main warehouse' });
    await createAddress(db, { vendorId: foreignVendor.id });
    const customerAddress = await createAddress(db, { customerId: customer.id, name: 'Shop' });

    const none = await app.call(catalogs.listAddresses, { filters: {} }, token);
    expect(none.body).toEqual({ items: [], more: false });
    // Ids alone are a lookup, as in every other catalog.
    const byId = await app.call(
      catalogs.listAddresses,
      { filters: { address_id_list: [address.id] } },
      token,
    );
    expect(byId.body.items).toEqual([{ address_id: address.id, code: address.code, name: 'Main warehouse' }]);
    const ofVendor = await app.call(catalogs.listAddresses, { filters: { vendor_id: vendor.id } }, token);
    expect(ofVendor.body.items).toEqual([
      { address_id: address.id, code: address.code, name: 'Main warehouse' },
    ]);
    const foreign = await app.call(
      catalogs.listAddresses,
      { filters: { vendor_id: foreignVendor.id } },
      token,
    );
    expect(foreign.body.items).toEqual([]);
    const two = await app.call(
      catalogs.listAddresses,
      { filters: { customer_id: customer.id }, page: 0, count: 2 },
      token,
    );
    expect(two.body).toEqual({
      items: [{ address_id: customerAddress.id, code: customerAddress.code, name: 'Shop' }],
      more: false,
    });
  });
});

describe('catalogs/sku/list', () => {
  it('lists the SKUs of permitted consignees by name, code or external code', async () => {
    const db = app.deps.db;
    const sku = await createSku(db, { consigneeId: own.id, name: 'Rye bread', externalCode: 'RYE-1' });
    const other1 = await createSku(db, { consigneeId: ownSecond.id, name: 'Rye flakes' });
    await createSku(db, { consigneeId: other.id, name: 'Rye foreign' });

    const bySmart = await app.call(catalogs.listSkus, { filters: { smart: 'rye' } }, token);
    expect(bySmart.body.items).toEqual([
      { sku_id: sku.id, external_code: 'RYE-1', name: 'Rye bread' },
      { sku_id: other1.id, external_code: other1.externalCode, name: 'Rye flakes' },
    ]);
    const byCode = await app.call(catalogs.listSkus, { filters: { smart: 'rye-1' } }, token);
    expect(byCode.body.items).toHaveLength(1);
    const byLine = await app.call(
      catalogs.listSkus,
      { filters: { smart: 'rye', business_line_id: ownSecond.businessLineId } },
      token,
    );
    expect(byLine.body.items.map((item: { sku_id: number }) => item.sku_id)).toEqual([other1.id]);
    const forOrder = await app.call(catalogs.listSkus, { filters: { for_order: true } }, token);
    expect(forOrder.body.items).toEqual([]);
    const ofConsignee = await app.call(
      catalogs.listSkus,
      { filters: { for_order: true, consignee_id: own.id, smart: 'rye' } },
      token,
    );
    expect(ofConsignee.body.items.map((item: { sku_id: number }) => item.sku_id)).toEqual([sku.id]);
  });
});

describe('global catalogs', () => {
  it('lists currencies, units of measure and locations with id lists and smart search', async () => {
    const currencies = await app.call(catalogs.listCurrencies, { filters: {} }, token);
    expect(currencies.body.items.map((item: { code: string }) => item.code)).toEqual(['EUR', 'GBP', 'USD']);
    const eur = currencies.body.items[0];
    const byId = await app.call(
      catalogs.listCurrencies,
      { filters: { currency_id_list: [eur.currency_id] } },
      token,
    );
    expect(byId.body.items).toEqual([eur]);
    const uoms = await app.call(catalogs.listUoms, { filters: { smart: 'pal' } }, token);
    expect(uoms.body.items).toEqual([
      { uom_id: expect.any(Number), name: 'pallet', code: 'pallet', counted: true },
    ]);
    // A unit is named in the reader's language, and found by that name too.
    const russian = await app.call(catalogs.listUoms, { filters: { smart: 'палл' } }, token, 'ru');
    expect(russian.body.items).toEqual([
      { uom_id: uoms.body.items[0].uom_id, name: 'палл.', code: 'pallet', counted: true },
    ]);
    const latvian = await app.call(catalogs.listUoms, { filters: { smart: 'pcs' } }, token, 'lv');
    expect(latvian.body.items.map((item: { name: string; code: string }) => [item.name, item.code])).toEqual([
      ['gab.', 'pcs'],
    ]);
    // Kilograms are measured, so a quantity in them takes decimals.
    const kg = await app.call(catalogs.listUoms, { filters: { smart: 'kg' } }, token);
    expect(kg.body.items).toEqual([expect.objectContaining({ counted: false })]);
    const locations = await app.call(catalogs.listLocations, { filters: { smart: 'riga' } }, token);
    expect(locations.body.items.map((item: { label: string }) => item.label)).toEqual([
      'Riga Central',
      'Riga North',
    ]);
    const empty = await app.call(catalogs.listLocations, { filters: { location_id_list: [] } }, token);
    expect(empty.body.items).toEqual([]);
  });
});

describe('the filter set of SPEC.md §7 on every catalog', () => {
  const LISTS = {
    consignee: { call: catalogs.listConsignees, id: 'consignee_id' },
    vendor: { call: catalogs.listVendors, id: 'vendor_id' },
    customer: { call: catalogs.listCustomers, id: 'customer_id' },
    address: { call: catalogs.listAddresses, id: 'address_id' },
    sku: { call: catalogs.listSkus, id: 'sku_id' },
    currency: { call: catalogs.listCurrencies, id: 'currency_id' },
    uom: { call: catalogs.listUoms, id: 'uom_id' },
    location: { call: catalogs.listLocations, id: 'location_id' },
  } as const;
  type Catalog = keyof typeof LISTS;
  type Key = Exclude<keyof catalogs.CatalogFilters, 'smart'>;
  const CATALOGS = Object.keys(LISTS) as Catalog[];
  const KEYS = Object.keys(catalogs.CatalogFilters.shape).filter((key) => key !== 'smart') as Key[];

  /** The fixture's rows: consignees A, B (own company) and X (another company), their parties… */
  type Name =
    | `${'c' | 'v' | 'k'}${'A' | 'B' | 'X'}`
    | `${'av' | 'ak' | 's'}${'A' | 'B'}`
    | 'blA'
    | 'eur'
    | 'uom'
    | 'location';
  let ids: Record<Name, number>;
  /** The external codes of the A side and of company X's rows (which no key ever lists). */
  let codesOfAAndX: string[];
  const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

  beforeAll(async () => {
    const db = app.deps.db;
    const cA = await createConsignee(db, { companyId: ownCompanyId, name: 'Omega A' });
    const cB = await createConsignee(db, { companyId: ownCompanyId, name: 'Omega B' });
    const cX = await createConsignee(db, { companyId: otherCompanyId, name: 'Omega X' });
    const [eur] = await db.select().from(currencies).where(eq(currencies.code, 'EUR'));
    const refs = await referenceIds(db);
    const vA = await createVendor(db, {
      consigneeId: cA.id,
      name: 'Omega vendor A',
      defaultCurrencyId: eur!.id,
    });
    const vB = await createVendor(db, { consigneeId: cB.id, name: 'Omega vendor B' });
    const vX = await createVendor(db, { consigneeId: cX.id, name: 'Omega vendor X' });
    const kA = await createCustomer(db, {
      consigneeId: cA.id,
      name: 'Omega customer A',
      defaultCurrencyId: eur!.id,
    });
    const kB = await createCustomer(db, { consigneeId: cB.id, name: 'Omega customer B' });
    const kX = await createCustomer(db, { consigneeId: cX.id, name: 'Omega customer X' });
    const avA = await createAddress(db, { vendorId: vA.id, name: 'Omega vendor address A' });
    const avB = await createAddress(db, { vendorId: vB.id, name: 'Omega vendor address B' });
    await createAddress(db, { vendorId: vX.id, name: 'Omega vendor address X' });
    const akA = await createAddress(db, { customerId: kA.id, name: 'Omega customer address A' });
    const akB = await createAddress(db, { customerId: kB.id, name: 'Omega customer address B' });
    await createAddress(db, { customerId: kX.id, name: 'Omega customer address X' });
    const sA = await createSku(db, { consigneeId: cA.id, vendorId: vA.id, name: 'Omega SKU A' });
    const sB = await createSku(db, { consigneeId: cB.id, name: 'Omega SKU B' });
    const sX = await createSku(db, { consigneeId: cX.id, vendorId: vX.id, name: 'Omega SKU X' });
    codesOfAAndX = [vA, kA, sA, vX, kX, sX].map((row) => row.externalCode);
    ids = {
      ...{ cA: cA.id, cB: cB.id, cX: cX.id, vA: vA.id, vB: vB.id, vX: vX.id, kA: kA.id, kB: kB.id },
      ...{ kX: kX.id, avA: avA.id, avB: avB.id, akA: akA.id, akB: akB.id, sA: sA.id, sB: sB.id },
      ...{ blA: cA.businessLineId, eur: eur!.id, uom: refs.uomId, location: refs.locationId },
    };
  });

  /** Each key's value: the A side of the fixture, so that a key applied always narrows the list. */
  function filterValue(key: Key): unknown {
    const values: Record<Key, unknown> = {
      address_id_list: [ids.avA],
      consignee_id_list: [ids.cA],
      customer_id_list: [ids.kA],
      vendor_id_list: [ids.vA],
      sku_id_list: [ids.sA],
      external_code_list: codesOfAAndX,
      currency_id_list: [ids.eur],
      uom_id_list: [ids.uom],
      location_id_list: [ids.location],
      consignee_id: ids.cA,
      vendor_id: ids.vA,
      customer_id: ids.kA,
      for_order: true,
      business_line_id: ids.blA,
    };
    return values[key];
  }

  /**
   * The filters every case of a catalog starts from, and what each key that applies to it lists
   * (names of fixture rows); a key left out is ignored there, so the list is the base one.
   */
  function expectationsOf(catalog: Catalog): {
    base: Record<string, unknown>;
    applied: Partial<Record<Key, Name[]>>;
  } {
    const ofConsigneeA = (names: Name[]) => ({
      consignee_id_list: names,
      consignee_id: names,
      business_line_id: names,
    });
    switch (catalog) {
      case 'consignee':
        return { base: { smart: 'omega' }, applied: ofConsigneeA(['cA']) };
      case 'vendor':
        return {
          base: { smart: 'omega' },
          applied: {
            ...ofConsigneeA(['vA']),
            vendor_id_list: ['vA'],
            vendor_id: ['vA'],
            currency_id_list: ['vA'],
            external_code_list: ['vA'],
            for_order: [],
          },
        };
      case 'customer':
        return {
          base: { smart: 'omega' },
          applied: {
            ...ofConsigneeA(['kA']),
            customer_id_list: ['kA'],
            customer_id: ['kA'],
            currency_id_list: ['kA'],
            external_code_list: ['kA'],
            for_order: [],
          },
        };
      case 'address':
        return {
          base: { smart: 'omega', consignee_id_list: [ids.cA, ids.cB] },
          applied: {
            ...ofConsigneeA(['avA', 'akA']),
            address_id_list: ['avA'],
            vendor_id_list: ['avA'],
            vendor_id: ['avA'],
            customer_id_list: ['akA'],
            customer_id: ['akA'],
          },
        };
      case 'sku':
        return {
          base: { smart: 'omega' },
          applied: {
            ...ofConsigneeA(['sA']),
            sku_id_list: ['sA'],
            vendor_id: ['sA'],
            vendor_id_list: ['sA'],
            external_code_list: ['sA'],
            for_order: [],
          },
        };
      case 'currency':
        return { base: {}, applied: { currency_id_list: ['eur'] } };
      case 'uom':
        return { base: {}, applied: { uom_id_list: ['uom'] } };
      case 'location':
        return { base: {}, applied: { location_id_list: ['location'] } };
    }
  }

  async function listIds(catalog: Catalog, filters: Record<string, unknown>) {
    const { call, id } = LISTS[catalog];
    const response = await app.call(call, { filters, count: 1000, with_total: true }, token);
    expect(response.status).toBe(200);
    const items: number[] = response.body.items.map((item: Record<string, number>) => item[id]);
    expect(response.body.total).toBe(items.length);
    return sorted(items);
  }

  const CASES = CATALOGS.flatMap((catalog) => KEYS.map((key) => [catalog, key] as const));

  it.each(CASES)('%s list with %s: applied where it links the rows, else ignored', async (catalog, key) => {
    const { base, applied } = expectationsOf(catalog);
    const baseline = await listIds(catalog, base);
    expect(baseline.length).toBeGreaterThan(1);
    const listed = await listIds(catalog, { ...base, [key]: filterValue(key) });
    const expected = applied[key];
    if (expected === undefined) expect(listed).toEqual(baseline);
    else expect(listed).toEqual(sorted(expected.map((name) => ids[name])));
  });

  it.each(CATALOGS)(
    '%s list checks the types of the whole set and refuses keys outside it',
    async (catalog) => {
      const { call } = LISTS[catalog];
      for (const filters of [{ for_order: 'yes' }, { vendor_id_list: [0] }, { business_line_id: '1' }]) {
        const response = await app.call(call, { filters }, token);
        expect(response).toMatchObject({
          status: 400,
          body: { failure: { code: 'crud_filter_invalid_type' } },
        });
      }
      const unknown = await app.call(call, { filters: { company_id: ownCompanyId } }, token);
      expect(unknown).toMatchObject({ status: 400, body: { failure: { code: 'crud_filter_unknown' } } });
    },
  );

  it.each(CATALOGS)('%s list answers total only with with_total, over every page', async (catalog) => {
    const { call } = LISTS[catalog];
    const { base } = expectationsOf(catalog);
    const all = await listIds(catalog, base);
    const first = await app.call(call, { filters: base, count: 1, with_total: true }, token);
    expect(first.body).toMatchObject({ more: true, total: all.length });
    expect(first.body.items).toHaveLength(1);
    const without = await app.call(call, { filters: base, count: 1 }, token);
    expect(without.body).not.toHaveProperty('total');
  });

  it("never lists another company's rows, whatever key names them", async () => {
    const foreign = { smart: 'omega', consignee_id: ids.cX };
    expect(await listIds('consignee', foreign)).toEqual([]);
    expect(await listIds('vendor', foreign)).toEqual([]);
    expect(await listIds('sku', { smart: 'omega', vendor_id: ids.vX })).toEqual([]);
    expect(await listIds('address', foreign)).toEqual([]);
    expect(await listIds('address', { vendor_id_list: [ids.vX, ids.vA] })).toEqual([ids.avA]);
    const asAdmin = await app.call(
      catalogs.listAddresses,
      { filters: foreign, with_total: true },
      adminToken,
    );
    expect(asAdmin.body.total).toBe(2);
  });

  it('lists addresses for a consignee alone or by ids, but not for a business line alone', async () => {
    expect(await listIds('address', { consignee_id: ids.cB })).toEqual(sorted([ids.avB, ids.akB]));
    expect(await listIds('address', { business_line_id: ids.blA })).toEqual([]);
    expect(await listIds('address', { address_id_list: [ids.avA] })).toEqual([ids.avA]);
    expect(await listIds('vendor', { for_order: true, consignee_id: ids.cB, smart: 'omega' })).toEqual([
      ids.vB,
    ]);
  });
});

describe('access helpers', () => {
  it('refuses consignees, parties, addresses and SKUs of another company as not permitted', async () => {
    const db = app.deps.db;
    const actor = actorOf({ companyIds: [ownCompanyId] });
    await expect(assertConsigneePermitted(db, actor, own.id)).resolves.toMatchObject({ id: own.id });
    await expect(assertConsigneePermitted(db, actor, other.id)).rejects.toMatchObject({
      code: 'consignee_not_permitted',
    });
    await expect(assertConsigneePermitted(db, actor, 999_999)).rejects.toMatchObject({
      code: 'consignee_not_permitted',
    });
    await expect(
      assertConsigneePermitted(db, actorOf({ companyIds: [], isAdmin: true }), other.id),
    ).resolves.toBeDefined();

    await expect(assertCompanyPermitted(db, actor, otherCompanyId)).rejects.toMatchObject({
      code: 'company_not_permitted',
    });
    await expect(assertCompanyPermitted(db, actor, ownCompanyId)).resolves.toMatchObject({
      id: ownCompanyId,
    });

    const vendor = await createVendor(db, { consigneeId: own.id });
    await expect(
      assertPartyPermitted(db, actor, 'vendor', vendor.id, { consigneeId: own.id }),
    ).resolves.toMatchObject({ id: vendor.id, consigneeId: own.id });
    await expect(
      assertPartyPermitted(db, actor, 'vendor', vendor.id, { consigneeId: ownSecond.id }),
    ).rejects.toMatchObject({ code: 'consignee_not_permitted', details: { vendor_id: vendor.id } });
    const customer = await createCustomer(db, { consigneeId: own.id, defaultCurrencyId: 1 });
    await expect(assertPartyPermitted(db, actor, 'customer', customer.id)).resolves.toEqual({
      id: customer.id,
      consigneeId: own.id,
      defaultCurrencyId: 1,
    });
    const foreignCustomer = await createCustomer(db, { consigneeId: other.id });
    await expect(assertPartyPermitted(db, actor, 'customer', foreignCustomer.id)).rejects.toMatchObject({
      code: 'consignee_not_permitted',
      details: { customer_id: foreignCustomer.id },
    });
    await expect(
      assertPartyPermitted(db, actorOf({ companyIds: [], isAdmin: true }), 'customer', foreignCustomer.id),
    ).resolves.toBeDefined();
    const address = await createAddress(db, { vendorId: vendor.id });
    await expect(
      assertAddressPermitted(db, actor, address.id, { vendorId: vendor.id }),
    ).resolves.toBeDefined();
    await expect(assertAddressPermitted(db, actor, address.id, { customerId: 1 })).rejects.toMatchObject({
      code: 'consignee_not_permitted',
    });

    const sku = await createSku(db, { consigneeId: own.id });
    const foreignSku = await createSku(db, { consigneeId: other.id });
    await expect(
      assertSkusPermitted(db, actor, [sku.id, sku.id], { consigneeId: own.id }),
    ).resolves.toHaveLength(1);
    await expect(assertSkusPermitted(db, actor, [sku.id, foreignSku.id])).rejects.toMatchObject({
      code: 'consignee_not_permitted',
      details: { sku_id_list: [foreignSku.id] },
    });

    await expect(
      assertReferencesExist(db, { currencyId: 1, uomIds: [1, null], locationId: 1 }),
    ).resolves.toBe(undefined);
    await expect(assertReferencesExist(db, { uomIds: [999] })).rejects.toMatchObject({
      code: 'malformed_api_request',
    });
  });
});
