import { lazy } from 'react';

/**
 * The order view's discussion: the discussions feature's panel, lent to the order screens
 * (features/orders/routes.tsx). Loaded with the view, in a chunk of its own.
 */
export const OrderDiscussion = lazy(async () => {
  const { OrderDiscussionPanel } = await import('../features/discussions/components/order-discussion-panel');
  return { default: OrderDiscussionPanel };
});
