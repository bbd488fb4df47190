import { type CallRequest, discussions } from '@extranet/contract';
import { type InfiniteData, infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { type CallOptions, callApi } from '../../../shared/api';

export type ListCommentsInput = CallRequest<typeof discussions.listComments>;

export function listComments(input: ListCommentsInput, options?: CallOptions) {
  return callApi(discussions.listComments, input, options);
}

/** One page of a thread: the discussion with its latest comments, then pages of earlier ones. */
interface ThreadPage {
  /** On the first page only. */
  discussion?: discussions.Discussion;
  /** Oldest first. */
  comments: discussions.Comment[];
  more: boolean;
}

/** The loaded pages as one discussion: every loaded comment, oldest first. */
function toThread({ pages }: InfiniteData<ThreadPage, ListCommentsInput | null>): discussions.Discussion {
  const comments = pages.toReversed().flatMap((page) => page.comments);
  return {
    ...pages[0]!.discussion!,
    files: comments.flatMap((comment) => comment.files),
    comments,
    more_comments: pages.at(-1)!.more,
  };
}

/**
 * A thread as an infinite query under its discussion's key: the first page is the discussion with
 * its latest comments, each next one the comments before the oldest loaded (list_comments). A
 * refresh refetches the pages in turn, each from the oldest comment of the one before, so that a
 * new comment shifting the latest ones leaves no gap.
 */
export function getThreadQueryOptions(
  queryKey: QueryKey,
  getLatest: (options: CallOptions) => Promise<discussions.Discussion>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: async ({ pageParam, signal }): Promise<ThreadPage> => {
      if (pageParam === null) {
        const discussion = await getLatest({ signal });
        return { discussion, comments: discussion.comments, more: discussion.more_comments };
      }
      const earlier = await listComments(pageParam, { signal });
      return { comments: earlier.items, more: earlier.more };
    },
    initialPageParam: null as ListCommentsInput | null,
    getNextPageParam: (last, pages): ListCommentsInput | undefined => {
      const oldest = last.comments[0];
      if (!last.more || !oldest) return undefined;
      return {
        discussion_id: pages[0]!.discussion!.discussion_id,
        before_comment_id: oldest.comment_id,
        count: discussions.COMMENTS_PAGE_SIZE,
      };
    },
    select: toThread,
    meta: { silent: true },
  });
}
