import { views } from '@extranet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
import { viewsKeys } from './keys';

export function listPinnedViews(options?: CallOptions) {
  return callApi(views.listPinnedViews, {}, options);
}

export function getListPinnedViewsQueryOptions() {
  return queryOptions({
    queryKey: viewsKeys.pinned(),
    queryFn: ({ signal }) => listPinnedViews({ signal }),
    // The cards' own place says what went wrong (DataState): the dashboard is not covered in toasts.
    meta: { silent: true },
  });
}

export function useListPinnedViews() {
  return useQuery(getListPinnedViewsQueryOptions());
}
