import { lazy } from 'react';

/** The dashboard's pinned saved views: the views feature's cards, lent to the dashboard (app/router.tsx). */
export const PinnedViews = lazy(async () => {
  const { PinnedViews } = await import('../features/views/components/pinned-views');
  return { default: PinnedViews };
});
