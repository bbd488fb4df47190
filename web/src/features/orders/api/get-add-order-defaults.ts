import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
import { type OrderKind, orderCalls, orderKeys } from './keys';

export function getAddOrderDefaults(kind: OrderKind, options?: CallOptions) {
  return callApi(orderCalls(kind).getAddOrderDefaults, {}, options);
}

export function getAddOrderDefaultsQueryOptions(kind: OrderKind) {
  return queryOptions({
    queryKey: orderKeys.addDefaults(kind),
    queryFn: ({ signal }) => getAddOrderDefaults(kind, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useAddOrderDefaults(kind: OrderKind) {
  return useQuery(getAddOrderDefaultsQueryOptions(kind));
}
