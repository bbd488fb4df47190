import { auth } from '@extranet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
import { authKeys } from './keys';

export function listSessions(options?: CallOptions) {
  return callApi(auth.listSessions, {}, options);
}

export function getListSessionsQueryOptions() {
  return queryOptions({
    queryKey: authKeys.sessions(),
    queryFn: ({ signal }) => listSessions({ signal }),
    meta: { silent: true },
  });
}

export function useListSessions() {
  return useQuery(getListSessionsQueryOptions());
}
