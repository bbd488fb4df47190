import { OrderDiscussionPanel } from '../../discussions/components/order-discussion-panel';
import type { OrderKind } from '../api/keys';

/**
 * The order's discussion with its new-comment form (SPEC.md §2 'View order'): the discussions
 * feature's panel, the one import across features the order views make.
 */
export function OrderDiscussion({ kind, headId }: { kind: OrderKind; headId: number }) {
  return <OrderDiscussionPanel kind={kind} headId={headId} />;
}
