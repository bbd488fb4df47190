import type { sku } from '@extranet/contract';
import { describe, expect, it } from 'vitest';
import { emptyLine, SkuFormSchema, type SkuFormValues, toFormValues, toSaveRequest } from './sku-form';

const ITEM: sku.SkuRow = {
  sku_id: 7,
  code: 'BUT200',
  external_code: 'E-BUT',
  name: 'Butter 200 g',
  business_line: { business_line_id: 1, name: 'Retail' },
  consignee: { consignee_id: 3, name: 'Own' },
  storage: {
    manufacturer_expire: 90,
    receive_expire: null,
    ship_expire: 30,
    receive_temp_min: -25,
    receive_temp_max: -18,
  },
  general: {
    vendor: { vendor_id: 4, external_code: 'V1', name: 'Dairy' },
    commodity_code: '0405',
    production_country: 'LV',
    price: '1.250',
    vat_rate: '21.000',
    class_code: null,
    order_min: null,
    order_step: '5.000',
    excise_code: null,
    alcohol_percent: null,
  },
  lines: [
    {
      sku_packaging_id: 11,
      sku_id: 7,
      code: 'PCS',
      gross_w: '0.215',
      net_w: '0.200',
      dimensions: { width: '10.000', height: null, length: '7.500' },
      volume: null,
      pce_qty: 1,
    },
  ],
};

function values(change: (form: SkuFormValues) => void = () => {}): SkuFormValues {
  const form = toFormValues(ITEM);
  change(form);
  return form;
}

function messages(form: SkuFormValues): string[] {
  const result = SkuFormSchema.safeParse(form);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('the SKU edit form', () => {
  it('starts from the SKU and saves it back unchanged, decimals as text', () => {
    const output = SkuFormSchema.parse(values());
    expect(toSaveRequest(ITEM, output)).toEqual({
      sku_id: 7,
      consignee_id: 3,
      storage: ITEM.storage,
      general: {
        vendor_id: 4,
        commodity_code: '0405',
        price: '1.25',
        vat_rate: '21',
        excise_code: null,
        alcohol_percent: null,
        order_min: null,
        order_step: '5',
      },
      lines: [
        {
          sku_packaging_id: 11,
          code: 'PCS',
          gross_w: '0.215',
          net_w: '0.2',
          width: '10',
          height: null,
          length: '7.5',
        },
      ],
    });
  });

  it('takes numbers as typed: an empty input is none, never zero', () => {
    const output = SkuFormSchema.parse(
      values((form) => {
        form.storage.manufacturer_expire = '';
        form.general.price = 0.1;
        form.general.alcohol_percent = '12.5';
      }),
    );
    expect(output.storage.manufacturer_expire).toBeNull();
    expect(output.general.price).toBe('0.1');
    expect(output.general.alcohol_percent).toBe('12.5');
  });

  it('refuses a maximum temperature below the minimum', () => {
    expect(
      messages(
        values((form) => {
          form.storage.receive_temp_min = 8;
          form.storage.receive_temp_max = 4;
        }),
      ),
    ).toEqual(['storage.receive_temp_max: sku.edit.tempRange']);
  });

  it('refuses fractions of days and degrees, negative or oversized amounts, too many decimals', () => {
    expect(
      messages(
        values((form) => {
          form.storage.ship_expire = 1.5;
        }),
      ),
    ).toEqual(['storage.ship_expire: sku.edit.wholeNumber']);
    expect(
      messages(
        values((form) => {
          form.storage.receive_expire = -1;
        }),
      ),
    ).toEqual(['storage.receive_expire: sku.edit.range']);
    expect(
      messages(
        values((form) => {
          form.general.price = -2;
        }),
      ),
    ).toEqual(['general.price: sku.edit.range']);
    expect(
      messages(
        values((form) => {
          form.general.alcohol_percent = 101;
        }),
      ),
    ).toEqual(['general.alcohol_percent: sku.edit.range']);
    expect(
      messages(
        values((form) => {
          form.general.order_min = '1.2345';
        }),
      ),
    ).toEqual(['general.order_min: sku.edit.range']);
  });

  it('needs a code for a new packaging line', () => {
    expect(messages(values((form) => void form.lines.push(emptyLine())))).toEqual([
      'lines.1.code: validation.required',
    ]);
  });
});
