import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../shared/navigation';

/** SPEC.md §2 'Stock'. */
export const stockRoutes: RouteObject[] = [
  {
    path: 'stock',
    handle: { breadcrumb: 'stock.breadcrumb' } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./pages/stock-page')).StockPage }),
  },
];
