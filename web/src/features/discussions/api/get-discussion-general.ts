import { discussions } from '@extranet/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';
import { discussionsKeys } from './keys';
import { getThreadQueryOptions } from './list-comments';

export function getDiscussionGeneral(discussionId: number, options?: CallOptions) {
  return callApi(discussions.getDiscussionGeneral, { discussion_id: discussionId }, options);
}

export function getDiscussionGeneralQueryOptions(discussionId: number) {
  return getThreadQueryOptions(discussionsKeys.general(discussionId), (options) =>
    getDiscussionGeneral(discussionId, options),
  );
}

export function useDiscussionGeneral(discussionId: number) {
  return useInfiniteQuery(getDiscussionGeneralQueryOptions(discussionId));
}
