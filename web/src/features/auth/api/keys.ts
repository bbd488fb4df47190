import type { auth } from '@extranet/contract';

/**
 * Query keys of the auth feature. Every user list and profile lives under USERS_KEY, so a change
 * to any user invalidates them together.
 */
export const USERS_KEY = ['auth', 'users'] as const;

export const authKeys = {
  userList: (request: auth.ListUsersRequest) => [...USERS_KEY, 'list', request] as const,
  profile: (userId: number | 'self') => [...USERS_KEY, 'profile', userId] as const,
  addUserDefaults: () => ['auth', 'add-user-defaults'] as const,
  roles: (view: boolean) => ['auth', 'roles', { view }] as const,
  permissions: () => ['auth', 'permissions'] as const,
  companies: (request: object) => ['auth', 'companies', request] as const,
  emailRates: () => ['notifications', 'email-rates'] as const,
  notificationTypes: () => ['notifications', 'notification-types'] as const,
  sessions: () => ['auth', 'sessions'] as const,
};
