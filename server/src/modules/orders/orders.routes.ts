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

function registerKind<K extends orders.OrderKind>(
  app: FastifyInstance,
  deps: Deps,
  kind: K,
  calls: K extends 'purch' ? typeof orders.purch : typeof orders.sales,
) {
  const c = calls as typeof orders.purch & typeof orders.sales;
  registerCall(
    app,
    deps,
    c.listOrders,
    (input, { actor }) => listOrders(deps, actor, kind, input as never) as never,
  );
  registerCall(
    app,
    deps,
    c.viewOrder,
    (input, { actor }) => viewOrder(deps, actor, kind, input.head_id) as never,
  );
  registerCall(app, deps, c.getAddOrderDefaults, (_input, { actor }) => getAddOrderDefaults(deps, actor));
  registerCall(app, deps, c.addOrder, (input, { actor }) => addOrder(deps, actor, kind, input.fields));
  registerCall(app, deps, c.editOrder, (input, { actor }) =>
    editOrder(deps, actor, kind, input.head_id, input.fields as never),
  );
  registerCall(app, deps, c.exclude, (input, { actor }) => excludeOrder(deps, actor, kind, input.head_id));
  registerCall(app, deps, c.setReady, (input, { actor }) => setReady(deps, actor, kind, input.head_id));
  registerCall(app, deps, c.setDraft, (input, { actor }) => setDraft(deps, actor, kind, input.head_id));
  registerCall(app, deps, c.resetFailure, (input, { actor }) =>
    resetFailure(deps, actor, kind, input.head_id),
  );
  registerCall(app, deps, c.resetAllFailures, (_input, { actor }) => resetAllFailures(deps, actor, kind));
}

/** Purchase orders under /orders/purch (pord), sales orders under /orders/sales (sord). */
export function registerOrderRoutes(app: FastifyInstance, deps: Deps) {
  registerKind(app, deps, 'purch', orders.purch);
  registerKind(app, deps, 'sales', orders.sales);
}
