import { z } from 'zod';
import { PERMISSIONS, type Permission } from './access';
import { type CallDef, defineCall } from './call';
import { zDate, zDateTime } from './codec';
import { Id, listRequest, listResponse, Ok } from './list';

/**
 * API keys: a company's systems (an ERP, a web shop) call the same API as the web app with
 * `Authorization: Bearer <secret>`, as a user of the company limited to the key's permissions
 * and companies. The secret is answered once, by add_key; the server keeps only its hash.
 */

/** Keys never manage users (nor keys, nor webhooks): umgr is not a key's to hold. */
export const KEY_PERMISSIONS = PERMISSIONS.filter((p): p is Exclude<Permission, 'umgr'> => p !== 'umgr');

/**
 * What a key may do beyond its permissions: `personal`, the calls about its maker as a person
 * (CallDef `personal`: their discussions and files, profile, notifications, settings). A key
 * without it reads only company data its permissions guard.
 */
export const KEY_SCOPES = ['personal'] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

/** Every secret starts so, which tells a key from other tokens (and lets scanners find leaked ones). */
export const KEY_PREFIX = 'exk_';
/** A secret: the prefix and 32 random bytes in base64url. */
export const KEY_SECRET_PATTERN = /^exk_[A-Za-z0-9_-]{43}$/;

/** A key lives at most this many years from the day it is made: secrets get rotated. */
export const KEY_MAX_YEARS = 1;

/** The last day (UTC) a key made on `today` may be valid through. */
export function latestKeyExpiry(today: string): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year + KEY_MAX_YEARS, month - 1, day));
  return date.toISOString().slice(0, 10);
}

/** Today's date in UTC, the calendar a key's expiry is read in. */
export function utcToday(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export const KeyName = z.string().trim().min(1).max(100);

export const AddKeyRequest = z.object({
  name: KeyName,
  permissions: z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length),
  /** Given only when named: a key reads its maker's own discussions, files and inbox with `personal`. */
  scopes: z.array(z.enum(KEY_SCOPES)).max(KEY_SCOPES.length).default([]),
  /** The last day the key works (UTC); from the next day it is refused. */
  expires: zDate,
  /**
   * The companies the key works for, of the caller's own; left out, all of them. Role 99, who
   * sees every company, names them.
   */
  companies: z.array(Id).max(1000).optional(),
});
export type AddKeyRequest = z.infer<typeof AddKeyRequest>;

export const AddKeyResponse = z.object({
  key_id: Id,
  /** Shown this once: only its hash is kept. */
  secret: z.string(),
});
export type AddKeyResponse = z.infer<typeof AddKeyResponse>;

export const KEY_STATUSES = ['active', 'expired', 'revoked'] as const;
export type KeyStatus = (typeof KEY_STATUSES)[number];

export const KeyRow = z.object({
  key_id: Id,
  name: z.string(),
  /** The secret's last four characters, to tell keys apart; never the secret. */
  secret_hint: z.string(),
  permissions: z.array(z.enum(PERMISSIONS)),
  scopes: z.array(z.enum(KEY_SCOPES)),
  companies: z.array(z.object({ company_id: Id, name: z.string() })),
  /** Who made it: the key acts as this user, within its own permissions and companies. */
  owner: z.object({ user_id: Id, username: z.string() }),
  created: zDateTime,
  expires: zDate,
  last_used: zDateTime.nullable(),
  revoked: zDateTime.nullable(),
  status: z.enum(KEY_STATUSES),
});
export type KeyRow = z.infer<typeof KeyRow>;

/**
 * The keys of the caller's companies (a key counts when every company of it is the caller's;
 * role 99: every key), newest first. `active` narrows to keys that work now (true) or to expired
 * and revoked ones (false).
 */
export const ListKeysRequest = listRequest({ active: z.boolean(), company_id: Id }, ['created']);
export type ListKeysRequest = z.infer<typeof ListKeysRequest>;

export const KeyIdRequest = z.object({ key_id: Id });

/** Management of keys is a person's, with umgr; a key itself is refused (sessionOnly). */
const KEYS: Pick<CallDef, 'access' | 'permission' | 'sessionOnly'> = {
  access: 'session',
  permission: ['umgr'],
  sessionOnly: true,
};

export const listKeys = defineCall({
  path: '/apikeys/list_keys',
  summary: "API keys of the caller's companies with their last use, newest first; never their secrets.",
  ...KEYS,
  request: ListKeysRequest,
  response: listResponse(KeyRow),
});

export const addKey = defineCall({
  path: '/apikeys/add_key',
  summary:
    "Makes an API key with a subset of the caller's permissions (never umgr) until an expiry date; answers its secret, shown only now.",
  ...KEYS,
  request: AddKeyRequest,
  response: AddKeyResponse,
  inputFailures: { permissions: { issues: ['invalid_value'], code: 'permission_unknown' } },
});

export const revokeKey = defineCall({
  path: '/apikeys/revoke_key',
  summary: 'Revokes an API key at once, on every instance; a revoked key stays listed.',
  ...KEYS,
  request: KeyIdRequest,
  response: Ok,
});

/** The date rule of add_key, for the form: a problem code of `api_key_expiry_invalid`, or none. */
export function keyExpiryProblem(expires: string, today: string): 'past' | 'too_far' | undefined {
  if (expires < today) return 'past';
  if (expires > latestKeyExpiry(today)) return 'too_far';
  return undefined;
}
