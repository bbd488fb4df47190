import { auth } from '@extranet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
import { authKeys } from './keys';

export function getProfileSelf(options?: CallOptions) {
  return callApi(auth.getProfileSelf, {}, options);
}

export function getProfileSelfQueryOptions() {
  return queryOptions({
    queryKey: authKeys.profile('self'),
    queryFn: ({ signal }) => getProfileSelf({ signal }),
    staleTime: 0,
    // The profile screens show a failure in place of the profile.
    meta: { silent: true },
  });
}

export function useProfileSelf(enabled = true) {
  return useQuery({ ...getProfileSelfQueryOptions(), enabled });
}
