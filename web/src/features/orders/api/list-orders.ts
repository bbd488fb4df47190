import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CallOptions, callApi, useBackgroundRefresh } from '../../../shared/api';
import { isFollowed } from './follow-order';
import { type ListOrdersRequest, type OrderKind, type OrderRow, orderCalls, orderKeys } from './keys';

export interface OrderPage<K extends OrderKind> {
  items: OrderRow<K>[];
  more: boolean;
  total?: number;
  total_capped?: true;
  next_cursor?: string;
}

export async function listOrders<K extends OrderKind>(
  kind: K,
  request: ListOrdersRequest<K>,
  options?: CallOptions,
) {
  const page = await callApi(orderCalls(kind).listOrders, request as ListOrdersRequest<'purch'>, options);
  return page as OrderPage<K>;
}

export function getListOrdersQueryOptions<K extends OrderKind>(kind: K, request: ListOrdersRequest<K>) {
  return queryOptions({
    queryKey: orderKeys.list(kind, request),
    queryFn: ({ signal }) => listOrders(kind, request, { signal }),
    // The table keeps the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** Moves of rows on screen in a burst: one refresh of the page a second at most. */
const LIST_REFRESH_GAP_MS = 1_000;

/**
 * A page of orders; while it shows orders the warehouse system works on, it follows their moves
 * (pushed by the server, or asked for every 10 s while the live stream is down).
 * Following asks for the rows only: the total shown stays the one the page came with, since
 * counting again every few seconds on every open list would cost the database more than the rows.
 */
export function useListOrders<K extends OrderKind>(kind: K, request: ListOrdersRequest<K>) {
  const queryClient = useQueryClient();
  const list = useQuery(getListOrdersQueryOptions(kind, request));
  useBackgroundRefresh({
    queryKey: orderKeys.list(kind, request),
    fetch: async (options) => {
      const page = await listOrders(kind, { ...request, with_total: false }, options);
      const shown = queryClient.getQueryData<OrderPage<K>>(orderKeys.list(kind, request));
      return {
        ...page,
        ...(shown?.total === undefined ? {} : { total: shown.total }),
        ...(shown?.total_capped ? { total_capped: shown.total_capped } : {}),
      };
    },
    enabled: !list.isPlaceholderData && (list.data?.items.some((row) => isFollowed(row.progress)) ?? false),
    // A pushed move of a row on screen, whatever its progress (another user set it ready).
    refreshOn: (move) =>
      move.kind === kind &&
      (queryClient
        .getQueryData<OrderPage<K>>(orderKeys.list(kind, request))
        ?.items.some((row) => row.head_id === move.id) ??
        false),
    listen: !list.isPlaceholderData && list.data !== undefined,
    minGapMs: LIST_REFRESH_GAP_MS,
  });
  return list;
}
