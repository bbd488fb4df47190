import { reports } from '@extranet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
import { reportsKeys } from './keys';

export function viewReport(reportId: number, options?: CallOptions) {
  return callApi(reports.viewReport, { report_id: reportId }, options);
}

export function getViewReportQueryOptions(reportId: number) {
  return queryOptions({
    queryKey: reportsKeys.one(reportId),
    queryFn: ({ signal }) => viewReport(reportId, { signal }),
    // The screen shows report_not_found itself.
    meta: { silent: true },
  });
}

export function useViewReport(reportId: number) {
  return useQuery(getViewReportQueryOptions(reportId));
}
