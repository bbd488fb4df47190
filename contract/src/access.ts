export const PERMISSIONS = ['umgr', 'cmgr', 'stck', 'pord', 'sord', 'reps'] as const;
export type Permission = (typeof PERMISSIONS)[number];
/** The reference names of SPEC.md §5 (the web shows its own translations). */
export const PERMISSION_NAMES: Record<Permission, string> = {
  umgr: 'Manage users',
  cmgr: 'Manage catalogs',
  stck: 'View stock',
  pord: 'Purchase orders',
  sord: 'Sales orders',
  reps: 'Reports',
};

/** Role ids of SPEC.md §3, lowest to highest. */
export const ROLES = [1, 7, 81, 99] as const;
export type RoleId = (typeof ROLES)[number];
export const ROLE_ADMIN: RoleId = 99;
export const ROLE_NAMES: Record<RoleId, string> = {
  1: 'Operator',
  7: 'Manager',
  81: 'Provider manager',
  99: 'Provider administrator',
};

/**
 * The permissions a role usually has: a new user of the role starts with them ticked, changeable
 * before saving (an operator orders and sees stock; a manager does all but the catalogs).
 */
export const ROLE_USUAL_PERMISSIONS: Record<RoleId, readonly Permission[]> = {
  1: ['stck', 'pord', 'sord'],
  7: ['umgr', 'stck', 'pord', 'sord', 'reps'],
  81: ['umgr', 'stck', 'pord', 'sord', 'reps'],
  99: PERMISSIONS,
};

/**
 * `omov`: the moves of orders (progress and warehouse status), apart from colleagues' messages
 * about orders (`pord`, `sord`), so that a user can keep the one and mute the other.
 */
export const NOTIFICATION_TYPES = ['bcst', 'nrml', 'prvt', 'pord', 'sord', 'omov'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATION_TYPE_NAMES: Record<NotificationType, string> = {
  bcst: 'Broadcast messages',
  nrml: 'Regular messages',
  prvt: 'Private messages',
  pord: 'Purchase order messages',
  sord: 'Sales order messages',
  omov: 'Order progress and status moves',
};

export const LANGUAGES = ['en', 'ru', 'lv'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function roleRank(role: number): number {
  return ROLES.indexOf(role as RoleId);
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
