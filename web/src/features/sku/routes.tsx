import type { RouteObject, UIMatch } from 'react-router';
import type { RouteHandle } from '../../shared/navigation';
import { SkuCrumb } from './components/sku-crumb';

function skuIdOf(match: UIMatch): number {
  return Number(match.params.skuId);
}

/** SPEC.md §2 'SKU list', 'SKU view' and 'SKU edit'. */
export const skuRoutes: RouteObject[] = [
  {
    path: 'sku',
    handle: { breadcrumb: 'sku.breadcrumbs.list' } satisfies RouteHandle,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./pages/sku-list-page')).SkuListPage }),
      },
      {
        path: 'view/:skuId',
        handle: { breadcrumb: (match) => <SkuCrumb skuId={skuIdOf(match)} /> } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./pages/sku-view-page')).SkuViewPage }),
      },
      {
        path: 'edit/:skuId',
        handle: { breadcrumb: (match) => <SkuCrumb skuId={skuIdOf(match)} edit /> } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./pages/sku-edit-page')).SkuEditPage }),
      },
    ],
  },
];
