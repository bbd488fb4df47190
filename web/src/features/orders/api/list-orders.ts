import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi, useBackgroundRefresh } from '../../../shared/api';
import { isFollowed } from './follow-order';
import { type ListOrdersRequest, type OrderKind, type OrderRow, orderCalls, orderKeys } from './keys';

export async function listOrders<K extends OrderKind>(
  kind: K,
  request: ListOrdersRequest<K>,
  options?: CallOptions,
) {
  const page = await callApi(orderCalls(kind).listOrders, request as ListOrdersRequest<'purch'>, options);
  return page as { items: OrderRow<K>[]; more: boolean; total?: number };
}

export function getListOrdersQueryOptions<K extends OrderKind>(kind: K, request: ListOrdersRequest<K>) {
  return queryOptions({
    queryKey: orderKeys.list(kind, request),
    queryFn: ({ signal }) => listOrders(kind, request, { signal }),
    // The table keeps the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** A page of orders; while it shows orders the warehouse system works on, it follows their moves. */
export function useListOrders<K extends OrderKind>(kind: K, request: ListOrdersRequest<K>) {
  const list = useQuery(getListOrdersQueryOptions(kind, request));
  useBackgroundRefresh({
    queryKey: orderKeys.list(kind, request),
    fetch: (options) => listOrders(kind, request, options),
    enabled: !list.isPlaceholderData && (list.data?.items.some((row) => isFollowed(row.progress)) ?? false),
  });
  return list;
}
