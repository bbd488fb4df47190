import type { wms } from '@extranet/contract';
import type { OrderFailure } from './wms.failure';

/**
 * What became of one send:
 * - `accepted`: the warehouse took the order (progress sent), optionally with its first status
 *   and its own number of the order;
 * - `refused`: it will not take the order as it is (progress failure, saying why);
 * - `retry`: no answer worth acting on (timeout, network, 5xx): try again later.
 */
export type SendOutcome =
  | { result: 'accepted'; status?: wms.WmsStatus; warehouseCode?: string }
  | { result: 'refused'; failure: OrderFailure }
  | { result: 'retry'; error: string };

/** How ready orders reach the warehouse system; WMS_CONNECTOR chooses one. */
export interface WmsConnector {
  readonly name: 'simulator' | 'http';
  /**
   * Sends one order. The idempotency key is the same for every retry of one send, so a warehouse
   * that saw the order before (an answer lost to a timeout) recognises the repeat.
   */
  send(order: wms.WmsOrderMessage, options: { idempotencyKey: string }): Promise<SendOutcome>;
  /** Tells the warehouse an order's slot booking changed after the order was sent. */
  sendBooking(update: wms.WmsBookingUpdate, options: { idempotencyKey: string }): Promise<SendOutcome>;
}
