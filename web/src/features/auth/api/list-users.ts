import { auth } from '@extranet/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
import { authKeys } from './keys';

export function listUsers(request: auth.ListUsersRequest, options?: CallOptions) {
  return callApi(auth.listUsers, request, options);
}

export function getListUsersQueryOptions(request: auth.ListUsersRequest) {
  return queryOptions({
    queryKey: authKeys.userList(request),
    queryFn: ({ signal }) => listUsers(request, { signal }),
    // The table keeps the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useListUsers(request: auth.ListUsersRequest) {
  return useQuery(getListUsersQueryOptions(request));
}
