import { notifications } from '@extranet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { notificationsKeys } from './keys';

export function useListNotifications(request: notifications.ListNotificationsRequest) {
  return useQuery({
    queryKey: notificationsKeys.list(request),
    queryFn: ({ signal }) => callApi(notifications.listNotifications, request, { signal }),
    placeholderData: keepPreviousData,
  });
}
