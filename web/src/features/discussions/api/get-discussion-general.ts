import { discussions } from '@extranet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
import { discussionsKeys } from './keys';

export function getDiscussionGeneral(discussionId: number, options?: CallOptions) {
  return callApi(discussions.getDiscussionGeneral, { discussion_id: discussionId }, options);
}

export function getDiscussionGeneralQueryOptions(discussionId: number) {
  return queryOptions({
    queryKey: discussionsKeys.general(discussionId),
    queryFn: ({ signal }) => getDiscussionGeneral(discussionId, { signal }),
    meta: { silent: true },
  });
}

export function useDiscussionGeneral(discussionId: number) {
  return useQuery(getDiscussionGeneralQueryOptions(discussionId));
}
