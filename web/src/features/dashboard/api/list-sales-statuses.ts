import { graphs } from '@extranet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi, useBackgroundRefresh } from '../../../shared/api';

/** Moves in a burst (the warehouse at work): the counts are read again every 2 s at most. */
const COUNTS_REFRESH_GAP_MS = 2_000;

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

/** The counts, kept current while the dashboard is open (the warehouse moves orders on its own). */
export function useListSalesStatuses(enabled = true) {
  const options = getListSalesStatusesQueryOptions();
  useBackgroundRefresh({
    queryKey: options.queryKey,
    fetch: listSalesStatuses,
    enabled,
    refreshOn: (move) => move.kind === 'sales',
    minGapMs: COUNTS_REFRESH_GAP_MS,
  });
  return useQuery({ ...options, enabled });
}
