import type { discussions } from '@extranet/contract';

export type Visibility = discussions.Visibility;
export type OrderKind = 'purch' | 'sales';

/** Every discussions query lives under DISCUSSIONS_KEY: a new comment refreshes lists and threads. */
export const DISCUSSIONS_KEY = ['discussions'] as const;

export const discussionsKeys = {
  lists: (visibility: Visibility) => [...DISCUSSIONS_KEY, 'list', visibility] as const,
  list: (visibility: Visibility, request: discussions.ListDiscussionsRequest) =>
    [...DISCUSSIONS_KEY, 'list', visibility, request] as const,
  general: (discussionId: number) => [...DISCUSSIONS_KEY, 'general', discussionId] as const,
  order: (kind: OrderKind, headId: number) => [...DISCUSSIONS_KEY, 'order', kind, headId] as const,
};
