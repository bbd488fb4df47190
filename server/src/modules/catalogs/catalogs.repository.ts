import type { catalogs, Language } from '@extranet/contract';
import { type AnyColumn, and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import { companyCondition, consigneeCondition } from '../../access/tenancy';
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
import {
  idListCondition,
  ilikeAny,
  noRows,
  orderingSql,
  pageWindow,
  searchTextContains,
  totalOf,
  valueListCondition,
} from '../../http/lists';
import type { Actor } from '../../http/session';

/** An id-list filter: an empty list matches nothing. */
function idCondition(column: AnyColumn, id: number | undefined): SQL | undefined {
  return id === undefined ? undefined : eq(column, id);
}

/**
 * Pickers offer what the warehouse keeps active; a lookup by id (the SKU of an old order, the
 * consignee a list row names) finds retired records too.
 */
function pickable(activeColumn: AnyColumn, ...idFilters: unknown[]): SQL | undefined {
  return idFilters.some((filter) => filter !== undefined) ? undefined : eq(activeColumn, true);
}

function smartCondition(smart: string | undefined, ...columns: Array<AnyColumn | SQL>): SQL | undefined {
  return smart ? ilikeAny(smart, ...columns) : undefined;
}

/** consignee_id, consignee_id_list and business_line_id on the column naming a row's consignee. */
function consigneeFilters(filters: catalogs.CatalogFilters, consigneeColumn: AnyColumn): SQL | undefined {
  return and(
    idCondition(consigneeColumn, filters.consignee_id),
    idListCondition(consigneeColumn, filters.consignee_id_list),
    filters.business_line_id === undefined
      ? undefined
      : sql`${consigneeColumn} in (select ${consignees.id} from ${consignees} where ${consignees.businessLineId} = ${filters.business_line_id})`,
  );
}

export async function listConsignees(db: Executor, actor: Actor, query: catalogs.ListConsigneesRequest) {
  const { filters } = query;
  const window = pageWindow(query);
  const where = and(
    companyCondition(actor, consignees.companyId),
    idCondition(consignees.id, filters.consignee_id),
    idListCondition(consignees.id, filters.consignee_id_list),
    idCondition(consignees.businessLineId, filters.business_line_id),
    pickable(consignees.active, filters.consignee_id, filters.consignee_id_list),
    smartCondition(filters.smart, consignees.name),
  );
  const rows = await db
    .select({
      consignee_id: consignees.id,
      name: consignees.name,
      business_line: { business_line_id: businessLines.id, name: businessLines.name },
      company_id: consignees.companyId,
    })
    .from(consignees)
    .innerJoin(businessLines, eq(businessLines.id, consignees.businessLineId))
    .where(where)
    .orderBy(
      ...orderingSql(query.ordering, { name: consignees.name }, consignees.id, [
        asc(consignees.name),
        asc(consignees.id),
      ]),
    )
    .limit(window.limit)
    .offset(window.offset);
  const total = await totalOf(query, () => db.select({ value: count() }).from(consignees).where(where));
  return { rows, total };
}

type PartyTable = typeof vendors | typeof customers;

/**
 * Vendors and customers are the same kind of record in tables of their own: one list query serves
 * both, given the party's table, how its id is named (`{ vendor_id: vendors.id }`) and the filters
 * that name the party itself (vendor_id and vendor_id_list for vendors).
 */
async function listParties<IdField extends Record<string, PartyTable['id']>>(
  db: Executor,
  actor: Actor,
  table: PartyTable,
  idField: IdField,
  query: catalogs.ListVendorsRequest | catalogs.ListCustomersRequest,
  own: { id: number | undefined; ids: readonly number[] | undefined },
) {
  const { filters } = query;
  // An order form's picker lists its consignee's parties only, and nothing before one is chosen.
  if (filters.for_order && filters.consignee_id === undefined) return noRows(query);
  const window = pageWindow(query);
  const where = and(
    consigneeCondition(actor, table.consigneeId),
    idCondition(table.id, own.id),
    idListCondition(table.id, own.ids),
    consigneeFilters(filters, table.consigneeId),
    idListCondition(table.defaultCurrencyId, filters.currency_id_list),
    valueListCondition(table.externalCode, filters.external_code_list),
    pickable(table.active, own.id, own.ids),
    smartCondition(filters.smart, table.name, table.externalCode),
  );
  const rows = await db
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
  const total = await totalOf(query, () => db.select({ value: count() }).from(table).where(where));
  return { rows, total };
}

export async function listVendors(db: Executor, actor: Actor, query: catalogs.ListVendorsRequest) {
  const { filters } = query;
  return listParties(db, actor, vendors, { vendor_id: vendors.id }, query, {
    id: filters.vendor_id,
    ids: filters.vendor_id_list,
  });
}

export async function listCustomers(db: Executor, actor: Actor, query: catalogs.ListCustomersRequest) {
  const { filters } = query;
  return listParties(db, actor, customers, { customer_id: customers.id }, query, {
    id: filters.customer_id,
    ids: filters.customer_id_list,
  });
}

/**
 * Addresses whose vendor or customer is of the consignees the filters name: each party table's ids
 * computed once as an array (`= any(array(…))`) and looked up through the address's owner index.
 */
function addressConsigneeCondition(filters: catalogs.CatalogFilters): SQL | undefined {
  const ofVendors = consigneeFilters(filters, vendors.consigneeId);
  const ofCustomers = consigneeFilters(filters, customers.consigneeId);
  if (!ofVendors || !ofCustomers) return undefined;
  return sql`(${addresses.vendorId} = any(array(select ${vendors.id} from ${vendors} where ${ofVendors})) or ${addresses.customerId} = any(array(select ${customers.id} from ${customers} where ${ofCustomers})))`;
}

export async function listAddresses(db: Executor, actor: Actor, query: catalogs.ListAddressesRequest) {
  const { filters } = query;
  // SPEC.md §5: address pickers are tied to a vendor or a customer and list nothing before one;
  // a lookup by address ids (an order naming its addresses) needs no owner.
  const owned = [
    filters.address_id_list,
    filters.vendor_id,
    filters.vendor_id_list,
    filters.customer_id,
    filters.customer_id_list,
    filters.consignee_id,
    filters.consignee_id_list,
  ].some((filter) => filter !== undefined);
  if (!owned) return noRows(query);
  const window = pageWindow(query);
  const where = and(
    idCondition(addresses.vendorId, filters.vendor_id),
    idListCondition(addresses.vendorId, filters.vendor_id_list),
    idCondition(addresses.customerId, filters.customer_id),
    idListCondition(addresses.customerId, filters.customer_id_list),
    addressConsigneeCondition(filters),
    consigneeCondition(actor, sql`coalesce(${vendors.consigneeId}, ${customers.consigneeId})`),
    idListCondition(addresses.id, filters.address_id_list),
    pickable(addresses.active, filters.address_id_list),
    smartCondition(filters.smart, addresses.name, addresses.code),
  );
  const rows = await db
    .select({ address_id: addresses.id, code: addresses.code, name: addresses.name })
    .from(addresses)
    .leftJoin(vendors, eq(vendors.id, addresses.vendorId))
    .leftJoin(customers, eq(customers.id, addresses.customerId))
    .where(where)
    .orderBy(
      ...orderingSql(query.ordering, { name: addresses.name, code: addresses.code }, addresses.id, [
        asc(addresses.name),
        asc(addresses.id),
      ]),
    )
    .limit(window.limit)
    .offset(window.offset);
  const total = await totalOf(query, () =>
    db
      .select({ value: count() })
      .from(addresses)
      .leftJoin(vendors, eq(vendors.id, addresses.vendorId))
      .leftJoin(customers, eq(customers.id, addresses.customerId))
      .where(where),
  );
  return { rows, total };
}

export async function listSkus(db: Executor, actor: Actor, query: catalogs.ListSkusRequest) {
  const { filters } = query;
  if (filters.for_order && filters.consignee_id === undefined) return noRows(query);
  const window = pageWindow(query);
  const where = and(
    consigneeCondition(actor, skus.consigneeId),
    idListCondition(skus.id, filters.sku_id_list),
    consigneeFilters(filters, skus.consigneeId),
    idCondition(skus.vendorId, filters.vendor_id),
    idListCondition(skus.vendorId, filters.vendor_id_list),
    valueListCondition(skus.externalCode, filters.external_code_list),
    pickable(skus.active, filters.sku_id_list),
    filters.smart ? searchTextContains(skus.searchText, filters.smart) : undefined,
  );
  const rows = await db
    .select({ sku_id: skus.id, external_code: skus.externalCode, name: skus.name })
    .from(skus)
    .where(where)
    .orderBy(
      ...orderingSql(query.ordering, { name: skus.name, external_code: skus.externalCode }, skus.id, [
        asc(skus.name),
        asc(skus.id),
      ]),
    )
    .limit(window.limit)
    .offset(window.offset);
  const total = await totalOf(query, () => db.select({ value: count() }).from(skus).where(where));
  return { rows, total };
}

export async function listCurrencies(db: Executor, query: catalogs.ListCurrenciesRequest) {
  const { filters } = query;
  const window = pageWindow(query);
  const where = and(
    idListCondition(currencies.id, filters.currency_id_list),
    pickable(currencies.active, filters.currency_id_list),
    smartCondition(filters.smart, currencies.code),
  );
  const rows = await db
    .select({ currency_id: currencies.id, code: currencies.code })
    .from(currencies)
    .where(where)
    .orderBy(...orderingSql(query.ordering, { code: currencies.code }, currencies.id, [asc(currencies.code)]))
    .limit(window.limit)
    .offset(window.offset);
  const total = await totalOf(query, () => db.select({ value: count() }).from(currencies).where(where));
  return { rows, total };
}

/** A unit's name as the reader sees it: in their language when it has one, else its code. */
export const uomName = (lang: Language) => sql<string>`coalesce(${uoms.names} ->> ${lang}, ${uoms.name})`;

export async function listUoms(db: Executor, query: catalogs.ListUomsRequest, lang: Language) {
  const { filters } = query;
  const window = pageWindow(query);
  const name = uomName(lang);
  const where = and(
    idListCondition(uoms.id, filters.uom_id_list),
    pickable(uoms.active, filters.uom_id_list),
    smartCondition(filters.smart, uoms.name, name),
  );
  const rows = await db
    .select({ uom_id: uoms.id, name, code: uoms.name })
    .from(uoms)
    .where(where)
    .orderBy(...orderingSql(query.ordering, { name }, uoms.id, [asc(name)]))
    .limit(window.limit)
    .offset(window.offset);
  const total = await totalOf(query, () => db.select({ value: count() }).from(uoms).where(where));
  return { rows, total };
}

export async function listLocations(db: Executor, query: catalogs.ListLocationsRequest) {
  const { filters } = query;
  const window = pageWindow(query);
  const where = and(
    idListCondition(locations.id, filters.location_id_list),
    pickable(locations.active, filters.location_id_list),
    smartCondition(filters.smart, locations.label),
  );
  const rows = await db
    .select({ location_id: locations.id, label: locations.label })
    .from(locations)
    .where(where)
    .orderBy(...orderingSql(query.ordering, { label: locations.label }, locations.id, [asc(locations.label)]))
    .limit(window.limit)
    .offset(window.offset);
  const total = await totalOf(query, () => db.select({ value: count() }).from(locations).where(where));
  return { rows, total };
}
