import type { RouteObject, UIMatch } from 'react-router';
import type { RouteHandle } from '../../shared/navigation';
import { DiscussionCrumb } from './components/discussion-crumb';

/** SPEC.md §2: discussions list; add/broadcast, add/normal, add/private; view/:discussionId. */
export const discussionsRoutes: RouteObject[] = [
  {
    path: 'discussions',
    handle: { breadcrumb: 'discussions.breadcrumbs.list' } satisfies RouteHandle,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./pages/discussions-page')).DiscussionsPage }),
      },
      {
        path: 'add/broadcast',
        handle: { breadcrumb: 'discussions.breadcrumbs.addBroadcast' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./pages/discussion-add-page')).BroadcastAddPage }),
      },
      {
        path: 'add/normal',
        handle: { breadcrumb: 'discussions.breadcrumbs.addNormal' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./pages/discussion-add-page')).NormalAddPage }),
      },
      {
        path: 'add/private',
        handle: { breadcrumb: 'discussions.breadcrumbs.addPrivate' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./pages/discussion-add-page')).PrivateAddPage }),
      },
      {
        path: 'view/:discussionId',
        handle: {
          breadcrumb: (match: UIMatch) => (
            <DiscussionCrumb discussionId={Number(match.params.discussionId)} />
          ),
        } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./pages/discussion-view-page')).DiscussionViewPage }),
      },
    ],
  },
];
