import { MAX_PAGE_SIZE, reports } from '@extranet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
import { reportsKeys } from './keys';

/** The whole list at once, by company name then report name, ready to group by company. */
export const ALL_REPORTS: reports.ListReportsRequest = {
  filters: {},
  page: 0,
  count: MAX_PAGE_SIZE,
  ordering: 'company',
  with_total: false,
};

export function listReports(request: reports.ListReportsRequest, options?: CallOptions) {
  return callApi(reports.listReports, request, options);
}

export function getListReportsQueryOptions(request: reports.ListReportsRequest = ALL_REPORTS) {
  return queryOptions({
    queryKey: reportsKeys.list(request),
    queryFn: ({ signal }) => listReports(request, { signal }),
  });
}

export function useListReports(request: reports.ListReportsRequest = ALL_REPORTS) {
  return useQuery(getListReportsQueryOptions(request));
}
