import type { webhooks } from '@extranet/contract';

/** Every webhooks query lives under WEBHOOKS_KEY: a change refreshes the endpoints and their logs. */
export const WEBHOOKS_KEY = ['webhooks'] as const;

export const webhooksKeys = {
  endpoints: (request: webhooks.ListEndpointsRequest) => [...WEBHOOKS_KEY, 'endpoints', request] as const,
  deliveries: (request: webhooks.ListDeliveriesRequest) => [...WEBHOOKS_KEY, 'deliveries', request] as const,
};
