import { apikeys } from '@extranet/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
import { apiKeysKeys } from './keys';

export function listKeys(request: apikeys.ListKeysRequest, options?: CallOptions) {
  return callApi(apikeys.listKeys, request, options);
}

export function getListKeysQueryOptions(request: apikeys.ListKeysRequest) {
  return queryOptions({
    queryKey: apiKeysKeys.list(request),
    queryFn: ({ signal }) => listKeys(request, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useListKeys(request: apikeys.ListKeysRequest) {
  return useQuery(getListKeysQueryOptions(request));
}
