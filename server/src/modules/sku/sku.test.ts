import { sku } from '@extranet/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { skuPackaging, skus } from '../../db/schema';
import { createTestApp, loginAs, type TestApp } from '../../test/app';
import { createEan, createPackaging, createSku, createVendor, type Sku } from '../../test/catalogs.factories';
import {
  type Consignee,
  createConsignee,
  createOwnAndForeignConsignees,
  createUser,
} from '../../test/factories';

let app: TestApp;
let viewerToken: string;
let managerToken: string;
let companyId: number;
let own: Consignee;
let ownSecond: Consignee;
let other: Consignee;
let vendor: Awaited<ReturnType<typeof createVendor>>;
let product: Sku;
let second: Sku;
let foreign: Sku;

beforeAll(async () => {
  app = await createTestApp();
  const db = app.deps.db;
  ({ companyId, own, other } = await createOwnAndForeignConsignees(db, 'Own'));
  ownSecond = await createConsignee(db, { companyId, name: 'Own second' });
  vendor = await createVendor(db, { consigneeId: own.id, name: 'Dairy farm' });
  product = await createSku(db, {
    consigneeId: own.id,
    name: 'Butter 200 g',
    code: 'BUT200',
    externalCode: 'E-BUT',
    manufacturerExpire: 90,
    receiveExpire: 60,
    shipExpire: 30,
    receiveTempMin: 2,
    receiveTempMax: 6,
    vendorId: vendor.id,
    commodityCode: '0405',
    productionCountry: 'LV',
    price: '1.250',
    vatRate: '21.000',
    classCode: 'DAIRY',
    orderMin: '10.000',
    orderStep: '5.000',
  });
  second = await createSku(db, { consigneeId: ownSecond.id, name: 'Apple 1 kg', externalCode: 'E-APP' });
  foreign = await createSku(db, { consigneeId: other.id, name: 'Foreign butter' });
  await createPackaging(db, {
    skuId: product.id,
    code: 'PCS',
    grossW: '0.215',
    netW: '0.200',
    width: '10.000',
    height: '3.000',
    length: '7.000',
    volume: '0.210',
    pceQty: 1,
  });
  await createPackaging(db, { skuId: product.id, code: 'BOX', pceQty: 20 });
  await createEan(db, { skuId: product.id, eanText: '4750000000017' });
  await createEan(db, { skuId: foreign.id, eanText: '4750000000024' });
  const viewer = await createUser(db, { permissions: ['stck'], companyIds: [companyId] });
  viewerToken = await loginAs(app, viewer);
  const manager = await createUser(db, { permissions: ['cmgr'], companyIds: [companyId] });
  managerToken = await loginAs(app, manager);
});

describe('sku/list_sku', () => {
  it("lists the SKUs of the user's companies by name, without packaging lines", async () => {
    const response = await app.call(sku.listSku, { filters: {} }, viewerToken);
    expect(response.status).toBe(200);
    expect(response.body.items.map((item: { sku_id: number }) => item.sku_id)).toEqual([
      second.id,
      product.id,
    ]);
    expect(response.body.items[0]).toEqual({
      sku_id: second.id,
      code: second.code,
      external_code: 'E-APP',
      name: 'Apple 1 kg',
      business_line: { business_line_id: ownSecond.businessLineId, name: expect.any(String) },
      consignee: { consignee_id: ownSecond.id, name: 'Own second' },
      storage: {
        manufacturer_expire: null,
        receive_expire: null,
        ship_expire: null,
        receive_temp_min: null,
        receive_temp_max: null,
      },
      general: {
        vendor: null,
        commodity_code: null,
        production_country: null,
        price: null,
        vat_rate: null,
        class_code: null,
        order_min: null,
        order_step: null,
        excise_code: null,
        alcohol_percent: null,
      },
    });
  });

  it('gives one SKU with its storage, general data and packaging lines', async () => {
    const response = await app.call(sku.listSku, { filters: { sku_id: product.id } }, viewerToken);
    const [item] = response.body.items;
    expect(item.storage).toEqual({
      manufacturer_expire: 90,
      receive_expire: 60,
      ship_expire: 30,
      receive_temp_min: 2,
      receive_temp_max: 6,
    });
    expect(item.general).toEqual({
      vendor: { vendor_id: vendor.id, external_code: vendor.externalCode, name: 'Dairy farm' },
      commodity_code: '0405',
      production_country: 'LV',
      price: { $decimal: '1.250' },
      vat_rate: { $decimal: '21.000' },
      class_code: 'DAIRY',
      order_min: { $decimal: '10.000' },
      order_step: { $decimal: '5.000' },
      excise_code: null,
      alcohol_percent: null,
    });
    expect(item.lines).toEqual([
      {
        sku_packaging_id: expect.any(Number),
        sku_id: product.id,
        code: 'PCS',
        gross_w: { $decimal: '0.215' },
        net_w: { $decimal: '0.200' },
        dimensions: {
          width: { $decimal: '10.000' },
          height: { $decimal: '3.000' },
          length: { $decimal: '7.000' },
        },
        volume: { $decimal: '0.210' },
        pce_qty: 1,
      },
      expect.objectContaining({ code: 'BOX', pce_qty: 20, gross_w: null }),
    ]);
  });

  it("treats another company's SKU as missing", async () => {
    const response = await app.call(sku.listSku, { filters: { sku_id: foreign.id } }, viewerToken);
    expect(response.body).toEqual({ items: [], more: false });
  });

  it('filters by consignee, business line and text, and orders by the whitelisted keys', async () => {
    const list = async (body: Record<string, unknown>) =>
      (await app.call(sku.listSku, body, viewerToken)).body.items.map(
        (item: { sku_id: number }) => item.sku_id,
      );
    expect(await list({ filters: { consignee_id: own.id } })).toEqual([product.id]);
    expect(await list({ filters: { business_line_id: ownSecond.businessLineId } })).toEqual([second.id]);
    expect(await list({ filters: { smart: 'but200' } })).toEqual([product.id]);
    expect(await list({ filters: { smart: 'e-app' } })).toEqual([second.id]);
    expect(await list({ filters: {}, ordering: '-name' })).toEqual([product.id, second.id]);
    expect(await list({ filters: {}, ordering: 'sku_id' })).toEqual([product.id, second.id]);
    expect(await list({ filters: {}, ordering: 'external_code' })).toEqual([second.id, product.id]);
    const counted = await app.call(sku.listSku, { filters: {}, count: 1, with_total: true }, viewerToken);
    expect(counted.body).toMatchObject({ total: 2, more: true });
    const refused = await app.call(sku.listSku, { filters: {}, ordering: 'price' }, viewerToken);
    expect(refused.body.failure.code).toBe('crud_order_unknown');
  });

  it('finds a SKU by its code, external code or name in any case, never across two of them', async () => {
    const list = async (smart: string) =>
      (await app.call(sku.listSku, { filters: { smart } }, viewerToken)).body.items.map(
        (item: { sku_id: number }) => item.sku_id,
      );
    // Code BUT200, external code E-BUT, name "Butter 200 g".
    expect(await list('but2')).toEqual([product.id]);
    expect(await list('E-bu')).toEqual([product.id]);
    expect(await list('BUTTER 200')).toEqual([product.id]);
    // The code's end and the external code's start are two texts, not one.
    expect(await list('200e-')).toEqual([]);
    // LIKE's wildcards are searched for as themselves.
    expect(await list('%')).toEqual([]);
    expect(await list('_')).toEqual([]);
    // The search text is the database's own: a rename by the warehouse is found at once.
    await app.deps.db.update(skus).set({ name: 'Ghee 250 g' }).where(eq(skus.id, product.id));
    try {
      expect(await list('ghee 250')).toEqual([product.id]);
      expect(await list('butter 200')).toEqual([]);
    } finally {
      await app.deps.db.update(skus).set({ name: 'Butter 200 g' }).where(eq(skus.id, product.id));
    }
  });

  it('takes sku_id beside the filters as SPEC.md writes it, the same as filters.sku_id', async () => {
    const inFilters = await app.call(sku.listSku, { filters: { sku_id: product.id } }, viewerToken);
    const topLevel = await app.call(sku.listSku, { sku_id: product.id }, viewerToken);
    expect(topLevel.body).toEqual(inFilters.body);
    expect(topLevel.body.items.map((item: { sku_id: number }) => item.sku_id)).toEqual([product.id]);
    expect(topLevel.body.items[0].lines).toHaveLength(2);
    const both = await app.call(
      sku.listSku,
      { sku_id: second.id, filters: { sku_id: second.id } },
      viewerToken,
    );
    expect(both.body.items.map((item: { sku_id: number }) => item.sku_id)).toEqual([second.id]);
    const counted = await app.call(sku.listSku, { sku_id: second.id, with_total: true }, viewerToken);
    expect(counted.body).toMatchObject({ total: 1, more: false });
    const foreignSku = await app.call(sku.listSku, { sku_id: foreign.id, with_total: true }, viewerToken);
    expect(foreignSku.body).toEqual({ items: [], more: false, total: 0 });
  });

  it('refuses sku_id and filters.sku_id naming different SKUs as malformed', async () => {
    const response = await app.call(
      sku.listSku,
      { sku_id: product.id, filters: { sku_id: second.id } },
      viewerToken,
    );
    expect(response).toMatchObject({ status: 400, body: { failure: { code: 'malformed_api_request' } } });
    const wrongType = await app.call(sku.listSku, { sku_id: 'one' }, viewerToken);
    expect(wrongType).toMatchObject({ status: 400, body: { failure: { code: 'malformed_api_request' } } });
  });

  it('is closed to users with neither stck nor cmgr', async () => {
    const user = await createUser(app.deps.db, { permissions: ['pord', 'reps'], companyIds: [companyId] });
    const response = await app.call(sku.listSku, { filters: {} }, await loginAs(app, user));
    expect(response.status).toBe(403);
  });
});

describe('sku/list_ean', () => {
  it('lists the barcodes of one SKU, never of another company', async () => {
    const response = await app.call(sku.listEan, { filters: { sku_id: product.id } }, viewerToken);
    expect(response.body.items).toEqual([
      { ean_id: expect.any(Number), sku_id: product.id, ean_text: '4750000000017', ean_type_code: 'EAN13' },
    ]);
    const foreignEans = await app.call(sku.listEan, { filters: { sku_id: foreign.id } }, viewerToken);
    expect(foreignEans.body.items).toEqual([]);
    const all = await app.call(sku.listEan, { filters: {} }, viewerToken);
    expect(all.body.items.map((item: { ean_text: string }) => item.ean_text)).toEqual(['4750000000017']);
  });

  it('takes {sku_id} as SPEC.md writes it: the barcodes of that SKU only', async () => {
    await createEan(app.deps.db, { skuId: second.id, eanText: '4750000000031' });
    const texts = (response: { body: { items: Array<{ ean_text: string }> } }) =>
      response.body.items.map((item) => item.ean_text);
    const topLevel = await app.call(sku.listEan, { sku_id: second.id }, viewerToken);
    expect(texts(topLevel)).toEqual(['4750000000031']);
    const inFilters = await app.call(sku.listEan, { filters: { sku_id: second.id } }, viewerToken);
    expect(inFilters.body).toEqual(topLevel.body);
    const both = await app.call(
      sku.listEan,
      { sku_id: product.id, filters: { sku_id: product.id } },
      viewerToken,
    );
    expect(texts(both)).toEqual(['4750000000017']);
    const foreignSku = await app.call(sku.listEan, { sku_id: foreign.id }, viewerToken);
    expect(foreignSku.body.items).toEqual([]);
    const differing = await app.call(
      sku.listEan,
      { sku_id: product.id, filters: { sku_id: second.id } },
      viewerToken,
    );
    expect(differing).toMatchObject({ status: 400, body: { failure: { code: 'malformed_api_request' } } });
  });

  it("answers total with with_total, counting only the caller's barcodes under the filters", async () => {
    await createEan(app.deps.db, { skuId: product.id, eanText: '4750000000048' });
    const page = await app.call(sku.listEan, { count: 1, with_total: true }, viewerToken);
    expect(page.body).toMatchObject({ more: true, total: 3 });
    expect(page.body.items).toHaveLength(1);
    const ofProduct = await app.call(sku.listEan, { sku_id: product.id, with_total: true }, viewerToken);
    expect(ofProduct.body).toMatchObject({ more: false, total: 2 });
    const bySmart = await app.call(sku.listEan, { filters: { smart: '048' }, with_total: true }, viewerToken);
    expect(bySmart.body).toMatchObject({ items: [{ ean_text: '4750000000048' }], total: 1 });
    const without = await app.call(sku.listEan, { sku_id: product.id }, viewerToken);
    expect(without.body).not.toHaveProperty('total');
  });
});

describe('sku/save_sku', () => {
  const validInput = () => ({
    sku_id: product.id,
    consignee_id: own.id,
    storage: {
      manufacturer_expire: 120,
      receive_expire: 80,
      ship_expire: 40,
      receive_temp_min: -25,
      receive_temp_max: -18,
    },
    general: {
      vendor_id: null,
      commodity_code: '0405 10',
      price: { $decimal: '1.5' },
      vat_rate: { $decimal: '12' },
      excise_code: '',
      alcohol_percent: null,
      order_min: { $decimal: '20' },
      order_step: { $decimal: '10' },
    },
    lines: [] as Array<Record<string, unknown>>,
  });

  it('saves storage and general data and replaces the packaging lines, computing volumes', async () => {
    const before = await app.call(sku.listSku, { filters: { sku_id: product.id } }, managerToken);
    const [pcs] = before.body.items[0].lines;
    const input = validInput();
    input.lines = [
      {
        sku_packaging_id: pcs.sku_packaging_id,
        code: 'PCS',
        gross_w: { $decimal: '0.3' },
        net_w: { $decimal: '0.25' },
        width: { $decimal: '10' },
        height: { $decimal: '4' },
        length: { $decimal: '7.5' },
      },
      {
        sku_packaging_id: null,
        code: 'PALLET',
        gross_w: null,
        net_w: null,
        width: { $decimal: '80' },
        height: { $decimal: '100' },
        length: { $decimal: '120' },
      },
    ];
    const response = await app.call(sku.saveSku, input, managerToken);
    expect(response).toEqual({ status: 200, body: {} });

    const after = await app.call(sku.listSku, { filters: { sku_id: product.id } }, viewerToken);
    const [item] = after.body.items;
    expect(item.storage).toEqual(input.storage);
    expect(item.general).toMatchObject({
      vendor: null,
      commodity_code: '0405 10',
      price: { $decimal: '1.500' },
      vat_rate: { $decimal: '12.000' },
      excise_code: null,
      order_min: { $decimal: '20.000' },
      // Fields the form does not edit stay as they were.
      production_country: 'LV',
      class_code: 'DAIRY',
    });
    expect(item.lines).toEqual([
      expect.objectContaining({
        sku_packaging_id: pcs.sku_packaging_id,
        code: 'PCS',
        gross_w: { $decimal: '0.300' },
        volume: { $decimal: '0.300' },
        pce_qty: 1,
      }),
      expect.objectContaining({ code: 'PALLET', volume: { $decimal: '960.000' } }),
    ]);
  });

  it("sets a vendor of the SKU's consignee, refuses one of another consignee", async () => {
    const input = validInput();
    input.general.vendor_id = vendor.id as never;
    expect((await app.call(sku.saveSku, input, managerToken)).body).toEqual({});
    const [row] = await app.deps.db.select().from(skus).where(eq(skus.id, product.id));
    expect(row!.vendorId).toBe(vendor.id);
    const stranger = await createVendor(app.deps.db, { consigneeId: ownSecond.id });
    input.general.vendor_id = stranger.id as never;
    const refused = await app.call(sku.saveSku, input, managerToken);
    expect(refused.body.failure.code).toBe('consignee_not_permitted');
  });

  it('refuses invalid numbers', async () => {
    const cases: Array<(input: ReturnType<typeof validInput>) => void> = [
      (input) => {
        input.storage.manufacturer_expire = -1;
      },
      (input) => {
        input.storage.receive_expire = 1.5;
      },
      (input) => {
        input.storage.receive_temp_min = 10;
        input.storage.receive_temp_max = 5;
      },
      (input) => {
        input.general.price = { $decimal: '-1' };
      },
      (input) => {
        input.general.price = { $decimal: '1.2345' };
      },
      (input) => {
        input.general.alcohol_percent = { $decimal: '101' } as never;
      },
      (input) => {
        input.general.price = 1.5 as never;
      },
      (input) => {
        input.lines = [
          {
            sku_packaging_id: null,
            code: 'X',
            gross_w: null,
            net_w: null,
            width: { $decimal: '100001' },
            height: null,
            length: null,
          },
        ];
      },
      (input) => {
        input.lines = [
          {
            sku_packaging_id: null,
            code: '',
            gross_w: null,
            net_w: null,
            width: null,
            height: null,
            length: null,
          },
        ];
      },
    ];
    for (const change of cases) {
      const input = validInput();
      change(input);
      const response = await app.call(sku.saveSku, input, managerToken);
      expect(response.status, JSON.stringify(input)).toBe(400);
      expect(response.body.failure.code).toBe('malformed_api_request');
    }
  });

  it('refuses packaging lines of another SKU', async () => {
    const otherLine = await createPackaging(app.deps.db, { skuId: second.id, code: 'PCS' });
    const input = validInput();
    input.lines = [
      {
        sku_packaging_id: otherLine.id,
        code: 'PCS',
        gross_w: null,
        net_w: null,
        width: null,
        height: null,
        length: null,
      },
    ];
    const response = await app.call(sku.saveSku, input, managerToken);
    expect(response.body.failure.code).toBe('malformed_api_request');
    const [line] = await app.deps.db.select().from(skuPackaging).where(eq(skuPackaging.id, otherLine.id));
    expect(line!.skuId).toBe(second.id);
  });

  it("refuses another company's SKU and consignee, and a SKU of another consignee", async () => {
    const foreignSku = { ...validInput(), sku_id: foreign.id, consignee_id: other.id };
    expect((await app.call(sku.saveSku, foreignSku, managerToken)).body.failure.code).toBe(
      'consignee_not_permitted',
    );
    const mismatched = { ...validInput(), sku_id: second.id, consignee_id: own.id };
    expect((await app.call(sku.saveSku, mismatched, managerToken)).body.failure.code).toBe('sku_not_found');
    const missing = { ...validInput(), sku_id: 999_999 };
    expect((await app.call(sku.saveSku, missing, managerToken)).body.failure.code).toBe('sku_not_found');
  });

  it('is gated by cmgr', async () => {
    const response = await app.call(sku.saveSku, validInput(), viewerToken);
    expect(response).toMatchObject({ status: 403, body: { failure: { code: 'forbidden' } } });
  });
});
