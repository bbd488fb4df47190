import { webhooks } from '@extranet/contract';
import type { FastifyInstance } from 'fastify';
import { type Deps, registerCall } from '../../http/calls';
import * as service from './webhooks.service';

export function registerWebhookRoutes(app: FastifyInstance, deps: Deps) {
  registerCall(app, deps, webhooks.listEndpoints, (input, { actor }) =>
    service.listEndpoints({ deps, actor, query: input }),
  );
  registerCall(app, deps, webhooks.addEndpoint, (input, { actor }) =>
    service.addEndpoint({ deps, actor, input }),
  );
  registerCall(app, deps, webhooks.editEndpoint, (input, { actor }) =>
    service.editEndpoint({ deps, actor, input }),
  );
  registerCall(app, deps, webhooks.deleteEndpoint, (input, { actor }) =>
    service.deleteEndpoint({ deps, actor, endpointId: input.endpoint_id }),
  );
  registerCall(app, deps, webhooks.listDeliveries, (input, { actor }) =>
    service.listDeliveries({ deps, actor, query: input }),
  );
  registerCall(app, deps, webhooks.redeliver, (input, { actor }) =>
    service.redeliver({ deps, actor, deliveryId: input.delivery_id }),
  );
}
