import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../shared/navigation';

/** Orders → Dock slots: the week of a location, and its schedule (role 99). */
export const slotsRoutes: RouteObject[] = [
  {
    path: 'slots',
    handle: { breadcrumb: 'slots.breadcrumbs.list' } satisfies RouteHandle,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./pages/slots-page')).SlotsPage }),
      },
      {
        path: 'schedule',
        handle: { breadcrumb: 'slots.breadcrumbs.schedule' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./pages/schedule-page')).SchedulePage }),
      },
    ],
  },
];
