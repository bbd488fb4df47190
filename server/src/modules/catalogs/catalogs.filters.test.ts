import { catalogs } from '@extranet/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { currencies } from '../../db/schema';
import {
  adminToken,
  app,
  otherCompanyId,
  ownCompanyId,
  token,
  useCatalogContext,
} from '../../test/catalogs.context';
import {
  createAddress,
  createCustomer,
  createSku,
  createVendor,
  referenceIds,
} from '../../test/catalogs.factories';
import { createConsignee } from '../../test/factories';

useCatalogContext();

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
