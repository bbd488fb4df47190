import { graphs } from '@extranet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';

export function listSalesStatuses(options?: CallOptions) {
  return callApi(graphs.listSalesStatuses, {}, options);
}

/** Under ['graphs']: every progress move of an order refreshes the dashboard's counts. */
export function getListSalesStatusesQueryOptions() {
  return queryOptions({
    queryKey: ['graphs', 'sales-statuses'] as const,
    queryFn: ({ signal }) => listSalesStatuses({ signal }),
  });
}

export function useListSalesStatuses(enabled = true) {
  return useQuery({ ...getListSalesStatusesQueryOptions(), enabled });
}
