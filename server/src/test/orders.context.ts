import { addDays, orders, today } from '@extranet/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { comments, discussions } from '../db/schema';
import { createTestApp, loginAs, type TestApp } from './app';
import { createOrderWorld, type OrderWorld } from './orders.factories';

export const dec = (value: string) => ({ $decimal: value });
export const day = (value: string) => ({ $date: value });
export const TOMORROW = () => addDays(today(), 1);
export const NEXT_WEEK = () => addDays(today(), 7);

/**
 * The app, order world and session of the test file that called useOrderContext, set before its
 * tests. Test files run one after another in a worker, each setting them anew.
 */
export let app: TestApp;
export let world: OrderWorld;
export let token: string;

/**
 * Registers, in the calling test file, the opening of its own app on a fresh database (closed after
 * the file by setup.ts), with a world whose user chose every order notification.
 */
export function useOrderContext(): void {
  beforeAll(async () => {
    app = await createTestApp();
    world = await createOrderWorld(app.deps.db, { notificationTypes: ['pord', 'sord', 'omov'] });
    token = await loginAs(app, world.user);
  });
}

export async function addOrder(
  kind: 'purch' | 'sales',
  fields: Record<string, unknown> = {},
  session = token,
): Promise<number> {
  const calls = kind === 'purch' ? orders.purch : orders.sales;
  const response = await app.call(
    calls.addOrder,
    { fields: { consignee_id: world.consignee.id, ...fields } },
    session,
  );
  expect(response.body.failure).toBeUndefined();
  return response.body.head_id as number;
}

export async function systemComments(kind: 'purch' | 'sales', headId: number) {
  const column = kind === 'purch' ? discussions.purchHeadId : discussions.salesHeadId;
  const rows = await app.deps.db
    .select({ id: comments.id, dict: comments.dict })
    .from(comments)
    .innerJoin(discussions, eq(discussions.id, comments.discussionId))
    .where(and(eq(column, headId), sql`${comments.dict}->>'code' <> 'order_edited'`))
    .orderBy(comments.id);
  return rows;
}

export function completePurchFields(w: OrderWorld = world) {
  return {
    vendor_id: w.vendor.id,
    vendor_address_id: w.vendorAddresses[0]!.id,
    vendor_reference: 'REF-1',
    location_id: w.refs.locationId,
    delivery_date: day(NEXT_WEEK()),
    currency_id: w.refs.eurId,
    truck_number: 'KA-1234',
    is_return: false,
    lines: [
      { sku_id: w.skus[0]!.id, ordered_qty: dec('10.000'), uom_id: w.refs.pcsId, price: dec('2.505') },
      { sku_id: w.skus[1]!.id, ordered_qty: dec('3'), uom_id: w.refs.boxId, price: dec('0.1') },
    ],
  };
}

export function completeSalesFields(w: OrderWorld = world) {
  return {
    customer_id: w.customer.id,
    customer_address_id: w.customerAddresses[0]!.id,
    customer_reference: 'PO 77/12',
    delivery_address_id: w.customerAddresses[1]!.id,
    delivery_name: 'Shop 5',
    delivery_date: day(NEXT_WEEK()),
    due_days: dec('30'),
    currency_id: w.refs.eurId,
    location_id: w.refs.locationId,
    truck_number: null,
    self_picking: true,
    is_return: false,
    comments: 'Unload at gate 3.',
    lines: [
      {
        sku_id: w.skus[0]!.id,
        ordered_qty: dec('4'),
        uom_id: w.refs.pcsId,
        price: dec('1.250'),
        batch: 'B-1',
        expiry_date: day('2031-05-01'),
      },
    ],
  };
}
