import type { views } from '@extranet/contract';

/** Every views query lives under VIEWS_KEY: a save, delete or pin refreshes menus and dashboard together. */
export const VIEWS_KEY = ['views'] as const;

export const viewsKeys = {
  list: (list: views.ViewList) => [...VIEWS_KEY, 'list', list] as const,
  pinned: () => [...VIEWS_KEY, 'pinned'] as const,
};
