import { orders } from '@extranet/contract';
import dayjs from 'dayjs';
import { z } from 'zod';
import { MESSAGES } from '../../../shared/forms';
import type { EditOrderFields } from '../api/edit-order';
import type { OrderKind, OrderView } from '../api/keys';
import { fromAmount, toAmount } from './amount-inputs';
import { isDateValue } from './date-field';

const amount = z.union([z.number(), z.literal('')]);
const LIMITS = orders.ORDER_TEXT_LIMITS;
const text = (max: number) => z.string().max(max, { message: MESSAGES.tooLong });

export const LineFormSchema = z.object({
  sku_id: z.number().nullable(),
  ordered_qty: amount,
  uom_id: z.number().nullable(),
  price: amount,
  batch: z.string().nullable(),
  expiry_date: z.string().nullable(),
  /** Marked for deletion (struck through); dropped on save. */
  deleted: z.boolean(),
});
export type LineFormValues = z.infer<typeof LineFormSchema>;

/** The edit form of either kind; the party is the vendor (purchase) or the customer (sales). */
export const OrderFormSchema = z
  .object({
    party_id: z.number().nullable(),
    address_id: z.number().nullable(),
    reference: text(LIMITS.reference),
    delivery_address_id: z.number().nullable(),
    delivery_name: text(LIMITS.deliveryName),
    delivery_date: z
      .string()
      .nullable()
      // Text the date field could not read stays as typed, and the form is not saved with it.
      .refine((value) => value === null || isDateValue(value), { message: 'dateInput.invalid' })
      // SPEC.md §5: the delivery date must not be before today.
      .refine((value) => value === null || !dayjs(value).isBefore(dayjs(), 'day'), {
        message: MESSAGES.greaterDate,
      }),
    due_days: amount,
    currency_id: z.number().nullable(),
    location_id: z.number().nullable(),
    truck_number: text(LIMITS.truckNumber),
    external_code: text(LIMITS.externalCode),
    self_picking: z.boolean(),
    is_return: z.boolean(),
    comments: text(LIMITS.comments),
    lines: z.array(LineFormSchema),
  })
  .superRefine((values, context) => {
    // One SKU once per order (order_sku_dublicate), checked before the server says so.
    const seen = new Set<number>();
    values.lines.forEach((line, index) => {
      if (line.deleted || line.sku_id === null) return;
      if (seen.has(line.sku_id)) {
        context.addIssue({
          code: 'custom',
          path: ['lines', index, 'sku_id'],
          message: 'orders.edit.duplicateSku',
        });
      }
      seen.add(line.sku_id);
    });
  });
export type OrderFormValues = z.infer<typeof OrderFormSchema>;

const hasDecimals = (value: number | '') => value !== '' && !Number.isInteger(value);

/**
 * The form's schema with the rule every way in shares (the server's isCountedUnit): a quantity
 * in a counted unit (`counted`: their ids) is whole, and so are the due days.
 */
export function orderFormSchema(counted: ReadonlySet<number>) {
  return OrderFormSchema.superRefine((values, context) => {
    if (hasDecimals(values.due_days)) {
      context.addIssue({ code: 'custom', path: ['due_days'], message: 'numberInput.decimals_zero' });
    }
    values.lines.forEach((line, index) => {
      if (line.deleted || line.uom_id === null || !counted.has(line.uom_id)) return;
      if (hasDecimals(line.ordered_qty)) {
        context.addIssue({
          code: 'custom',
          path: ['lines', index, 'ordered_qty'],
          message: 'orders.edit.qtyNotWhole',
        });
      }
    });
  });
}

export function emptyLine(uomId: number | null): LineFormValues {
  return {
    sku_id: null,
    ordered_qty: '',
    uom_id: uomId,
    price: '',
    batch: null,
    expiry_date: null,
    deleted: false,
  };
}

export function formValuesOf(kind: OrderKind, order: OrderView): OrderFormValues {
  const purch = kind === 'purch';
  const p = order as orders.PurchOrder;
  const s = order as orders.SalesOrder;
  return {
    party_id: purch ? p.vendor_id : s.customer_id,
    address_id: purch ? p.vendor_address_id : s.customer_address_id,
    reference: (purch ? p.vendor_reference : s.customer_reference) ?? '',
    delivery_address_id: purch ? null : s.delivery_address_id,
    delivery_name: purch ? '' : (s.delivery_name ?? ''),
    delivery_date: order.delivery_date,
    due_days: purch ? '' : fromAmount(s.due_days),
    currency_id: order.currency_id,
    location_id: order.location_id,
    truck_number: order.truck_number ?? '',
    external_code: order.external_code ?? '',
    self_picking: purch ? false : s.self_picking,
    is_return: order.is_return,
    comments: purch ? '' : (s.comments ?? ''),
    lines: (order.lines as Array<orders.PurchLine & Partial<orders.SalesLine>>).map((line) => ({
      sku_id: line.sku_id,
      ordered_qty: fromAmount(line.ordered_qty),
      uom_id: line.uom_id,
      price: fromAmount(line.price),
      batch: line.batch ?? null,
      expiry_date: line.expiry_date ?? null,
      deleted: false,
    })),
  };
}

const orNull = (value: string) => (value.trim() ? value.trim() : null);

/**
 * The edit_order fields of the form (SPEC.md §5): deleted lines and lines without a SKU are
 * dropped, quantities, prices and due days become decimals, an empty expiry date becomes null.
 */
export function editFieldsOf<K extends OrderKind>(kind: K, values: OrderFormValues): EditOrderFields<K> {
  const kept = values.lines.filter((line) => !line.deleted && line.sku_id !== null);
  const common = {
    location_id: values.location_id,
    truck_number: orNull(values.truck_number),
    external_code: orNull(values.external_code),
    delivery_date: values.delivery_date,
    currency_id: values.currency_id,
    is_return: values.is_return,
  };
  const line = (l: LineFormValues) => ({
    sku_id: l.sku_id as number,
    ordered_qty: toAmount(l.ordered_qty),
    uom_id: l.uom_id,
    price: toAmount(l.price),
  });
  if (kind === 'purch') {
    const fields: orders.EditPurchOrderFields = {
      ...common,
      vendor_id: values.party_id,
      vendor_address_id: values.party_id === null ? null : values.address_id,
      vendor_reference: orNull(values.reference),
      lines: kept.map(line),
    };
    return fields as EditOrderFields<K>;
  }
  const fields: orders.EditSalesOrderFields = {
    ...common,
    customer_id: values.party_id,
    customer_address_id: values.party_id === null ? null : values.address_id,
    customer_reference: orNull(values.reference),
    delivery_address_id: values.party_id === null ? null : values.delivery_address_id,
    delivery_name: orNull(values.delivery_name),
    due_days: toAmount(values.due_days),
    comments: orNull(values.comments),
    self_picking: values.self_picking,
    lines: kept.map((l) => ({ ...line(l), batch: l.batch || null, expiry_date: l.expiry_date || null })),
  };
  return fields as EditOrderFields<K>;
}
