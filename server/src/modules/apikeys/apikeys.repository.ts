import type { apikeys as contract } from '@extranet/contract';
import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { apiKeyCompanies, apiKeys, companies, users } from '../../db/schema';
import { orderingSql, pageWindow, totalOf } from '../../http/lists';

/** Whose keys a caller sees: role 99 every key; anyone else keys of their own companies only. */
export interface KeyScope {
  userId: number;
  /** Undefined: every company (role 99). */
  companyIds?: readonly number[];
}

const KEY_ID = sql.raw('"api_keys"."id"');
const ids = (values: readonly number[]) =>
  sql.join(
    values.map((id) => sql`${id}`),
    sql`, `,
  );
const TODAY = sql`(now() at time zone 'UTC')::date`;

/**
 * A key is the caller's to see when every company of it is one of the caller's (as `manageable`
 * asks of a user), or when the caller made it. Found through the company index first.
 */
function scopeCondition(scope: KeyScope): SQL | undefined {
  if (!scope.companyIds) return undefined;
  if (scope.companyIds.length === 0) return eq(apiKeys.userId, scope.userId);
  const mine = ids(scope.companyIds);
  return sql`(${apiKeys.userId} = ${scope.userId} or (
    ${apiKeys.id} in (select kc.api_key_id from api_key_companies as kc where kc.company_id in (${mine}))
    and not exists (select 1 from api_key_companies as kc where kc.api_key_id = ${KEY_ID}
      and kc.company_id not in (${mine}))))`;
}

const isActive = sql`(${apiKeys.revokedAt} is null and ${apiKeys.expiresOn} >= ${TODAY})`;

const keyColumns = {
  key_id: apiKeys.id,
  name: apiKeys.name,
  secret_hint: apiKeys.secretHint,
  permissions: apiKeys.permissions,
  scopes: apiKeys.scopes,
  owner: { user_id: users.id, username: users.username },
  created: apiKeys.createdAt,
  expires: apiKeys.expiresOn,
  last_used: apiKeys.lastUsedAt,
  revoked: apiKeys.revokedAt,
  expired: sql<boolean>`(${apiKeys.expiresOn} < ${TODAY})`,
};

export async function listKeys(db: Executor, scope: KeyScope, query: contract.ListKeysRequest) {
  const { filters } = query;
  const window = pageWindow(query);
  const where = and(
    scopeCondition(scope),
    filters.active === undefined ? undefined : filters.active ? isActive : sql`not ${isActive}`,
    filters.company_id === undefined
      ? undefined
      : sql`${apiKeys.id} in (select kc.api_key_id from api_key_companies as kc where kc.company_id = ${filters.company_id})`,
  );
  const rows = await db
    .select(keyColumns)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(where)
    // Ids grow with creation time: the primary key serves the newest-first order.
    .orderBy(...orderingSql(query.ordering, { created: apiKeys.id }, apiKeys.id, [desc(apiKeys.id)]))
    .limit(window.limit)
    .offset(window.offset);
  const total = await totalOf(query, () =>
    db.select({ value: count() }).from(apiKeys).innerJoin(users, eq(users.id, apiKeys.userId)).where(where),
  );
  return { rows, total };
}

/** The companies of the listed keys, in one query. */
export async function companiesOfKeys(db: Executor, keyIds: number[]) {
  if (keyIds.length === 0) return [];
  return db
    .select({ keyId: apiKeyCompanies.apiKeyId, company_id: companies.id, name: companies.name })
    .from(apiKeyCompanies)
    .innerJoin(companies, eq(companies.id, apiKeyCompanies.companyId))
    .where(inArray(apiKeyCompanies.apiKeyId, keyIds))
    .orderBy(companies.name, companies.id);
}

/** The active companies among `companyIds`. */
export async function activeCompanyIds(db: Executor, companyIds: number[]): Promise<number[]> {
  if (companyIds.length === 0) return [];
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(inArray(companies.id, companyIds), eq(companies.active, true)));
  return rows.map((row) => row.id);
}

export async function insertKey(
  db: Executor,
  values: Omit<typeof apiKeys.$inferInsert, 'id'>,
  companyIds: number[],
): Promise<number> {
  const [row] = await db.insert(apiKeys).values(values).returning({ id: apiKeys.id });
  await db.insert(apiKeyCompanies).values(companyIds.map((companyId) => ({ apiKeyId: row!.id, companyId })));
  return row!.id;
}

/** A key the scope sees, whatever its state; undefined for a missing one and another's alike. */
export async function findKey(db: Executor, scope: KeyScope, keyId: number) {
  const [row] = await db
    .select({ id: apiKeys.id, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), scopeCondition(scope)));
  return row;
}

export async function revokeKey(db: Executor, keyId: number, revokedBy: number): Promise<void> {
  await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()`, revokedBy })
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)));
}
