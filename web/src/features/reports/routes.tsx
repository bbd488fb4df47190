import type { RouteObject, UIMatch } from 'react-router';
import type { RouteHandle } from '../../shared/navigation';
import { ReportCrumb } from './components/report-crumb';

function reportIdOf(match: UIMatch): number {
  return Number(match.params.reportId);
}

/** SPEC.md §2 'Reports': list, add, edit and view. */
export const reportsRoutes: RouteObject[] = [
  {
    path: 'reports',
    handle: { breadcrumb: 'reports.breadcrumbs.list' } satisfies RouteHandle,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./pages/reports-page')).ReportsPage }),
      },
      {
        path: 'add',
        handle: { breadcrumb: 'reports.breadcrumbs.add' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./pages/report-form-page')).ReportAddPage }),
      },
      {
        path: 'edit/:reportId',
        handle: {
          breadcrumb: (match) => <ReportCrumb reportId={reportIdOf(match)} edit />,
        } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./pages/report-form-page')).ReportEditPage }),
      },
      {
        path: 'view/:reportId',
        handle: { breadcrumb: (match) => <ReportCrumb reportId={reportIdOf(match)} /> } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./pages/report-view-page')).ReportViewPage }),
      },
    ],
  },
];
