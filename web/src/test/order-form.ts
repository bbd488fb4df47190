import { emptyLine, type OrderFormValues } from '../features/orders/components/order-form-values';

/** The form of a draft whose head is complete, with one line of SKU 5 (4 of unit 1) unless told. */
export function completeOrderForm(overrides: Partial<OrderFormValues> = {}): OrderFormValues {
  return {
    party_id: 1,
    address_id: 2,
    reference: '',
    delivery_address_id: null,
    delivery_name: '',
    delivery_date: '2999-01-01',
    due_days: '',
    currency_id: null,
    location_id: 3,
    truck_number: '',
    external_code: '',
    self_picking: false,
    is_return: false,
    comments: '',
    lines: [{ ...emptyLine(1), sku_id: 5, ordered_qty: 4 }],
    ...overrides,
  };
}
