import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getViewReportQueryOptions } from '../api/view-report';

/** A breadcrumb naming a report once its page has loaded it (reads the page's cached query only). */
export function ReportCrumb({ reportId, edit = false }: { reportId: number; edit?: boolean }) {
  const { t } = useTranslation();
  const report = useQuery({ ...getViewReportQueryOptions(reportId), enabled: false });
  if (edit) return t('reports.breadcrumbs.edit');
  return report.data?.name ?? t('reports.breadcrumbs.view');
}
