import type { orders } from '@extranet/contract';
import type { ComponentType } from 'react';
import type { OrderKind } from '../api/keys';

/**
 * Where the order's view and edit pages show its dock slot and let it be booked, moved or
 * cancelled. The slots feature draws it; the app passes it in (app/router.tsx).
 */
export type OrderBookingSlot = ComponentType<{
  kind: OrderKind;
  headId: number;
  locationId: number | null;
  slot: orders.OrderSlot | null;
  canBook: boolean;
}>;

/** Statuses of an order that is over (received, delivered, cancelled): no slot can be booked. */
const FINISHED_STATUSES = ['DONE', 'DLV', 'CNL'];

/** Whether the order can take a booking (the server decides; this keeps the buttons away). */
export function canBookSlot(order: { is_template: boolean; status: { code: string | null } }): boolean {
  return !order.is_template && !FINISHED_STATUSES.includes(order.status.code ?? '');
}
