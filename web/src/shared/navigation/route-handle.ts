import type { ReactNode } from 'react';
import type { UIMatch } from 'react-router';

/**
 * Route metadata (`handle`) read by the layout. `breadcrumb` is an i18n key, or a function of the
 * match for crumbs that depend on data (an order's external code, a user's name).
 */
export interface RouteHandle {
  breadcrumb?: string | ((match: UIMatch) => ReactNode);
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null;
}
