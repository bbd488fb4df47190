// Users, their access, sessions, API keys and sign-in bookkeeping.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, trigram } from './columns';
import { companies } from './companies';
import { emailRates, notificationTypes, permissions, roles } from './reference';

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    username: text().notNull(),
    passwordHash: text().notNull(),
    passwordExpired: boolean().notNull().default(false),
    fio: text(),
    email: text(),
    lang: text().notNull().default('en'),
    roleId: integer()
      .notNull()
      .references(() => roles.id),
    excluded: boolean().notNull().default(false),
    loginFailures: integer().notNull().default(0),
    tooManyLoginFailures: boolean().notNull().default(false),
    /** The TOTP secret, encrypted with SECRET_KEY (AES-256-GCM); null: no second factor. */
    totpSecret: text(),
    /** When the second factor was confirmed; a secret without it is a setup under way. */
    totpEnabledAt: timestamp({ withTimezone: true }),
    /** The time step of the last code accepted: that step and earlier ones are refused (RFC 6238 §5.2). */
    totpLastStep: bigint({ mode: 'number' }),
    emailRateId: integer().references(() => emailRates.id),
    /** The single sign-on provider's `sub` of this person, stored at their first SSO sign-in. */
    ssoSubject: text(),
    lastSummaryAt: timestamp({ withTimezone: true }),
    creationDate: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_sso_subject_idx').on(t.ssoSubject),
    index().on(t.roleId),
    trigram('users_username_trgm_idx', t.username),
    trigram('users_fio_trgm_idx', t.fio),
    trigram('users_email_trgm_idx', t.email),
  ],
);

export const userCompanies = pgTable(
  'user_companies',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] }), index().on(t.companyId, t.userId)],
);

export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permId: text()
      .notNull()
      .references(() => permissions.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permId] }), index().on(t.permId)],
);

export const userNotificationTypes = pgTable(
  'user_notification_types',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ntfyId: text()
      .notNull()
      .references(() => notificationTypes.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ntfyId] })],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial().primaryKey(),
    /** SHA-256 of the token, hex; the token itself is never stored. */
    tokenHash: text().notNull().unique(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    limited: boolean().notNull().default(false),
    createdAt: createdAt(),
    idleExpiresAt: timestamp({ withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    /** Limited until the user sets up the second factor their company requires. */
    secondFactorSetup: boolean().notNull().default(false),
    userAgent: text(),
    address: text(),
    /** The last call that extended the session (the 10-second refresh does not count). */
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId)],
);

/**
 * API keys: a company's systems call the API as the key's owner, within the key's permissions and
 * companies. Only the SHA-256 of the secret is kept (a 256-bit random secret needs no slow hash).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial().primaryKey(),
    secretHash: text().notNull().unique(),
    /** The secret's last four characters, to tell keys apart in the list. */
    secretHint: text().notNull(),
    /** Who made it: the key acts as this user; it stops working when the user does. */
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    permissions: text().array().notNull(),
    /** What the key may do beyond its permissions (contract apikeys.KEY_SCOPES): `personal`. */
    scopes: text().array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    /** The last day (UTC) the key works. */
    expiresOn: date({ mode: 'string' }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    revokedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index().on(t.userId)],
);

/** The companies an API key works for: some or all of its owner's. */
export const apiKeyCompanies = pgTable(
  'api_key_companies',
  {
    apiKeyId: integer()
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.companyId] }), index().on(t.companyId, t.apiKeyId)],
);

/**
 * Failed sign-ins per lower-cased username, whether a user has that name or not, in a burst (no
 * pause of LOGIN_LOCK_MINUTES): they slow every sign-in of the username, from any address.
 */
export const loginFailures = pgTable('login_failures', {
  usernameKey: text().primaryKey(),
  failures: integer().notNull().default(0),
  lastFailureAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Failed sign-ins in a row of a username from one client address: five lock the username at that
 * address only, for LOGIN_LOCK_MINUTES (`lockedUntil` lifts by itself).
 */
export const loginAddressFailures = pgTable(
  'login_address_failures',
  {
    usernameKey: text().notNull(),
    address: text().notNull(),
    failures: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    lastFailureAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.usernameKey, t.address] })],
);

/** Wrong second-factor codes of a user in a window of LOGIN_LOCK_MINUTES; the tenth locks it. */
export const secondFactorFailures = pgTable('second_factor_failures', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  failures: integer().notNull().default(0),
  windowStartedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp({ withTimezone: true }),
});

/**
 * A single sign-on under way: the browser's trip to the provider (state, nonce and PKCE verifier,
 * found by the state's SHA-256), then the one-time code the web exchanges for a session (found by
 * its SHA-256). Each row is used once and lives minutes.
 */
export const ssoSignIns = pgTable(
  'sso_sign_ins',
  {
    id: serial().primaryKey(),
    stateHash: text().unique(),
    nonce: text(),
    codeVerifier: text(),
    handoffHash: text().unique(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    /** The provider's ID token said a second factor was used (`amr`). */
    secondFactorDone: boolean().notNull().default(false),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.expiresAt)],
);

/** One-time recovery codes of a second factor, hashed like passwords; each works once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId)],
);
