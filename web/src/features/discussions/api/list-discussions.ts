import { discussions } from '@extranet/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
import { discussionsKeys, type Visibility } from './keys';

/** list_discussion_broadcast, _normal or _private. */
export function listDiscussions(
  visibility: Visibility,
  request: discussions.ListDiscussionsRequest,
  options?: CallOptions,
) {
  return callApi(discussions.LIST_DISCUSSIONS[visibility], request, options);
}

export function getListDiscussionsQueryOptions(
  visibility: Visibility,
  request: discussions.ListDiscussionsRequest,
) {
  return queryOptions({
    queryKey: discussionsKeys.list(visibility, request),
    queryFn: ({ signal }) => listDiscussions(visibility, request, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useListDiscussions(visibility: Visibility, request: discussions.ListDiscussionsRequest) {
  return useQuery(getListDiscussionsQueryOptions(visibility, request));
}
