import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../shared/navigation';

/** Management → Webhooks (umgr): the company's endpoints and each one's delivery log. */
export const webhooksRoutes: RouteObject[] = [
  {
    path: 'webhooks',
    handle: { breadcrumb: 'webhooks.breadcrumbs.list' } satisfies RouteHandle,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./pages/webhooks-page')).WebhooksPage }),
      },
      {
        path: ':endpointId',
        handle: { breadcrumb: 'webhooks.breadcrumbs.deliveries' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./pages/deliveries-page')).DeliveriesPage }),
      },
    ],
  },
];
