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
    // "Last used" moves with calls made elsewhere (an integration, a script): fetched again when
    // the user comes back to the tab, and every minute (the time is kept to the minute).
    refetchOnWindowFocus: 'always',
    refetchInterval: 60_000,
  });
}

export function useListKeys(request: apikeys.ListKeysRequest) {
  return useQuery(getListKeysQueryOptions(request));
}
