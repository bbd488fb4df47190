import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../shared/navigation';

/** Every notification of the user, linked from the bell. */
export const notificationsRoutes: RouteObject[] = [
  {
    path: 'notifications',
    handle: { breadcrumb: 'notifications.page.title' } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./pages/notifications-page')).NotificationsPage }),
  },
];
