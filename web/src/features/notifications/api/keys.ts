import type { notifications } from '@extranet/contract';

/** Every notifications query lives under NOTIFICATIONS_KEY: marking one read refreshes them all. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;

export const notificationsKeys = {
  recent: () => [...NOTIFICATIONS_KEY, 'recent'] as const,
  list: (request: notifications.ListNotificationsRequest) => [...NOTIFICATIONS_KEY, 'list', request] as const,
};
