import { useInfiniteQuery } from '@tanstack/react-query';
import { getDiscussionPurchQueryOptions } from './get-discussion-purch';
import { getDiscussionSalesQueryOptions } from './get-discussion-sales';
import type { OrderKind } from './keys';

/** The discussion of a purchase or a sales order (get_discussion_purch or _sales). */
export function useOrderDiscussion(kind: OrderKind, headId: number) {
  return useInfiniteQuery(
    kind === 'purch' ? getDiscussionPurchQueryOptions(headId) : getDiscussionSalesQueryOptions(headId),
  );
}
