import type { OrderKind } from '../api/keys';

/** SPEC.md §2 'Workplace routes': orders/{purch|sales}, add, view/:orderId, edit/:orderId. */
export const orderPaths = {
  list: (kind: OrderKind) => `/orders/${kind}`,
  add: (kind: OrderKind) => `/orders/${kind}/add`,
  import: (kind: OrderKind) => `/orders/${kind}/import`,
  copy: (kind: OrderKind, fromOrderId: number, fromConsigneeId: number) =>
    `/orders/${kind}/add?fromOrderId=${fromOrderId}&fromConsigneeId=${fromConsigneeId}`,
  view: (kind: OrderKind, headId: number) => `/orders/${kind}/view/${headId}`,
  edit: (kind: OrderKind, headId: number) => `/orders/${kind}/edit/${headId}`,
};
