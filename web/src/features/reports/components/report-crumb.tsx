import type { CallResponse, reports } from '@extranet/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { reportsKeys } from '../api/keys';

/**
 * A breadcrumb naming a report once its page has loaded it: reads the page's cached query only,
 * by its key (the route table loads with the frame; the call and its schemas come with the page).
 */
export function ReportCrumb({ reportId, edit = false }: { reportId: number; edit?: boolean }) {
  const { t } = useTranslation();
  const report = useQuery<CallResponse<typeof reports.viewReport>>({
    queryKey: reportsKeys.one(reportId),
    queryFn: skipToken,
  });
  if (edit) return t('reports.breadcrumbs.edit');
  return report.data?.name ?? t('reports.breadcrumbs.view');
}
