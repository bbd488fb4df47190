import { type auth, notifications } from '@extranet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api';
import { SESSION_QUERY_KEY } from '../../../shared/session';

export function markSeen(upToId: number | undefined) {
  return callApi(notifications.markSeen, upToId === undefined ? {} : { up_to_id: upToId });
}

/** Clears the badge at once, then lets the next session refresh confirm it. */
export function useMarkSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markSeen,
    meta: { background: true },
    onSuccess: () => {
      queryClient.setQueryData<auth.Session>(SESSION_QUERY_KEY, (session) =>
        session ? { ...session, has_new_notifications: false } : session,
      );
    },
  });
}
