import { notifications } from '@extranet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
import { notificationsKeys } from './keys';

export function listRecent(options?: CallOptions) {
  return callApi(notifications.listRecent, { count: notifications.RECENT_DEFAULT_COUNT }, options);
}

/** Loaded each time the dropdown opens (never in the background). */
export function getListRecentQueryOptions() {
  return queryOptions({
    queryKey: notificationsKeys.recent(),
    queryFn: ({ signal }) => listRecent({ signal }),
    staleTime: 0,
    meta: { silent: true },
  });
}

export function useListRecent(enabled: boolean) {
  return useQuery({ ...getListRecentQueryOptions(), enabled });
}
