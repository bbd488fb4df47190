import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../shared/navigation';
import { CompanyCrumb } from './components/company-crumb';

/** Management → Companies (role 99): the list, a new company, and a company's page. */
export const companiesRoutes: RouteObject[] = [
  {
    path: 'companies',
    handle: { breadcrumb: 'companies.breadcrumbs.list' } satisfies RouteHandle,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./pages/companies-page')).CompaniesPage }),
      },
      {
        path: 'add',
        handle: { breadcrumb: 'companies.breadcrumbs.add' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./pages/company-add-page')).CompanyAddPage }),
      },
      {
        path: ':companyId',
        handle: {
          breadcrumb: (match) => <CompanyCrumb companyId={Number(match.params.companyId)} />,
        } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./pages/company-page')).CompanyPage }),
      },
    ],
  },
];
