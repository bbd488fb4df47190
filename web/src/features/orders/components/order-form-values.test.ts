import { describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { toAmount } from './amount-inputs';
import { parseDate } from './date-field';
import { formatDecimal, formatMoney, formatPrice } from './format';
import {
  editFieldsOf,
  emptyLine,
  OrderFormSchema,
  type OrderFormValues,
  orderFormSchema,
} from './order-form-values';

function values(overrides: Partial<OrderFormValues> = {}): OrderFormValues {
  return {
    party_id: 7,
    address_id: 70,
    reference: '  ',
    delivery_address_id: 71,
    delivery_name: ' Shop 5 ',
    delivery_date: '2099-01-31',
    due_days: 30,
    currency_id: 1,
    location_id: 2,
    truck_number: '',
    external_code: '',
    self_picking: true,
    is_return: false,
    comments: '',
    lines: [],
    ...overrides,
  };
}

describe('the edit form of an order', () => {
  it('sends the external code trimmed, and an empty one as none', () => {
    expect(editFieldsOf('purch', values({ external_code: ' PO-9 ' })).external_code).toBe('PO-9');
    expect(editFieldsOf('purch', values({ external_code: '  ' })).external_code).toBeNull();
  });

  it('drops deleted lines and lines without a SKU, and sends decimals as text', () => {
    const fields = editFieldsOf(
      'sales',
      values({
        lines: [
          { ...emptyLine(1), sku_id: 10, ordered_qty: 12, price: 2.505, batch: 'B1', expiry_date: '' },
          { ...emptyLine(1), sku_id: 11, ordered_qty: 1, deleted: true },
          { ...emptyLine(1), ordered_qty: 3 },
          { ...emptyLine(null), sku_id: 12, ordered_qty: '', price: '' },
        ],
      }),
    );
    expect(fields.lines).toEqual([
      { sku_id: 10, ordered_qty: '12', uom_id: 1, price: '2.505', batch: 'B1', expiry_date: null },
      { sku_id: 12, ordered_qty: null, uom_id: null, price: null, batch: null, expiry_date: null },
    ]);
    expect(fields).toMatchObject({
      customer_id: 7,
      customer_reference: null,
      delivery_name: 'Shop 5',
      due_days: '30',
      truck_number: null,
      comments: null,
    });
  });

  it('sends no addresses without a vendor', () => {
    const fields = editFieldsOf('purch', values({ party_id: null }));
    expect(fields).toMatchObject({ vendor_id: null, vendor_address_id: null });
    expect(fields).not.toHaveProperty('due_days');
  });

  it('refuses a delivery date before today and the same SKU twice', () => {
    const result = OrderFormSchema.safeParse(
      values({
        delivery_date: '2000-01-01',
        lines: [
          { ...emptyLine(1), sku_id: 10 },
          { ...emptyLine(1), sku_id: 10, deleted: true },
          { ...emptyLine(1), sku_id: 10 },
        ],
      }),
    );
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual([
      ['delivery_date', 'validation.greaterDate'],
      ['lines.2.sku_id', 'orders.edit.duplicateSku'],
    ]);
  });

  it('refuses a delivery date the field could not read, kept as typed', () => {
    const result = OrderFormSchema.safeParse(values({ delivery_date: '15/01/2027' }));
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['delivery_date', 'dateInput.invalid'],
    ]);
  });
});

describe('whole quantities of counted units', () => {
  it('refuses a fraction of a counted unit and of the due days, and takes one of a measured unit', () => {
    const pcs = 1;
    const kg = 2;
    const result = orderFormSchema(new Set([pcs])).safeParse(
      values({
        due_days: 1.5,
        lines: [
          { ...emptyLine(pcs), sku_id: 10, ordered_qty: 1.5 },
          { ...emptyLine(kg), sku_id: 11, ordered_qty: 1.5 },
          { ...emptyLine(pcs), sku_id: 12, ordered_qty: 15 },
          { ...emptyLine(pcs), sku_id: 13, ordered_qty: 0.5, deleted: true },
        ],
      }),
    );
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['due_days', 'numberInput.decimals_zero'],
      ['lines.0.ordered_qty', 'orders.edit.qtyNotWhole'],
    ]);
  });
});

describe('order values', () => {
  it('keep amounts exact', () => {
    expect(toAmount(0.1)).toBe('0.1');
    expect(toAmount('999999999.999')).toBe('999999999.999');
    expect(toAmount(2.5055)).toBe('2.506');
    expect(toAmount('')).toBeNull();
  });

  it('show decimals as the server sent them, grouped, with a minus for returns', () => {
    expect(formatDecimal('12.500')).toBe('12.5');
    expect(formatDecimal('1234567.000')).toBe('1,234,567');
    expect(formatDecimal('12.000', { negative: true })).toBe('-12');
    expect(formatDecimal('0.000', { negative: true })).toBe('0');
  });

  it("show money in its currency's decimals unless the value has more", async () => {
    expect(formatMoney('30.060', null)).toBe('30.06 EUR');
    expect(formatMoney('12.500', 'EUR')).toBe('12.50 EUR');
    expect(formatMoney('2.505', 'EUR')).toBe('2.505 EUR');
    expect(formatMoney('1000.000', 'JPY')).toBe('1,000 JPY');
    expect(formatMoney('999999999998000000.020', 'USD')).toBe('999,999,999,998,000,000.02 USD');
    expect(formatPrice('3.000', 'EUR')).toBe('3.00');
    await i18n.changeLanguage('lv');
    try {
      expect(formatMoney('12345.500', 'EUR').replace(/\s/g, ' ')).toBe('12 345,50 EUR');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('parse DD.MM.YYYY dates and clear anything else', () => {
    expect(parseDate('05.03.2027')).toBe('2027-03-05');
    expect(parseDate('5.3.2027')).toBe('2027-03-05');
    expect(parseDate('31.02.2027')).toBeNull();
    expect(parseDate('2027-03-05')).toBeNull();
  });
});
