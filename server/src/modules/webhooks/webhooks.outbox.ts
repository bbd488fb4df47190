import { z } from 'zod';
import { defineQueue } from '../../jobs/outbox';

/**
 * One delivery of an event to an endpoint. Deliveries about one record to one endpoint form a
 * chain (`after`: the job of the delivery before it), so a receiver gets them in order. Run again
 * after a crash: the receiver may get an event twice, never miss one, and tells repeats by its id.
 */
export const WebhookDeliveryPayload = z.object({ deliveryId: z.int(), after: z.string().nullable() });
export type WebhookDeliveryPayload = z.infer<typeof WebhookDeliveryPayload>;

export const webhookDeliveryQueue = defineQueue({
  kind: 'webhook-delivery',
  payload: WebhookDeliveryPayload,
  rerunAfterCrash: true,
  chained: true,
});

export const deliveryJobKey = (deliveryId: number) => String(deliveryId);
