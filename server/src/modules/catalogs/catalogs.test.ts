import { catalogs } from '@extranet/contract';
import { describe, expect, it } from 'vitest';
import {
  assertAddressPermitted,
  assertCompanyPermitted,
  assertConsigneePermitted,
  assertPartyPermitted,
  assertReferencesExist,
  assertSkusPermitted,
} from '../../access/tenancy';
import type { Actor } from '../../http/session';
import { loginAs } from '../../test/app';
import {
  adminToken,
  app,
  other,
  otherCompanyId,
  own,
  ownCompanyId,
  ownSecond,
  token,
  useCatalogContext,
} from '../../test/catalogs.context';
import { createAddress, createCustomer, createSku, createVendor } from '../../test/catalogs.factories';
import { createUser } from '../../test/factories';

useCatalogContext();

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
