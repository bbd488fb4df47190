import type { discussions } from '@extranet/contract';
import { DISCUSSIONS_KEY } from '../../../shared/api/query-keys';

export { DISCUSSIONS_KEY };

export type Visibility = discussions.Visibility;
export type OrderKind = 'purch' | 'sales';

export const discussionsKeys = {
  allLists: () => [...DISCUSSIONS_KEY, 'list'] as const,
  lists: (visibility: Visibility) => [...DISCUSSIONS_KEY, 'list', visibility] as const,
  list: (visibility: Visibility, request: discussions.ListDiscussionsRequest) =>
    [...DISCUSSIONS_KEY, 'list', visibility, request] as const,
  general: (discussionId: number) => [...DISCUSSIONS_KEY, 'general', discussionId] as const,
  order: (kind: OrderKind, headId: number) => [...DISCUSSIONS_KEY, 'order', kind, headId] as const,
};
