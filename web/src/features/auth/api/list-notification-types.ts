import { notifications } from '@extranet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
import { authKeys } from './keys';

export function listNotificationTypes(options?: CallOptions) {
  return callApi(notifications.listNotificationTypes, {}, options);
}

export function getListNotificationTypesQueryOptions() {
  return queryOptions({
    queryKey: authKeys.notificationTypes(),
    queryFn: ({ signal }) => listNotificationTypes({ signal }),
    staleTime: 10 * 60_000,
  });
}

export function useListNotificationTypes() {
  return useQuery(getListNotificationTypesQueryOptions());
}
