import { auth } from '@extranet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
import { authKeys } from './keys';

/** view=true: every role (filters); view=false: only the roles the caller may grant (forms). */
export function listRoles(view: boolean, options?: CallOptions) {
  return callApi(auth.listRoles, { view }, options);
}

export function getListRolesQueryOptions(view: boolean) {
  return queryOptions({
    queryKey: authKeys.roles(view),
    queryFn: ({ signal }) => listRoles(view, { signal }),
    staleTime: 10 * 60_000,
  });
}

export function useListRoles(view: boolean) {
  return useQuery(getListRolesQueryOptions(view));
}
