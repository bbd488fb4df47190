import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { NOTIFICATIONS_KEY } from '../../features/notifications/api/keys';
import { liveEvents, useLiveStream } from '../../shared/api';
import { SESSION_QUERY_KEY } from '../../shared/session';

/**
 * This tab's live stream while signed in (shared/api/live-events.ts). A change of the user's bell
 * shows at once: the session (its "new notifications" flag) and the notification lists are read
 * again. The screens follow order moves themselves (useBackgroundRefresh).
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  useLiveStream();
  useEffect(
    () =>
      liveEvents.subscribe((event) => {
        if (event.type !== 'notifications' && event.type !== 'resync') return;
        void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY, exact: true });
        void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
      }),
    [queryClient],
  );
  return null;
}
