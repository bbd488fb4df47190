import { auth } from '@extranet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
import { authKeys } from './keys';

export function getProfileForce(userId: number, options?: CallOptions) {
  return callApi(auth.getProfileForce, { user_id: userId }, options);
}

export function getProfileForceQueryOptions(userId: number) {
  return queryOptions({
    queryKey: authKeys.profile(userId),
    queryFn: ({ signal }) => getProfileForce(userId, { signal }),
    staleTime: 0,
    // The profile screens show a failure in place of the profile.
    meta: { silent: true },
  });
}

export function useProfileForce(userId: number, enabled = true) {
  return useQuery({ ...getProfileForceQueryOptions(userId), enabled });
}
