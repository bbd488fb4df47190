import type { reports as contract } from '@extranet/contract';
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import { companyCondition } from '../../access/tenancy';
import type { Executor } from '../../db/client';
import { companies, reports } from '../../db/schema';
import { idListCondition, ilikeAny, pageWindow, totalOf } from '../../http/lists';
import type { Actor } from '../../http/session';

const reportColumns = {
  report_id: reports.id,
  company_id: reports.companyId,
  company: { company_id: companies.id, name: companies.name },
  name: reports.name,
  url: reports.url,
};

function orderingOf(ordering: contract.ListReportsRequest['ordering']): SQL[] {
  const direction = ordering?.startsWith('-') ? desc : asc;
  // Grouped by company unless the report name alone is asked for.
  if (ordering === 'name' || ordering === '-name') return [direction(reports.name), asc(reports.id)];
  return [direction(companies.name), direction(reports.name), asc(reports.id)];
}

export async function listReports(db: Executor, actor: Actor, query: contract.ListReportsRequest) {
  const { filters } = query;
  const window = pageWindow(query);
  const where = and(
    companyCondition(actor, reports.companyId),
    filters.company_id === undefined ? undefined : eq(reports.companyId, filters.company_id),
    idListCondition(reports.id, filters.report_id_list),
    filters.smart ? ilikeAny(filters.smart, reports.name, companies.name) : undefined,
  );
  const rows = await db
    .select(reportColumns)
    .from(reports)
    .innerJoin(companies, eq(companies.id, reports.companyId))
    .where(where)
    .orderBy(...orderingOf(query.ordering))
    .limit(window.limit)
    .offset(window.offset);
  const total = await totalOf(query, () =>
    db
      .select({ value: count() })
      .from(reports)
      .innerJoin(companies, eq(companies.id, reports.companyId))
      .where(where),
  );
  return { rows, total };
}

/** A report of one of the actor's companies; undefined for a missing one and another company's alike. */
export async function findReport(db: Executor, actor: Actor, reportId: number) {
  const [row] = await db
    .select(reportColumns)
    .from(reports)
    .innerJoin(companies, eq(companies.id, reports.companyId))
    .where(and(eq(reports.id, reportId), companyCondition(actor, reports.companyId)));
  return row;
}

export async function insertReport(db: Executor, values: typeof reports.$inferInsert): Promise<number> {
  const [row] = await db.insert(reports).values(values).returning({ id: reports.id });
  return row!.id;
}

export async function updateReport(
  db: Executor,
  reportId: number,
  values: Partial<typeof reports.$inferInsert>,
) {
  await db.update(reports).set(values).where(eq(reports.id, reportId));
}

export async function deleteReport(db: Executor, reportId: number) {
  await db.delete(reports).where(eq(reports.id, reportId));
}
