import { randomBytes } from 'node:crypto';
import { apikeys, ROLE_ADMIN } from '@extranet/contract';
import { and, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Executor } from '../db/client';
import { apiKeys, users } from '../db/schema';
import { AppError } from './errors';
import { countHit } from './rate-limit-store';
import {
  ACTOR_USER_COLUMNS,
  type Actor,
  actorOf,
  companiesLetIn,
  hashToken,
  knownPermissions,
  USERS_ID,
} from './session';

// Columns inside sql`` of a select list are rendered unqualified by Drizzle; subqueries name the
// outer rows in full.
const USERS_ROLE = sql.raw('"users"."role_id"');
const KEY_ID = sql.raw('"api_keys"."id"');

const RATE_WINDOW_MS = 60_000;

/** A new secret: the prefix and 256 random bits, so a plain SHA-256 of it is enough to keep. */
export function newKeySecret(): string {
  return `${apikeys.KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** The secret of `Authorization: Bearer <secret>`, when the header holds one of the right shape. */
export function parseBearer(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer +(\S+)$/i);
  const secret = match?.[1];
  return secret && apikeys.KEY_SECRET_PATTERN.test(secret) ? secret : undefined;
}

/**
 * The actor an API key makes its calls as, in one query: its owner, with the key's permissions
 * that the owner still holds (never umgr), and the key's companies that are active and still the
 * owner's (role 99's keys keep the companies named at creation). Revoked or expired keys, keys of
 * a deactivated owner and keys left without a company have none.
 */
export async function findKeyActor(db: Executor, secret: string): Promise<Actor | undefined> {
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      keyPermissions: apiKeys.permissions,
      keyScopes: apiKeys.scopes,
      ...ACTOR_USER_COLUMNS,
      companyIds: sql<number[]>`array(select kc.company_id from api_key_companies as kc
          join companies as c on c.id = kc.company_id
          where kc.api_key_id = ${KEY_ID} and c.active
            and (${USERS_ROLE} = ${ROLE_ADMIN} or exists (select 1 from user_companies as uc
              where uc.user_id = ${USERS_ID} and uc.company_id = kc.company_id))
          order by 1)`,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(
      and(
        eq(apiKeys.secretHash, hashToken(secret)),
        isNull(apiKeys.revokedAt),
        gte(apiKeys.expiresOn, sql`(now() at time zone 'UTC')::date`),
        eq(users.excluded, false),
        companiesLetIn(USERS_ID),
      ),
    );
  if (!row) return undefined;
  const companyIds = row.companyIds.map(Number);
  if (companyIds.length === 0) return undefined;
  return actorOf(
    { ...row, companyIds },
    {
      apiKeyId: row.keyId,
      keyScopes: new Set(
        row.keyScopes.filter((s): s is apikeys.KeyScope =>
          apikeys.KEY_SCOPES.includes(s as apikeys.KeyScope),
        ),
      ),
      // The key's permissions that its owner still holds, never user management.
      permissions: new Set(
        [...knownPermissions(row.keyPermissions)].filter((p) => p !== 'umgr' && row.permissions.includes(p)),
      ),
      // A key works for its companies only, whoever made it.
      isAdmin: false,
    },
  );
}

/**
 * API_KEY_RATE_LIMIT calls a minute per key, counted in the database (one upsert), so every
 * instance shares the count. The answer carries the window's state; past it, 429 with Retry-After.
 */
export async function limitKeyRate(db: Executor, keyId: number, limit: number, reply: FastifyReply) {
  const hits = await countHit(db, `api-key ${keyId}`, RATE_WINDOW_MS);
  const resetSeconds = Math.ceil(hits.ttl / 1000);
  reply.header('X-RateLimit-Limit', limit);
  reply.header('X-RateLimit-Remaining', Math.max(0, limit - hits.current));
  reply.header('X-RateLimit-Reset', resetSeconds);
  if (hits.current > limit) {
    reply.header('Retry-After', resetSeconds);
    throw new AppError('rate_limited');
  }
}

/**
 * Notes the key's last use: written at most once a minute per key, so a busy integration does not
 * turn every call into a write; the list shows the time to the minute.
 */
export async function recordKeyUse(db: Executor, keyId: number): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, keyId),
        or(isNull(apiKeys.lastUsedAt), sql`${apiKeys.lastUsedAt} < now() - interval '1 minute'`),
      ),
    );
}
