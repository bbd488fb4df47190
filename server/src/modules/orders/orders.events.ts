import type { orders, webhooks } from '@extranet/contract';
import type { Executor } from '../../db/client';
import { emitWebhookEvents } from '../webhooks/webhooks.emit';
import { orderCompany } from './orders.repository';
import { orderRecord } from './orders.service';

type OrderKind = orders.OrderKind;
type OrderProgress = orders.OrderProgress;

export type OrderEvent =
  | { type: 'order.progress_changed'; change: { old: OrderProgress; new: OrderProgress } }
  | { type: 'order.status_changed'; change: webhooks.WebhookData<'order.status_changed'>['change'] }
  | { type: 'order.quantities_reported'; skus: string[] }
  | {
      type: 'order.slot_changed';
      slot: orders.OrderSlot | null;
      by: 'user' | 'warehouse';
      reason: string | null;
    }
  | { type: 'order.document_added'; document: orders.OrderDocument };

/** The order's webhook event, in the transaction of its change, read after the change. */
export async function emitOrderEvent(tx: Executor, kind: OrderKind, headId: number, event: OrderEvent) {
  const { type, ...rest } = event;
  await emitWebhookEvents(tx, {
    type,
    company: orderCompany(kind, headId),
    build: async () => {
      const order = await orderRecord(tx, kind, headId);
      return order ? [{ key: `order:${kind}:${headId}`, data: { kind, order, ...rest } as never }] : [];
    },
  });
}
