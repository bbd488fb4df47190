import { discussions } from '@extranet/contract';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type CallOptions, callApi } from '../../../shared/api';
import { discussionsKeys } from './keys';
import { getThreadQueryOptions } from './list-comments';

export function getDiscussionGeneral(discussionId: number, options?: CallOptions) {
  return callApi(discussions.getDiscussionGeneral, { discussion_id: discussionId }, options);
}

/**
 * Fetched again whenever a thread is opened, however recently it was seen: what came since shows,
 * and the server records the reader has seen it (the lists' unread marks).
 */
export function getDiscussionGeneralQueryOptions(discussionId: number) {
  return {
    ...getThreadQueryOptions(discussionsKeys.general(discussionId), (options) =>
      getDiscussionGeneral(discussionId, options),
    ),
    staleTime: 0,
  };
}

/** The thread; each answer also marks it read on the server, which makes the lists' unread marks stale. */
export function useDiscussionGeneral(discussionId: number) {
  const queryClient = useQueryClient();
  const thread = useInfiniteQuery(getDiscussionGeneralQueryOptions(discussionId));
  const { dataUpdatedAt } = thread;
  useEffect(() => {
    if (dataUpdatedAt) void queryClient.invalidateQueries({ queryKey: discussionsKeys.allLists() });
  }, [dataUpdatedAt, queryClient]);
  return thread;
}
