import { createHash, randomBytes } from 'node:crypto';
import { type apikeys, PERMISSIONS, type Permission, ROLE_ADMIN } from '@extranet/contract';
import { and, eq, gt, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { companies, notifications, sessions, userCompanies, userPermissions, users } from '../db/schema';
import { type SessionLookup, sessionCacheOf } from './session-cache';

// Columns inside sql`` of a select list are rendered unqualified by Drizzle; a subquery needs
// the outer row's id spelled out.
export const USERS_ID = sql.raw('"users"."id"');

/** Who makes a call: resolved once per request from the session token. */
export interface Actor {
  sessionId: number;
  token: string;
  userId: number;
  username: string;
  fio: string | null;
  email: string | null;
  lang: string;
  role: number;
  /** The password must be changed: only the calls a limited session may make. */
  limited: boolean;
  /** The company requires a second factor the user has not set up: likewise limited. */
  secondFactorSetup: boolean;
  permissions: ReadonlySet<Permission>;
  /** Companies assigned to the user; role 99 sees every company whatever this holds. */
  companyIds: readonly number[];
  isAdmin: boolean;
  hasNewNotifications: boolean;
  /**
   * Set when an API key makes the call (api-key.ts): then there is no session (sessionId 0), the
   * permissions and companies are the key's, and the actor is never role 99's "every company".
   */
  apiKeyId?: number;
  /** With `apiKeyId`: what the key may do beyond its permissions (`personal`). */
  keyScopes?: ReadonlySet<apikeys.KeyScope>;
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only the SHA-256 of a token is stored; lookups by hash are constant-time in effect. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function parseAuthorization(header: string | undefined): string | undefined {
  const match = header?.match(/^SessionCode ([A-Za-z0-9_-]{20,200})$/);
  return match?.[1];
}

/**
 * The columns of the `users` row a call is made as: who, role and permissions. Every way of
 * making a call (a session, an API key, a webhook's owner at delivery) selects these, then
 * `actorOf` builds the Actor, so the three agree on what an actor is.
 */
export const ACTOR_USER_COLUMNS = {
  userId: users.id,
  username: users.username,
  fio: users.fio,
  email: users.email,
  lang: users.lang,
  role: users.roleId,
  permissions: sql<
    string[]
  >`array(select ${userPermissions.permId} from ${userPermissions} where ${userPermissions.userId} = ${USERS_ID})`,
};

/** The active companies of the `users` row (a deactivated company lets no one see its data). */
export const ACTIVE_COMPANY_IDS = sql<
  number[]
>`array(select uc.company_id from ${userCompanies} as uc join ${companies} as c on c.id = uc.company_id
    where uc.user_id = ${USERS_ID} and c.active order by 1)`;

type ActorUserRow = Pick<Actor, 'userId' | 'username' | 'fio' | 'email' | 'lang' | 'role'> & {
  permissions: string[];
  companyIds: number[];
};

/** Only the permissions the product knows, whatever the table holds. */
export const knownPermissions = (names: readonly string[]): Set<Permission> =>
  new Set(names.filter((p): p is Permission => PERMISSIONS.includes(p as Permission)));

/**
 * The Actor of a row selected with ACTOR_USER_COLUMNS and its companies: without a session
 * unless `more` names one.
 */
export function actorOf(row: ActorUserRow, more: Partial<Actor> = {}): Actor {
  return {
    sessionId: 0,
    token: '',
    userId: row.userId,
    username: row.username,
    fio: row.fio,
    email: row.email,
    lang: row.lang,
    role: row.role,
    limited: false,
    secondFactorSetup: false,
    permissions: knownPermissions(row.permissions),
    companyIds: row.companyIds.map(Number),
    isAdmin: row.role === ROLE_ADMIN,
    hasNewNotifications: false,
    ...more,
  };
}

// Aliased in full: in a select list drizzle names columns without their table.
const companyOfUser = (userId: SQL, active: boolean) =>
  sql`exists(select 1 from ${userCompanies} as luc join ${companies} as lc on lc.id = luc.company_id
    where luc.user_id = ${userId} and lc.active = ${active})`;

/**
 * A user all of whose companies are deactivated is kept out: no sign-in, no session. One active
 * company is enough; role 99, who has none, is never kept out this way.
 */
export const companiesLetIn = (userId: SQL) =>
  sql<boolean>`(not ${companyOfUser(userId, false)} or ${companyOfUser(userId, true)})`;

/**
 * One indexed query, prepared once per database (the hot path of every call): the session of a
 * token hash, with its user, permissions and companies.
 */
function buildSessionLookup(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      limited: sessions.limited,
      secondFactorSetup: sessions.secondFactorSetup,
      ...ACTOR_USER_COLUMNS,
      companyIds: ACTIVE_COMPANY_IDS,
      hasNew: sql<boolean>`exists(select 1 from ${notifications} where ${notifications.userId} = ${USERS_ID} and ${notifications.seen} = false)`,
      idleExpiresAt: sessions.idleExpiresAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.idleExpiresAt, sql`now()`),
        gt(sessions.absoluteExpiresAt, sql`now()`),
        eq(users.excluded, false),
        companiesLetIn(USERS_ID),
      ),
    )
    .prepare('find_session');
}

const sessionLookups = new WeakMap<Db, ReturnType<typeof buildSessionLookup>>();

/** The session of a token as the database has it now, with its expiries. */
export async function lookupSession(db: Executor, token: string): Promise<SessionLookup | undefined> {
  // A transaction gets a statement of its own; the database's is prepared once.
  let lookup = sessionLookups.get(db as Db);
  if (!lookup) {
    lookup = buildSessionLookup(db as Db);
    if (sessionCacheOf(db)) sessionLookups.set(db as Db, lookup);
  }
  const [row] = await lookup.execute({ tokenHash: hashToken(token) });
  if (!row) return undefined;
  const actor = actorOf(row, {
    sessionId: row.sessionId,
    token,
    limited: row.limited,
    secondFactorSetup: row.secondFactorSetup,
    hasNewNotifications: row.hasNew,
  });
  return { actor, idleExpiresAt: row.idleExpiresAt, absoluteExpiresAt: row.absoluteExpiresAt };
}

/**
 * Who a session token is: from this instance's short cache (http/session-cache.ts) when it holds
 * the token, else from the database. `hasNewNotifications` may be as old as the cache: get_session
 * asks the database for it (hasUnseenNotifications).
 */
export async function findActor(db: Executor, token: string): Promise<Actor | undefined> {
  const cache = sessionCacheOf(db);
  if (!cache) return (await lookupSession(db, token))?.actor;
  return cache.find(token, hashToken(token), () => lookupSession(db, token));
}

function buildUnseenLookup(db: Db) {
  return db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, sql.placeholder('userId')), eq(notifications.seen, false)))
    .limit(1)
    .prepare('has_unseen_notifications');
}

const unseenLookups = new WeakMap<Db, ReturnType<typeof buildUnseenLookup>>();

/**
 * The header bell's state: from the instance's cache while no write of notifications was seen since
 * it was read (http/session-cache.ts), else from the database.
 */
export async function hasUnseenNotifications(db: Db, userId: number): Promise<boolean> {
  let lookup = unseenLookups.get(db);
  if (!lookup) {
    lookup = buildUnseenLookup(db);
    unseenLookups.set(db, lookup);
  }
  const read = async () => (await lookup.execute({ userId })).length > 0;
  const cache = sessionCacheOf(db);
  return cache ? cache.unseenNotifications(userId, read) : read();
}

/**
 * A call that is not passive extends the session's idle expiry, at most once a minute per
 * instance (TOUCH_EVERY_MS): the expiry then counts from the last call to within a minute, and a
 * busy client costs one UPDATE a minute instead of one a call. The statement starts with a comment
 * so that it does not count as a change of who the session is (db/identity-changes.ts).
 */
export async function slideSession(db: Executor, sessionId: number, idleMinutes: number): Promise<void> {
  const cache = sessionCacheOf(db);
  if (cache && !cache.claimTouch(sessionId)) return;
  await db.execute(
    sql`/* session touch */ update ${sessions} set idle_expires_at = least(now() + make_interval(mins => ${idleMinutes}), absolute_expires_at), last_used_at = now() where id = ${sessionId}`,
  );
}

export async function createSession(
  db: Executor,
  options: {
    userId: number;
    limited: boolean;
    secondFactorSetup?: boolean;
    idleMinutes: number;
    absoluteDays: number;
    /** Where the sign-in came from, for the user's list of sessions. */
    client?: { userAgent?: string; address?: string };
  },
): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: options.userId,
    limited: options.limited,
    secondFactorSetup: options.secondFactorSetup ?? false,
    userAgent: options.client?.userAgent?.slice(0, 500) ?? null,
    address: options.client?.address ?? null,
    idleExpiresAt: sql`now() + make_interval(mins => ${options.idleMinutes})`,
    absoluteExpiresAt: sql`now() + make_interval(days => ${options.absoluteDays})`,
  });
  return token;
}

export async function revokeSession(db: Executor, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user at once, on every instance: they all read this table. */
export async function revokeUserSessions(db: Executor, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/**
 * Ends the sessions of every user of a company but one (the administrator making the change), as
 * when the company starts requiring single sign-on: password sessions must not outlive the rule.
 */
export async function revokeCompanySessions(
  db: Executor,
  companyId: number,
  exceptUserId: number,
): Promise<void> {
  const members = db
    .select({ userId: userCompanies.userId })
    .from(userCompanies)
    .where(eq(userCompanies.companyId, companyId));
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        inArray(sessions.userId, members),
        sql`${sessions.userId} <> ${exceptUserId}`,
        isNull(sessions.revokedAt),
      ),
    );
}

/**
 * Sessions past either expiry or revoked are of no use to anyone (the user's list of sessions
 * shows live ones only): deleted by the hourly clean-up (background.ts).
 */
export async function deleteEndedSessions(db: Executor): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(
      or(
        lte(sessions.idleExpiresAt, sql`now()`),
        lte(sessions.absoluteExpiresAt, sql`now()`),
        isNotNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  return deleted.length;
}
