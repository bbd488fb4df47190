import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  companies,
  emailRates,
  userCompanies,
  userNotificationTypes,
  userPermissions,
  users,
} from '../../db/schema';
import { aliased as as } from '../../http/export';
import { ilikeAny, type ListQuery, orderingSql, pageWindow } from '../../http/lists';
import { lockedNowSql } from './lockout';

// Columns inside sql`` of a select list are rendered unqualified by Drizzle; a subquery needs
// the outer row's id spelled out.
const USERS_ID = sql.raw('"users"."id"');

export interface UserScope {
  /** undefined: every user (role 99). */
  companyIds?: readonly number[];
}

function scopeCondition(scope: UserScope): SQL | undefined {
  if (!scope.companyIds) return undefined;
  if (scope.companyIds.length === 0) return sql`false`;
  return sql`exists (select 1 from ${userCompanies} where ${userCompanies.userId} = ${USERS_ID} and ${inArray(userCompanies.companyId, [...scope.companyIds])})`;
}

/** Users of one company; a company outside the scope has none, as if it did not exist. */
function companyCondition(scope: UserScope, companyId: number): SQL {
  if (scope.companyIds && !scope.companyIds.includes(companyId)) return sql`false`;
  return sql`exists (select 1 from ${userCompanies} where ${userCompanies.userId} = ${USERS_ID} and ${userCompanies.companyId} = ${companyId})`;
}

export interface UserFilters {
  role_id?: number;
  company_id?: number;
  smart?: string;
  user_id_list?: number[];
}

function userListWhere(scope: UserScope, filters: UserFilters) {
  return and(
    scopeCondition(scope),
    filters.role_id === undefined ? undefined : eq(users.roleId, filters.role_id),
    filters.company_id === undefined ? undefined : companyCondition(scope, filters.company_id),
    filters.smart ? ilikeAny(filters.smart, users.username, users.fio, users.email) : undefined,
    filters.user_id_list
      ? inArray(users.id, filters.user_id_list.length ? filters.user_id_list : [0])
      : undefined,
  );
}

type UserOrdering = 'user_id' | 'username' | 'fio' | 'email' | 'role';

function userOrderBy(ordering: UserOrdering | `-${UserOrdering}` | undefined) {
  return orderingSql(
    ordering,
    { user_id: users.id, username: users.username, fio: users.fio, email: users.email, role: users.roleId },
    users.id,
    [sql`${USERS_ID} asc`],
  );
}

export async function listUsers(
  db: Executor,
  scope: UserScope,
  query: ListQuery<UserOrdering> & { filters: UserFilters },
) {
  const where = userListWhere(scope, query.filters);
  const rows = await db
    .select({
      user_id: users.id,
      username: users.username,
      fio: users.fio,
      email: users.email,
      role: users.roleId,
      excluded: users.excluded,
    })
    .from(users)
    .where(where)
    .orderBy(...userOrderBy(query.ordering))
    .limit(pageWindow(query).limit)
    .offset(pageWindow(query).offset);
  const total = query.with_total
    ? ((await db.select({ value: count() }).from(users).where(where))[0]?.value ?? 0)
    : undefined;
  return { rows, total };
}

/** The users the list shows, for the export (http/export.ts). */
export function userExportQuery(
  db: Executor,
  scope: UserScope,
  query: { filters: UserFilters; ordering?: UserOrdering | `-${UserOrdering}` },
): SQL {
  return db
    .select({
      user_id: as(users.id, 'user_id'),
      username: as(users.username, 'username'),
      fio: as(users.fio, 'fio'),
      email: as(users.email, 'email'),
      role: as(users.roleId, 'role'),
      lang: as(users.lang, 'lang'),
      companies: as(
        sql`(select string_agg(c.name, ', ' order by c.name) from ${userCompanies} uc join ${companies} c on c.id = uc.company_id where uc.user_id = ${USERS_ID})`,
        'companies',
      ),
      excluded: as(users.excluded, 'excluded'),
    })
    .from(users)
    .where(userListWhere(scope, query.filters))
    .orderBy(...userOrderBy(query.ordering))
    .getSQL();
}

export async function isUserVisible(db: Executor, scope: UserScope, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), scopeCondition(scope)));
  return row !== undefined;
}

/** A user with companies, permissions and notification types, in one query. */
export async function findUserDetails(db: Executor, userId: number) {
  const [row] = await db
    .select({
      user: users,
      companies: sql<
        Array<{ company_id: number; name: string }>
      >`coalesce((select json_agg(json_build_object('company_id', c.id, 'name', c.name) order by c.name) from ${userCompanies} uc join ${companies} c on c.id = uc.company_id where uc.user_id = ${USERS_ID}), '[]'::json)`,
      permissions: sql<
        string[]
      >`array(select ${userPermissions.permId} from ${userPermissions} where ${userPermissions.userId} = ${USERS_ID} order by 1)`,
      notifications: sql<
        string[]
      >`array(select ${userNotificationTypes.ntfyId} from ${userNotificationTypes} where ${userNotificationTypes.userId} = ${USERS_ID} order by 1)`,
      lockedNow: lockedNowSql(),
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
export type UserDetails = NonNullable<Awaited<ReturnType<typeof findUserDetails>>>;

export async function usernameTaken(db: Executor, username: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row !== undefined && row.id !== exceptUserId;
}

export async function existingCompanyIds(db: Executor, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: companies.id }).from(companies).where(inArray(companies.id, ids));
  return rows.map((row) => row.id);
}

export async function emailRateExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: emailRates.id }).from(emailRates).where(eq(emailRates.id, id));
  return row !== undefined;
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

export async function updateUser(db: Executor, userId: number, values: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(values).where(eq(users.id, userId));
}

export async function replaceUserCompanies(db: Executor, userId: number, companyIds: number[]) {
  await db.delete(userCompanies).where(eq(userCompanies.userId, userId));
  if (companyIds.length)
    await db.insert(userCompanies).values(companyIds.map((companyId) => ({ userId, companyId })));
}

export async function replaceUserPermissions(db: Executor, userId: number, permIds: string[]) {
  await db.delete(userPermissions).where(eq(userPermissions.userId, userId));
  if (permIds.length) await db.insert(userPermissions).values(permIds.map((permId) => ({ userId, permId })));
}

export async function replaceUserNotificationTypes(db: Executor, userId: number, ntfyIds: string[]) {
  await db.delete(userNotificationTypes).where(eq(userNotificationTypes.userId, userId));
  if (ntfyIds.length) {
    await db.insert(userNotificationTypes).values(ntfyIds.map((ntfyId) => ({ userId, ntfyId })));
  }
}

export async function listCompanies(
  db: Executor,
  scope: UserScope,
  query: ListQuery<'name'> & { filters: { company_id_list?: number[]; smart?: string } },
) {
  const { filters } = query;
  const where = and(
    scope.companyIds
      ? inArray(companies.id, scope.companyIds.length ? [...scope.companyIds] : [0])
      : undefined,
    filters.company_id_list
      ? inArray(companies.id, filters.company_id_list.length ? filters.company_id_list : [0])
      : undefined,
    // A deactivated company is offered to no picker; named by id, it is still found.
    filters.company_id_list ? undefined : eq(companies.active, true),
    filters.smart ? ilikeAny(filters.smart, companies.name) : undefined,
  );
  const rows = await db
    .select({
      company_id: companies.id,
      name: companies.name,
      second_factor_required: companies.secondFactorRequired,
    })
    .from(companies)
    .where(where)
    .orderBy(
      ...orderingSql(query.ordering, { name: companies.name }, companies.id, [sql`${companies.name} asc`]),
    )
    .limit(pageWindow(query).limit)
    .offset(pageWindow(query).offset);
  const total = query.with_total
    ? ((await db.select({ value: count() }).from(companies).where(where))[0]?.value ?? 0)
    : undefined;
  return { rows, total };
}

export async function setCompanySsoRequired(db: Executor, companyId: number, required: boolean) {
  const rows = await db
    .update(companies)
    .set({ ssoRequired: required })
    .where(eq(companies.id, companyId))
    .returning({ id: companies.id });
  return rows.length > 0;
}

export async function setCompanySecondFactorRequired(db: Executor, companyId: number, required: boolean) {
  const rows = await db
    .update(companies)
    .set({ secondFactorRequired: required })
    .where(eq(companies.id, companyId))
    .returning({ id: companies.id });
  return rows.length > 0;
}
