import type { Visibility } from '../api/keys';

export const discussionPaths = {
  list: () => '/discussions',
  add: (visibility: Visibility) => `/discussions/add/${visibility}`,
  view: (discussionId: number) => `/discussions/view/${discussionId}`,
};
