import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { apiKeysRoutes } from '../features/apikeys/routes';
import { loginRoute, passresetRoute, secondFactorSetupRoute, usersRoutes } from '../features/auth/routes';
import { companiesRoutes } from '../features/companies/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { discussionsRoutes } from '../features/discussions/routes';
import { notificationsRoutes } from '../features/notifications/routes';
import { ordersRoutes } from '../features/orders/routes';
import { reportsRoutes } from '../features/reports/routes';
import { skuRoutes } from '../features/sku/routes';
import { slotsRoutes } from '../features/slots/routes';
import { stockRoutes } from '../features/stock/routes';
import { supportRoutes } from '../features/support/routes';
import { webhooksRoutes } from '../features/webhooks/routes';
import type { RouteHandle } from '../shared/navigation';
import { FullPageLoader } from '../shared/ui/full-page-loader';
import { GuestOnly, RequireLimitedSession, RequireSession, RequireSetupSession } from './guards';
import { LoginLayout } from './layout/login-layout';
import { RootLayout } from './layout/root-layout';
import { WorkplaceLayout } from './layout/workplace-layout';
import { OrderBooking } from './order-booking';
import { OrderDiscussion } from './order-discussion';
import { NotFoundRoute } from './pages/not-found-route';
import { RouteErrorPage } from './pages/route-error-page';
import { PinnedViews } from './pinned-views';

/**
 * The workplace's pages (SPEC.md §2 'Workplace routes'). Each feature exports its routes with
 * `lazy` components, so every screen is its own chunk; add a feature's routes here.
 */
const workplaceRoutes: RouteObject[] = [
  ...dashboardRoutes({ PinnedViews }),
  ...supportRoutes,
  ...usersRoutes,
  ...companiesRoutes,
  ...apiKeysRoutes,
  ...webhooksRoutes,
  ...ordersRoutes({ Discussion: OrderDiscussion, Booking: OrderBooking }),
  ...slotsRoutes,
  ...stockRoutes,
  ...skuRoutes,
  ...reportsRoutes,
  ...discussionsRoutes,
  ...notificationsRoutes,
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    // Shown while the first screen's chunk loads.
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      {
        element: (
          <LoginLayout>
            <Outlet />
          </LoginLayout>
        ),
        children: [
          { element: <GuestOnly />, children: [loginRoute] },
          { element: <RequireLimitedSession />, children: [passresetRoute] },
          { element: <RequireSetupSession />, children: [secondFactorSetupRoute] },
        ],
      },
      {
        path: '/',
        element: <RequireSession />,
        children: [
          {
            element: <WorkplaceLayout />,
            children: [{ errorElement: <RouteErrorPage />, children: workplaceRoutes }],
          },
        ],
      },
      {
        path: '*',
        element: <NotFoundRoute />,
        handle: { breadcrumb: 'layout.breadcrumbs.notFound' } satisfies RouteHandle,
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
