import { auth } from '@extranet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
import { authKeys } from './keys';

export function getAddUserDefaults(options?: CallOptions) {
  return callApi(auth.getAddUserDefaults, {}, options);
}

export function getAddUserDefaultsQueryOptions() {
  return queryOptions({
    queryKey: authKeys.addUserDefaults(),
    queryFn: ({ signal }) => getAddUserDefaults({ signal }),
    staleTime: 0,
  });
}

export function useAddUserDefaults() {
  return useQuery(getAddUserDefaultsQueryOptions());
}
