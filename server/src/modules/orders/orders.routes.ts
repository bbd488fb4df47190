import { orders } from '@extranet/contract';
import type { FastifyInstance } from 'fastify';
import { type Deps, registerCall } from '../../http/calls';
import {
  addOrder,
  editOrder,
  excludeOrder,
  getAddOrderDefaults,
  listOrders,
  resetAllFailures,
  resetFailure,
  setDraft,
  setReady,
  viewOrder,
} from './orders.service';

/** The calls whose request and response are the same for both kinds. */
function registerKind(
  app: FastifyInstance,
  deps: Deps,
  kind: orders.OrderKind,
  calls: typeof orders.purch | typeof orders.sales,
) {
  registerCall(app, deps, calls.getAddOrderDefaults, (_input, { actor }) => getAddOrderDefaults(deps, actor));
  registerCall(app, deps, calls.addOrder, (input, { actor }) => addOrder(deps, actor, kind, input.fields));
  registerCall(app, deps, calls.exclude, (input, { actor }) =>
    excludeOrder(deps, actor, kind, input.head_id),
  );
  registerCall(app, deps, calls.setReady, (input, { actor }) => setReady(deps, actor, kind, input.head_id));
  registerCall(app, deps, calls.setDraft, (input, { actor }) => setDraft(deps, actor, kind, input.head_id));
  registerCall(app, deps, calls.resetFailure, (input, { actor }) =>
    resetFailure(deps, actor, kind, input.head_id),
  );
  registerCall(app, deps, calls.resetAllFailures, (_input, { actor }) => resetAllFailures(deps, actor, kind));
}

/**
 * Purchase orders under /orders/purch (pord), sales orders under /orders/sales (sord). The list,
 * view and edit calls differ by kind and are registered one kind at a time, each checked against
 * its own schemas.
 */
export function registerOrderRoutes(app: FastifyInstance, deps: Deps) {
  registerKind(app, deps, 'purch', orders.purch);
  registerKind(app, deps, 'sales', orders.sales);

  registerCall(app, deps, orders.purch.listOrders, (input, { actor }) =>
    listOrders(deps, actor, 'purch', input),
  );
  registerCall(app, deps, orders.sales.listOrders, (input, { actor }) =>
    listOrders(deps, actor, 'sales', input),
  );
  registerCall(app, deps, orders.purch.viewOrder, (input, { actor }) =>
    viewOrder(deps, actor, 'purch', input.head_id),
  );
  registerCall(app, deps, orders.sales.viewOrder, (input, { actor }) =>
    viewOrder(deps, actor, 'sales', input.head_id),
  );
  registerCall(app, deps, orders.purch.editOrder, (input, { actor }) =>
    editOrder(deps, actor, 'purch', input.head_id, input.fields),
  );
  registerCall(app, deps, orders.sales.editOrder, (input, { actor }) =>
    editOrder(deps, actor, 'sales', input.head_id, input.fields),
  );
}
