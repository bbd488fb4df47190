import { webhooks } from '@extranet/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
import { webhooksKeys } from './keys';

export function listDeliveries(request: webhooks.ListDeliveriesRequest, options?: CallOptions) {
  return callApi(webhooks.listDeliveries, request, options);
}

export function getListDeliveriesQueryOptions(request: webhooks.ListDeliveriesRequest) {
  return queryOptions({
    queryKey: webhooksKeys.deliveries(request),
    queryFn: ({ signal }) => listDeliveries(request, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useListDeliveries(request: webhooks.ListDeliveriesRequest) {
  return useQuery(getListDeliveriesQueryOptions(request));
}
