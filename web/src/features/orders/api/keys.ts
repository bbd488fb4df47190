import { orders } from '@extranet/contract';

export type OrderKind = orders.OrderKind;
export type OrderView<K extends OrderKind = OrderKind> = K extends 'purch'
  ? orders.PurchOrder
  : orders.SalesOrder;
export type OrderRow<K extends OrderKind = OrderKind> = K extends 'purch'
  ? orders.PurchOrderRow
  : orders.SalesOrderRow;
export type ListOrdersRequest<K extends OrderKind = OrderKind> = K extends 'purch'
  ? orders.ListPurchOrdersRequest
  : orders.ListSalesOrdersRequest;

/** The contract calls of one order kind; both kinds have the same calls with their own schemas. */
export type OrderCalls = typeof orders.purch;

export function orderCalls(kind: OrderKind): OrderCalls {
  // The two kinds' calls differ only in their schemas; the callers type the results by kind.
  return (kind === 'purch' ? orders.purch : orders.sales) as OrderCalls;
}

/**
 * Query keys of the orders feature: everything of one kind lives under ['orders', kind], so a
 * change to an order refreshes its lists and views together.
 */
export const orderKeys = {
  kind: (kind: OrderKind) => ['orders', kind] as const,
  lists: (kind: OrderKind) => ['orders', kind, 'list'] as const,
  list: (kind: OrderKind, request: object) => ['orders', kind, 'list', request] as const,
  view: (kind: OrderKind, headId: number) => ['orders', kind, 'view', headId] as const,
  addDefaults: (kind: OrderKind) => ['orders', kind, 'add-defaults'] as const,
};
