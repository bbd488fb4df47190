import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
import { type OrderKind, type OrderView, orderCalls, orderKeys } from './keys';

export async function viewOrder<K extends OrderKind>(kind: K, headId: number, options?: CallOptions) {
  return (await callApi(orderCalls(kind).viewOrder, { head_id: headId }, options)) as OrderView<K>;
}

export function getViewOrderQueryOptions<K extends OrderKind>(kind: K, headId: number) {
  return queryOptions({
    queryKey: orderKeys.view(kind, headId),
    queryFn: ({ signal }) => viewOrder(kind, headId, { signal }),
    // Problems depend on today's date and the stock: always ask again when the screen opens.
    staleTime: 0,
    // The order screens show a failure (order_not_found...) in place of the order.
    meta: { silent: true },
  });
}

export function useViewOrder<K extends OrderKind>(kind: K, headId: number) {
  return useQuery(getViewOrderQueryOptions(kind, headId));
}
