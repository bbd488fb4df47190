import type { ErrorCode } from '@extranet/contract';
import { type AnyColumn, and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { inlineValues, type StatementValues } from '../db/prepared';
import {
  addresses,
  companies,
  consignees,
  currencies,
  customers,
  locations,
  skus,
  uoms,
  vendors,
} from '../db/schema';
import { AppError } from '../http/errors';
import type { Actor } from '../http/session';

/**
 * Tenancy of DESIGN.md §4, shared by every module that reads or references company data: role 99
 * sees every company; anyone else only the companies assigned to them. A record of another company
 * behaves exactly as a missing one, so each check answers the same whether the id exists or not.
 */

/** A condition on a company id column; undefined when the actor sees every company. */
export function companyCondition(actor: Actor, companyColumn: AnyColumn | SQL): SQL | undefined {
  if (actor.isAdmin) return undefined;
  if (actor.companyIds.length === 0) return sql`false`;
  const ids = sql.join(
    actor.companyIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`${companyColumn} in (${ids})`;
}

/** A condition on a consignee id column: the consignee belongs to one of the actor's companies. */
export function consigneeCondition(actor: Actor, consigneeColumn: AnyColumn | SQL): SQL | undefined {
  const companyScope = companyCondition(actor, consignees.companyId);
  if (!companyScope) return undefined;
  return sql`${consigneeColumn} in (select ${consignees.id} from ${consignees} where ${companyScope})`;
}

/**
 * The consignees whose data the actor sees, looked up once before a list's main query so that the
 * list filters by constant ids the planner can weigh against its indexes (rather than by a join
 * on the company); undefined when the actor sees every company.
 */
export async function visibleConsigneeIds(db: Executor, actor: Actor): Promise<number[] | undefined> {
  const scope = companyCondition(actor, consignees.companyId);
  if (!scope) return undefined;
  const rows = await db.select({ id: consignees.id }).from(consignees).where(scope);
  return rows.map((row) => row.id);
}

/**
 * A condition on a consignee id column for the ids of visibleConsigneeIds (as parameters, or as
 * the placeholder `consignees` of a statement prepared per shape: db/prepared.ts).
 */
export function consigneeIdsCondition(
  column: AnyColumn,
  ids: readonly number[] | undefined,
  values: StatementValues = inlineValues,
): SQL | undefined {
  if (ids === undefined) return undefined;
  return values.among(column, 'consignees', ids);
}

function refuse(code: ErrorCode, details: Record<string, unknown>): never {
  throw new AppError(code, details);
}

/** The company, if it exists and the actor may work with it; company_not_permitted otherwise. */
export async function assertCompanyPermitted(db: Executor, actor: Actor, companyId: number) {
  const [row] = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(eq(companies.id, companyId), companyCondition(actor, companies.id)));
  return row ?? refuse('company_not_permitted', { company_id: companyId });
}

/** The consignee, if the actor may work with it; consignee_not_permitted otherwise. */
export async function assertConsigneePermitted(db: Executor, actor: Actor, consigneeId: number) {
  const [row] = await db
    .select({ id: consignees.id, companyId: consignees.companyId, businessLineId: consignees.businessLineId })
    .from(consignees)
    .where(and(eq(consignees.id, consigneeId), companyCondition(actor, consignees.companyId)));
  return row ?? refuse('consignee_not_permitted', { consignee_id: consigneeId });
}

const PARTIES = {
  vendor: { table: vendors, idKey: 'vendor_id' },
  customer: { table: customers, idKey: 'customer_id' },
} as const;

/**
 * A vendor or customer the actor may use; with `consigneeId`, it must also be one of that
 * consignee's parties (an order references only its own consignee's parties).
 * consignee_not_permitted otherwise, naming the id as vendor_id or customer_id.
 */
export async function assertPartyPermitted(
  db: Executor,
  actor: Actor,
  party: keyof typeof PARTIES,
  partyId: number,
  options: { consigneeId?: number } = {},
) {
  const { table, idKey } = PARTIES[party];
  const [row] = await db
    .select({ id: table.id, consigneeId: table.consigneeId, defaultCurrencyId: table.defaultCurrencyId })
    .from(table)
    .where(
      and(
        eq(table.id, partyId),
        options.consigneeId === undefined ? undefined : eq(table.consigneeId, options.consigneeId),
        consigneeCondition(actor, table.consigneeId),
      ),
    );
  return row ?? refuse('consignee_not_permitted', { [idKey]: partyId });
}

/**
 * An address of the given vendor or customer (which the caller has checked already), or of any
 * party the actor may see when no owner is given. consignee_not_permitted otherwise.
 */
export async function assertAddressPermitted(
  db: Executor,
  actor: Actor,
  addressId: number,
  owner: { vendorId?: number; customerId?: number } = {},
) {
  const [row] = await db
    .select({ id: addresses.id, vendorId: addresses.vendorId, customerId: addresses.customerId })
    .from(addresses)
    .leftJoin(vendors, eq(vendors.id, addresses.vendorId))
    .leftJoin(customers, eq(customers.id, addresses.customerId))
    .where(
      and(
        eq(addresses.id, addressId),
        owner.vendorId === undefined ? undefined : eq(addresses.vendorId, owner.vendorId),
        owner.customerId === undefined ? undefined : eq(addresses.customerId, owner.customerId),
        consigneeCondition(actor, sql`coalesce(${vendors.consigneeId}, ${customers.consigneeId})`),
      ),
    );
  return row ?? refuse('consignee_not_permitted', { address_id: addressId });
}

/**
 * SKUs the actor may use; with `consigneeId`, each must be that consignee's (an order's lines
 * are SKUs of its consignee). consignee_not_permitted names the refused ids.
 */
export async function assertSkusPermitted(
  db: Executor,
  actor: Actor,
  skuIds: readonly number[],
  options: { consigneeId?: number } = {},
) {
  const unique = [...new Set(skuIds)];
  if (unique.length === 0) return [];
  const rows = await db
    .select({ id: skus.id, consigneeId: skus.consigneeId })
    .from(skus)
    .where(
      and(
        inArray(skus.id, unique),
        options.consigneeId === undefined ? undefined : eq(skus.consigneeId, options.consigneeId),
        consigneeCondition(actor, skus.consigneeId),
      ),
    );
  const found = new Set(rows.map((row) => row.id));
  const refused = unique.filter((id) => !found.has(id));
  if (refused.length) refuse('consignee_not_permitted', { sku_id_list: refused });
  return rows;
}

/**
 * Global references (currency, units of measure, location) exist; an unknown id is a malformed
 * request rather than a foreign-key failure answered as server_error.
 */
export async function assertReferencesExist(
  db: Executor,
  refs: { currencyId?: number | null; locationId?: number | null; uomIds?: readonly (number | null)[] },
) {
  if (refs.currencyId != null) {
    const [row] = await db
      .select({ id: currencies.id })
      .from(currencies)
      .where(eq(currencies.id, refs.currencyId));
    if (!row) refuse('malformed_api_request', { currency_id: refs.currencyId });
  }
  if (refs.locationId != null) {
    const [row] = await db
      .select({ id: locations.id })
      .from(locations)
      .where(eq(locations.id, refs.locationId));
    if (!row) refuse('malformed_api_request', { location_id: refs.locationId });
  }
  const uomIds = [...new Set((refs.uomIds ?? []).filter((id): id is number => id != null))];
  if (uomIds.length) {
    const rows = await db.select({ id: uoms.id }).from(uoms).where(inArray(uoms.id, uomIds));
    const found = new Set(rows.map((row) => row.id));
    const missing = uomIds.filter((id) => !found.has(id));
    if (missing.length) refuse('malformed_api_request', { uom_id_list: missing });
  }
}
