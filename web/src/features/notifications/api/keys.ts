export const NOTIFICATIONS_KEY = ['notifications'] as const;

export const notificationsKeys = {
  recent: () => [...NOTIFICATIONS_KEY, 'recent'] as const,
};
