import type { Page } from '@playwright/test';
import { api, expect } from './fixtures';

// Orders the specs make through the API, as the users whose token they are given.

interface Items<T> {
  items: T[];
}

/** The day `days` from today, as the API takes a date ('YYYY-MM-DD'). */
export function isoDay(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return date.toISOString().slice(0, 10);
}

/** An empty draft order (header only) for the user's first consignee. */
export async function seedEmptyOrder(
  page: Page,
  token: string,
  kind: 'purch' | 'sales',
  code: string,
): Promise<number> {
  const consignees = await api<Items<{ consignee_id: number }>>(
    page,
    '/catalogs/consignee/list',
    { filters: {}, count: 1 },
    token,
  );
  const added = await api<{ head_id: number }>(
    page,
    `/orders/${kind}/add_order`,
    { fields: { consignee_id: consignees.items[0]?.consignee_id, external_code: code } },
    token,
  );
  expect(added.head_id, JSON.stringify(added)).toBeGreaterThan(0);
  return added.head_id;
}

/**
 * A complete sales order (or template) of two lines, 1 and 2 of two SKUs at `price`: the user's
 * first consignee that may order, its first customer and address, the first location and unit.
 * Nothing stops it being ready but a missing `deliveryDate`.
 */
export async function seedSalesOrder(
  page: Page,
  token: string,
  options: { code: string; price: string; deliveryDate: string | null; isTemplate?: boolean },
): Promise<number> {
  const first = async <T>(path: string, filters: object) =>
    (await api<Items<T>>(page, path, { filters, count: 1 }, token)).items[0] as T;
  const consignee = await first<{ consignee_id: number }>('/catalogs/consignee/list', { for_order: true });
  const customer = await first<{ customer_id: number }>('/catalogs/customer/list', {
    consignee_id: consignee.consignee_id,
    for_order: true,
  });
  const address = await first<{ address_id: number }>('/catalogs/address/list', {
    customer_id: customer.customer_id,
  });
  const skus = await api<Items<{ sku_id: number }>>(
    page,
    '/catalogs/sku/list',
    { filters: { consignee_id: consignee.consignee_id, for_order: true }, count: 2 },
    token,
  );
  const location = await first<{ location_id: number }>('/catalogs/location/list', {});
  const uom = await first<{ uom_id: number }>('/catalogs/uom/list', {});
  const added = await api<{ head_id: number }>(
    page,
    '/orders/sales/add_order',
    {
      fields: {
        consignee_id: consignee.consignee_id,
        external_code: options.code,
        is_template: options.isTemplate ?? false,
      },
    },
    token,
  );
  const edited = await api<{ head_id?: number }>(
    page,
    '/orders/sales/edit_order',
    {
      head_id: added.head_id,
      fields: {
        customer_id: customer.customer_id,
        customer_address_id: address.address_id,
        delivery_address_id: address.address_id,
        due_days: { $decimal: '30' },
        location_id: location.location_id,
        delivery_date: options.deliveryDate === null ? null : { $date: options.deliveryDate },
        lines: skus.items.map((sku, i) => ({
          sku_id: sku.sku_id,
          ordered_qty: { $decimal: String(i + 1) },
          uom_id: uom.uom_id,
          price: { $decimal: options.price },
          batch: null,
          expiry_date: null,
        })),
      },
    },
    token,
  );
  expect(edited.head_id, JSON.stringify(edited)).toBe(added.head_id);
  return added.head_id;
}
