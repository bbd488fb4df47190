import { randomUUID } from 'node:crypto';
import { orders } from '@extranet/contract';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { defineQueue, enqueue } from '../../jobs/outbox';

/*
 * Booking changes the warehouse must hear of: an order it has (sent, in sync, or a send under
 * way) whose slot a user booked, moved or cancelled. Slots put them here, in the transaction of the
 * change; the warehouse link (modules/wms) works them off, each sending the order's booking as it
 * is at that moment.
 */
export const BOOKING_UPDATE_JOB = 'wms-booking';
export const BookingUpdatePayload = z.object({
  kind: z.enum(orders.ORDER_KINDS),
  headId: z.int().positive(),
});
export type BookingUpdatePayload = z.infer<typeof BookingUpdatePayload>;

/** An update says what the booking is now, so sending it twice does no harm. */
export const bookingUpdateQueue = defineQueue({
  kind: BOOKING_UPDATE_JOB,
  payload: BookingUpdatePayload,
  rerunAfterCrash: true,
});

export async function enqueueBookingUpdate(tx: Executor, kind: orders.OrderKind, headId: number) {
  await enqueue(tx, bookingUpdateQueue, [
    { key: `${kind}:${headId}:${randomUUID()}`, payload: { kind, headId } },
  ]);
}
