import type { OrderKind } from '../api/keys';

/**
 * The order's discussion with its new-comment form (SPEC.md §2 'View order'). The discussions
 * feature provides the panel; until it exists the view shows none.
 */
export function OrderDiscussion(_props: { kind: OrderKind; headId: number }) {
  return null;
}
