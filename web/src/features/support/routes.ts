import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../shared/navigation';

export const supportRoutes: RouteObject[] = [
  {
    path: 'support',
    handle: { breadcrumb: 'layout.breadcrumbs.support' } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./pages/support-page')).SupportPage }),
  },
];
