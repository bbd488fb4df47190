import type { Actor } from '../http/session';

/**
 * The server itself reading records of any company (the warehouse link, webhook events): as role
 * 99 does, through the same queries the calls use. Never the actor of a request.
 */
export const SYSTEM_ACTOR: Actor = {
  sessionId: 0,
  token: '',
  userId: 0,
  username: 'system',
  fio: null,
  email: null,
  lang: 'en',
  role: 99,
  limited: false,
  secondFactorSetup: false,
  permissions: new Set(),
  companyIds: [],
  isAdmin: true,
  hasNewNotifications: false,
};
