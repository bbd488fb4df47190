import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../shared/navigation';

/** Management → API keys (umgr): the company's keys, new ones and revocation. */
export const apiKeysRoutes: RouteObject[] = [
  {
    path: 'apikeys',
    handle: { breadcrumb: 'apikeys.breadcrumbs.list' } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./pages/api-keys-page')).ApiKeysPage }),
  },
];
