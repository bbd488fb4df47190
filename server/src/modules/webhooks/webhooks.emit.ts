import { randomUUID } from 'node:crypto';
import { encode, webhooks } from '@extranet/contract';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { insertEvents, queueDeliveries, subscribedEndpoints } from './webhooks.repository';

type EventType = webhooks.WebhookEventType;

export interface WebhookRecord<T extends EventType> {
  /** Which record it is about: deliveries about one record reach an endpoint in order. */
  key: string;
  data: webhooks.WebhookData<T>;
}

/**
 * Writes events about records of one company, with a delivery to each of the company's active
 * endpoints that want the type, inside the caller's transaction (the change and its events
 * commit together, or neither). With no such endpoint nothing is built or written: one indexed
 * query. `company` is the company's id or a query that answers it. `build` makes the records as
 * the API shows them, read inside the same transaction, after the change.
 */
export async function emitWebhookEvents<T extends EventType>(
  tx: Executor,
  options: { type: T; company: number | SQL; build: () => Promise<WebhookRecord<T>[]> },
): Promise<void> {
  const endpoints = await subscribedEndpoints(tx, options.company, options.type);
  if (endpoints.length === 0) return;
  const companyId = endpoints[0]!.companyId;
  const records = await options.build();
  if (records.length === 0) return;
  const schema = webhooks.WEBHOOK_DATA[options.type];
  const events = records.map((record) => ({
    id: randomUUID(),
    companyId,
    type: options.type,
    recordKey: record.key,
    data: encode(schema, record.data as never) as object,
  }));
  await insertEvents(tx, events);
  await queueDeliveries(
    tx,
    events.flatMap((event) =>
      endpoints.map((endpoint) => ({
        endpointId: endpoint.id,
        eventId: event.id,
        recordKey: event.recordKey,
      })),
    ),
  );
}
