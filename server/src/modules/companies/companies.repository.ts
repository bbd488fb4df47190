import { type companies as contract, ROLE_ADMIN } from '@extranet/contract';
import { and, asc, count, eq, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  businessLines,
  companies,
  consignees,
  purchHeads,
  salesHeads,
  skus,
  userCompanies,
  users,
  wmsEvents,
} from '../../db/schema';
import { idListCondition, ilikeAny, orderingSql, pageWindow, totalOf } from '../../http/lists';

// In a select list drizzle names columns without their table, which a subquery would take for its
// own: the correlated counts name theirs in full.
const COMPANY_ID = sql.raw('"companies"."id"');

const companyColumns = {
  company_id: companies.id,
  code: companies.code,
  name: companies.name,
  active: companies.active,
  second_factor_required: companies.secondFactorRequired,
  sso_required: companies.ssoRequired,
  users: sql<number>`(select count(*) from ${userCompanies} as uc where uc.company_id = ${COMPANY_ID})::int`,
  consignees: sql<number>`(select count(*) from ${consignees} as cn where cn.company_id = ${COMPANY_ID})::int`,
};

export async function listCompanies(db: Executor, query: contract.ListCompaniesRequest) {
  const { filters } = query;
  const window = pageWindow(query);
  const where: SQL | undefined = and(
    idListCondition(companies.id, filters.company_id_list),
    filters.active === undefined ? undefined : eq(companies.active, filters.active),
    filters.smart ? ilikeAny(filters.smart, companies.code, companies.name) : undefined,
  );
  const rows = await db
    .select(companyColumns)
    .from(companies)
    .where(where)
    .orderBy(
      ...orderingSql(query.ordering, { code: companies.code, name: companies.name }, companies.id, [
        asc(companies.name),
        asc(companies.id),
      ]),
    )
    .limit(window.limit)
    .offset(window.offset);
  const total = await totalOf(query, () => db.select({ value: count() }).from(companies).where(where));
  return { rows, total };
}

export async function findCompany(db: Executor, companyId: number) {
  const [row] = await db.select(companyColumns).from(companies).where(eq(companies.id, companyId));
  return row;
}

export async function listCompanyConsignees(db: Executor, companyId: number, limit: number) {
  return db
    .select({
      consignee_id: consignees.id,
      code: consignees.code,
      name: consignees.name,
      business_line: { business_line_id: businessLines.id, name: businessLines.name },
      active: consignees.active,
    })
    .from(consignees)
    .innerJoin(businessLines, eq(businessLines.id, consignees.businessLineId))
    .where(eq(consignees.companyId, companyId))
    .orderBy(asc(consignees.name), asc(consignees.id))
    .limit(limit);
}

/** The company holding the code or the name, other than `exceptId`. */
export async function findClash(db: Executor, fields: contract.CompanyFields, exceptId?: number) {
  const [row] = await db
    .select({ code: companies.code, name: companies.name })
    .from(companies)
    .where(
      and(
        sql`(${companies.code} = ${fields.code} or ${companies.name} = ${fields.name})`,
        exceptId === undefined ? undefined : sql`${companies.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row;
}

export async function insertCompany(db: Executor, fields: contract.CompanyFields): Promise<number> {
  const [row] = await db
    .insert(companies)
    .values({ code: fields.code, name: fields.name })
    .returning({ id: companies.id });
  return row!.id;
}

/** Whether the company exists (and was updated). */
export async function updateCompany(
  db: Executor,
  companyId: number,
  values: Partial<Pick<typeof companies.$inferInsert, 'code' | 'name' | 'active'>>,
): Promise<boolean> {
  const rows = await db
    .update(companies)
    .set(values)
    .where(eq(companies.id, companyId))
    .returning({ id: companies.id });
  return rows.length > 0;
}

const any = async (db: Executor, table: AnyPgTable, where?: SQL) =>
  (await db.select({ one: sql`1` }).from(table).where(where).limit(1)).length > 0;

/**
 * What a bare installation has done of its first steps: a company; the warehouse heard from (a
 * signed event applied, or an order it gave a status); master data (a SKU); a user of a client
 * company (any role below 99).
 */
export async function setupProgress(db: Executor) {
  return {
    company: await any(db, companies),
    warehouse:
      (await any(db, wmsEvents)) ||
      (await any(db, purchHeads, isNotNull(purchHeads.statusCode))) ||
      (await any(db, salesHeads, isNotNull(salesHeads.statusCode))),
    master_data: await any(db, skus),
    users: await any(db, users, lt(users.roleId, ROLE_ADMIN)),
  };
}
