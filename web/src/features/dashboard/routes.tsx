import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/** What the app lends the dashboard from other features: the pinned saved views (features/views). */
export interface DashboardSlots {
  PinnedViews: ComponentType;
}

export function dashboardRoutes(slots: DashboardSlots): RouteObject[] {
  return [
    {
      index: true,
      lazy: async () => {
        const { DashboardPage } = await import('./pages/dashboard-page');
        return { Component: () => <DashboardPage slots={slots} /> };
      },
    },
  ];
}
