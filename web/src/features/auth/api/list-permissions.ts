import { auth } from '@extranet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
import { authKeys } from './keys';

export function listPermissions(options?: CallOptions) {
  return callApi(auth.listPermissions, {}, options);
}

export function getListPermissionsQueryOptions() {
  return queryOptions({
    queryKey: authKeys.permissions(),
    queryFn: ({ signal }) => listPermissions({ signal }),
    staleTime: 10 * 60_000,
  });
}

export function useListPermissions() {
  return useQuery(getListPermissionsQueryOptions());
}
