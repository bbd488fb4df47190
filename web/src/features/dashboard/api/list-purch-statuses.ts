import { graphs } from '@extranet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi, useBackgroundRefresh } from '../../../shared/api';

/** Moves in a burst (the warehouse at work): the counts are read again every 2 s at most. */
const COUNTS_REFRESH_GAP_MS = 2_000;

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

/** The counts, kept current while the dashboard is open (the warehouse moves orders on its own). */
export function useListPurchStatuses(enabled = true) {
  const options = getListPurchStatusesQueryOptions();
  useBackgroundRefresh({
    queryKey: options.queryKey,
    fetch: listPurchStatuses,
    enabled,
    refreshOn: (move) => move.kind === 'purch',
    minGapMs: COUNTS_REFRESH_GAP_MS,
  });
  return useQuery({ ...options, enabled });
}
