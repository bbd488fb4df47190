import { type auth, type CallRequest, notifications } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { SESSION_QUERY_KEY } from '../../../shared/session';
import { NOTIFICATIONS_KEY } from './keys';

/** Marks notifications read (or unread); the lists and, when all are read, the badge follow. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallRequest<typeof notifications.markRead>) => callApi(notifications.markRead, input),
    onSuccess: async (_result, input) => {
      if (input.read && input.notification_id_list === undefined) {
        queryClient.setQueryData<auth.Session>(SESSION_QUERY_KEY, (session) =>
          session ? { ...session, has_new_notifications: false } : session,
        );
      }
      await queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    },
  });
}
