import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
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

export function useListOrders<K extends OrderKind>(kind: K, request: ListOrdersRequest<K>) {
  return useQuery(getListOrdersQueryOptions(kind, request));
}
