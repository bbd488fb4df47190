import { lazy } from 'react';

/**
 * The order screens' dock slot: the slots feature's panel, lent to the order view and edit pages
 * (features/orders/routes.tsx), in a chunk of its own.
 */
export const OrderBooking = lazy(async () => {
  const { OrderBookingPanel } = await import('../features/slots/components/order-booking-panel');
  return { default: OrderBookingPanel };
});
