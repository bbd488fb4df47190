import { views } from '@extranet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
import { viewsKeys } from './keys';

export function listViews(list: views.ViewList, options?: CallOptions) {
  return callApi(views.listViews, { list }, options);
}

export function getListViewsQueryOptions(list: views.ViewList) {
  return queryOptions({
    queryKey: viewsKeys.list(list),
    queryFn: ({ signal }) => listViews(list, { signal }),
  });
}

/** Read when the menu opens (`enabled`), not with every list. */
export function useListViews(list: views.ViewList, enabled: boolean) {
  return useQuery({ ...getListViewsQueryOptions(list), enabled });
}
