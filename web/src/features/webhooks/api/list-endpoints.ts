import { webhooks } from '@extranet/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
import { webhooksKeys } from './keys';

export function listEndpoints(request: webhooks.ListEndpointsRequest, options?: CallOptions) {
  return callApi(webhooks.listEndpoints, request, options);
}

export function getListEndpointsQueryOptions(request: webhooks.ListEndpointsRequest) {
  return queryOptions({
    queryKey: webhooksKeys.endpoints(request),
    queryFn: ({ signal }) => listEndpoints(request, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useListEndpoints(request: webhooks.ListEndpointsRequest) {
  return useQuery(getListEndpointsQueryOptions(request));
}
