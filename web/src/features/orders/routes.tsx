import type { RouteObject, UIMatch } from 'react-router';
import type { RouteHandle } from '../../shared/navigation';
import type { OrderKind } from './api/keys';
import type { OrderBookingSlot } from './components/order-booking-slot';
import { OrderCrumb } from './components/order-crumb';
import type { OrderDiscussionSlot } from './components/order-discussion-slot';

/** What the app lends the order screens from other features. */
export interface OrderScreenSlots {
  Discussion: OrderDiscussionSlot;
  Booking: OrderBookingSlot;
}

function orderIdOf(match: UIMatch): number {
  return Number(match.params.orderId);
}

/** One kind's screens: list, add (optionally copying), view and edit (SPEC.md §2 'Workplace routes'). */
function kindRoutes(kind: OrderKind, slots: OrderScreenSlots): RouteObject {
  return {
    path: `orders/${kind}`,
    handle: { breadcrumb: `orders.breadcrumbs.${kind}` } satisfies RouteHandle,
    children: [
      {
        index: true,
        lazy: async () => {
          const { OrdersListPage } = await import('./pages/orders-list-page');
          return { Component: () => <OrdersListPage kind={kind} /> };
        },
      },
      {
        path: 'add',
        handle: { breadcrumb: 'orders.breadcrumbs.add' } satisfies RouteHandle,
        lazy: async () => {
          const { OrderAddPage } = await import('./pages/order-add-page');
          return { Component: () => <OrderAddPage kind={kind} /> };
        },
      },
      {
        path: 'import',
        handle: { breadcrumb: 'orders.breadcrumbs.import' } satisfies RouteHandle,
        lazy: async () => {
          const { OrderImportPage } = await import('./pages/order-import-page');
          return { Component: () => <OrderImportPage kind={kind} /> };
        },
      },
      {
        path: 'view/:orderId',
        handle: {
          breadcrumb: (match) => <OrderCrumb kind={kind} headId={orderIdOf(match)} />,
        } satisfies RouteHandle,
        lazy: async () => {
          const { OrderViewPage } = await import('./pages/order-view-page');
          return {
            Component: () => (
              <OrderViewPage kind={kind} Discussion={slots.Discussion} Booking={slots.Booking} />
            ),
          };
        },
      },
      {
        path: 'edit/:orderId',
        handle: {
          breadcrumb: (match) => <OrderCrumb kind={kind} headId={orderIdOf(match)} edit />,
        } satisfies RouteHandle,
        lazy: async () => {
          const { OrderEditPage } = await import('./pages/order-edit-page');
          return { Component: () => <OrderEditPage kind={kind} Booking={slots.Booking} /> };
        },
      },
    ],
  };
}

export function ordersRoutes(slots: OrderScreenSlots): RouteObject[] {
  return [kindRoutes('purch', slots), kindRoutes('sales', slots)];
}
