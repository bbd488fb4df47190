import { graphs } from '@extranet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';

export function listPurchStatuses(options?: CallOptions) {
  return callApi(graphs.listPurchStatuses, {}, options);
}

/** Under ['graphs']: every progress move of an order refreshes the dashboard's counts. */
export function getListPurchStatusesQueryOptions() {
  return queryOptions({
    queryKey: ['graphs', 'purch-statuses'] as const,
    queryFn: ({ signal }) => listPurchStatuses({ signal }),
  });
}

export function useListPurchStatuses(enabled = true) {
  return useQuery({ ...getListPurchStatusesQueryOptions(), enabled });
}
