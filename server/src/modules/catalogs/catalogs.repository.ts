import type { catalogs } from '@extranet/contract';
import { type AnyColumn, and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  addresses,
  businessLines,
  consignees,
  currencies,
  customers,
  locations,
  skus,
  uoms,
  vendors,
} from '../../db/schema';
import { ilikeAny, orderingSql, pageWindow } from '../../http/lists';
import type { Actor } from '../../http/session';
import { companyCondition, consigneeCondition } from './catalogs.access';

/** An id-list filter: an empty list matches nothing. */
export function idListCondition(column: AnyColumn, ids: readonly number[] | undefined): SQL | undefined {
  if (ids === undefined) return undefined;
  return ids.length ? inArray(column, [...ids]) : sql`false`;
}

function smartCondition(smart: string | undefined, ...columns: AnyColumn[]): SQL | undefined {
  return smart ? ilikeAny(smart, ...columns) : undefined;
}

export async function listConsignees(db: Executor, actor: Actor, query: catalogs.ListConsigneesRequest) {
  const { filters } = query;
  const window = pageWindow(query);
  return db
    .select({
      consignee_id: consignees.id,
      name: consignees.name,
      business_line: { business_line_id: businessLines.id, name: businessLines.name },
      company_id: consignees.companyId,
    })
    .from(consignees)
    .innerJoin(businessLines, eq(businessLines.id, consignees.businessLineId))
    .where(
      and(
        companyCondition(actor, consignees.companyId),
        idListCondition(consignees.id, filters.consignee_id_list),
        filters.business_line_id === undefined
          ? undefined
          : eq(consignees.businessLineId, filters.business_line_id),
        smartCondition(filters.smart, consignees.name),
      ),
    )
    .orderBy(
      ...orderingSql(query.ordering, { name: consignees.name }, consignees.id, [
        asc(consignees.name),
        asc(consignees.id),
      ]),
    )
    .limit(window.limit)
    .offset(window.offset);
}

type PartyTable = typeof vendors | typeof customers;

/**
 * Vendors and customers are the same kind of record in tables of their own: one list query serves
 * both, given the party's table and how its id is named (`{ vendor_id: vendors.id }`).
 */
async function listParties<IdField extends Record<string, PartyTable['id']>>(
  db: Executor,
  actor: Actor,
  table: PartyTable,
  idField: IdField,
  query: catalogs.ListVendorsRequest | catalogs.ListCustomersRequest,
  ids: readonly number[] | undefined,
) {
  const { filters } = query;
  const window = pageWindow(query);
  // An order form's picker lists its consignee's parties only, and nothing before one is chosen.
  const where =
    filters.for_order && filters.consignee_id === undefined
      ? sql`false`
      : and(
          consigneeCondition(actor, table.consigneeId),
          idListCondition(table.id, ids),
          filters.consignee_id === undefined ? undefined : eq(table.consigneeId, filters.consignee_id),
          smartCondition(filters.smart, table.name, table.externalCode),
        );
  return db
    .select({
      ...idField,
      external_code: table.externalCode,
      name: table.name,
      default_currency_id: table.defaultCurrencyId,
    })
    .from(table)
    .where(where)
    .orderBy(
      ...orderingSql(query.ordering, { name: table.name, external_code: table.externalCode }, table.id, [
        asc(table.name),
        asc(table.id),
      ]),
    )
    .limit(window.limit)
    .offset(window.offset);
}

export async function listVendors(db: Executor, actor: Actor, query: catalogs.ListVendorsRequest) {
  return listParties(db, actor, vendors, { vendor_id: vendors.id }, query, query.filters.vendor_id_list);
}

export async function listCustomers(db: Executor, actor: Actor, query: catalogs.ListCustomersRequest) {
  return listParties(
    db,
    actor,
    customers,
    { customer_id: customers.id },
    query,
    query.filters.customer_id_list,
  );
}

export async function listAddresses(db: Executor, actor: Actor, query: catalogs.ListAddressesRequest) {
  const { filters } = query;
  // SPEC.md §5: address pickers are tied to a vendor or a customer and list nothing before one.
  if (filters.vendor_id === undefined && filters.customer_id === undefined) return [];
  const window = pageWindow(query);
  return db
    .select({ address_id: addresses.id, code: addresses.code, name: addresses.name })
    .from(addresses)
    .leftJoin(vendors, eq(vendors.id, addresses.vendorId))
    .leftJoin(customers, eq(customers.id, addresses.customerId))
    .where(
      and(
        filters.vendor_id === undefined ? undefined : eq(addresses.vendorId, filters.vendor_id),
        filters.customer_id === undefined ? undefined : eq(addresses.customerId, filters.customer_id),
        consigneeCondition(actor, sql`coalesce(${vendors.consigneeId}, ${customers.consigneeId})`),
        idListCondition(addresses.id, filters.address_id_list),
        smartCondition(filters.smart, addresses.name, addresses.code),
      ),
    )
    .orderBy(
      ...orderingSql(query.ordering, { name: addresses.name, code: addresses.code }, addresses.id, [
        asc(addresses.name),
        asc(addresses.id),
      ]),
    )
    .limit(window.limit)
    .offset(window.offset);
}

export async function listSkus(db: Executor, actor: Actor, query: catalogs.ListSkusRequest) {
  const { filters } = query;
  if (filters.for_order && filters.consignee_id === undefined) return [];
  const window = pageWindow(query);
  return db
    .select({ sku_id: skus.id, external_code: skus.externalCode, name: skus.name })
    .from(skus)
    .where(
      and(
        consigneeCondition(actor, skus.consigneeId),
        idListCondition(skus.id, filters.sku_id_list),
        filters.consignee_id === undefined ? undefined : eq(skus.consigneeId, filters.consignee_id),
        filters.business_line_id === undefined
          ? undefined
          : sql`${skus.consigneeId} in (select ${consignees.id} from ${consignees} where ${consignees.businessLineId} = ${filters.business_line_id})`,
        smartCondition(filters.smart, skus.name, skus.externalCode, skus.code),
      ),
    )
    .orderBy(
      ...orderingSql(query.ordering, { name: skus.name, external_code: skus.externalCode }, skus.id, [
        asc(skus.name),
        asc(skus.id),
      ]),
    )
    .limit(window.limit)
    .offset(window.offset);
}

export async function listCurrencies(db: Executor, query: catalogs.ListCurrenciesRequest) {
  const { filters } = query;
  const window = pageWindow(query);
  return db
    .select({ currency_id: currencies.id, code: currencies.code })
    .from(currencies)
    .where(
      and(
        idListCondition(currencies.id, filters.currency_id_list),
        smartCondition(filters.smart, currencies.code),
      ),
    )
    .orderBy(...orderingSql(query.ordering, { code: currencies.code }, currencies.id, [asc(currencies.code)]))
    .limit(window.limit)
    .offset(window.offset);
}

export async function listUoms(db: Executor, query: catalogs.ListUomsRequest) {
  const { filters } = query;
  const window = pageWindow(query);
  return db
    .select({ uom_id: uoms.id, name: uoms.name })
    .from(uoms)
    .where(and(idListCondition(uoms.id, filters.uom_id_list), smartCondition(filters.smart, uoms.name)))
    .orderBy(...orderingSql(query.ordering, { name: uoms.name }, uoms.id, [asc(uoms.name)]))
    .limit(window.limit)
    .offset(window.offset);
}

export async function listLocations(db: Executor, query: catalogs.ListLocationsRequest) {
  const { filters } = query;
  const window = pageWindow(query);
  return db
    .select({ location_id: locations.id, label: locations.label })
    .from(locations)
    .where(
      and(
        idListCondition(locations.id, filters.location_id_list),
        smartCondition(filters.smart, locations.label),
      ),
    )
    .orderBy(...orderingSql(query.ordering, { label: locations.label }, locations.id, [asc(locations.label)]))
    .limit(window.limit)
    .offset(window.offset);
}
