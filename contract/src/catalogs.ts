import { z } from 'zod';
import type { Permission } from './access';
import { type CallDef, defineCall } from './call';
import { Id, IdList, listRequest, listResponse, MAX_PAGE_SIZE, Smart } from './list';

/**
 * Catalog lists feeding the pickers (SPEC.md §7 'Catalogs'). Consignees, and what hangs under them
 * (vendors, customers, addresses, SKUs), are limited to the caller's companies (every company for
 * role 99); currencies, units of measure and locations are global.
 *
 * `for_order: true` marks a picker inside an order form: vendors, customers and SKUs are then
 * listed only for the consignee_id given with it (nothing until one is chosen).
 */

/**
 * SPEC.md §7 gives one set of filter keys for every catalog, so each list accepts all of them. A
 * key narrows a catalog where its rows are linked to what the key names: their own ids, their
 * owners up the chain address -> vendor or customer -> consignee -> business line, a vendor's or
 * customer's default currency, a SKU's vendor. Any other key of the set is accepted and ignored
 * (a vendor has no customers, a currency no consignee); a key outside the set is refused.
 */
export const CatalogFilters = z.object({
  address_id_list: IdList,
  consignee_id_list: IdList,
  customer_id_list: IdList,
  vendor_id_list: IdList,
  sku_id_list: IdList,
  /** Vendors, customers or SKUs by their warehouse codes, as a pasted or imported row names them. */
  external_code_list: z.array(z.string().min(1).max(50)).max(MAX_PAGE_SIZE),
  currency_id_list: IdList,
  uom_id_list: IdList,
  location_id_list: IdList,
  consignee_id: Id,
  vendor_id: Id,
  customer_id: Id,
  for_order: z.boolean(),
  business_line_id: Id,
  smart: Smart,
});
export type CatalogFilters = Partial<z.infer<typeof CatalogFilters>>;

export const BusinessLineRef = z.object({ business_line_id: Id, name: z.string() });
export type BusinessLineRef = z.infer<typeof BusinessLineRef>;

export const ConsigneeItem = z.object({
  consignee_id: Id,
  name: z.string(),
  business_line: BusinessLineRef,
  company_id: Id,
});
export type ConsigneeItem = z.infer<typeof ConsigneeItem>;

export const VendorItem = z.object({
  vendor_id: Id,
  external_code: z.string(),
  name: z.string(),
  default_currency_id: Id.nullable(),
});
export type VendorItem = z.infer<typeof VendorItem>;

export const CustomerItem = z.object({
  customer_id: Id,
  external_code: z.string(),
  name: z.string(),
  default_currency_id: Id.nullable(),
});
export type CustomerItem = z.infer<typeof CustomerItem>;

export const AddressItem = z.object({ address_id: Id, code: z.string(), name: z.string() });
export type AddressItem = z.infer<typeof AddressItem>;

export const SkuItem = z.object({ sku_id: Id, external_code: z.string(), name: z.string() });
export type SkuItem = z.infer<typeof SkuItem>;

export const CurrencyItem = z.object({ currency_id: Id, code: z.string() });
export type CurrencyItem = z.infer<typeof CurrencyItem>;

export const UomItem = z.object({
  uom_id: Id,
  /** How the reader's language names the unit. */
  name: z.string(),
  /** The unit's code, as orders, imports and master data files name it. */
  code: z.string(),
  /** Counted (pcs, box): quantities in it are whole (isCountedUnit); else measured (kg, l). */
  counted: z.boolean(),
});
export type UomItem = z.infer<typeof UomItem>;

export const LocationItem = z.object({ location_id: Id, label: z.string() });
export type LocationItem = z.infer<typeof LocationItem>;

export const ListConsigneesRequest = listRequest(CatalogFilters.shape, ['name']);
export type ListConsigneesRequest = z.infer<typeof ListConsigneesRequest>;

export const ListVendorsRequest = listRequest(CatalogFilters.shape, ['name', 'external_code']);
export type ListVendorsRequest = z.infer<typeof ListVendorsRequest>;

export const ListCustomersRequest = listRequest(CatalogFilters.shape, ['name', 'external_code']);
export type ListCustomersRequest = z.infer<typeof ListCustomersRequest>;

/**
 * Addresses are listed only for an owner: a vendor, a customer or a consignee, by id or id list
 * (SPEC.md §5: the pickers tied to a vendor or customer list nothing before one is chosen), or
 * looked up by address_id_list alone, as every catalog is by its ids.
 */
export const ListAddressesRequest = listRequest(CatalogFilters.shape, ['name', 'code']);
export type ListAddressesRequest = z.infer<typeof ListAddressesRequest>;

export const ListSkusRequest = listRequest(CatalogFilters.shape, ['name', 'external_code']);
export type ListSkusRequest = z.infer<typeof ListSkusRequest>;

export const ListCurrenciesRequest = listRequest(CatalogFilters.shape, ['code']);
export type ListCurrenciesRequest = z.infer<typeof ListCurrenciesRequest>;

export const ListUomsRequest = listRequest(CatalogFilters.shape, ['name']);
export type ListUomsRequest = z.infer<typeof ListUomsRequest>;

export const ListLocationsRequest = listRequest(CatalogFilters.shape, ['label']);
export type ListLocationsRequest = z.infer<typeof ListLocationsRequest>;

/** Whoever works with orders, stock or SKU data uses the pickers. */
const CATALOG_USERS: readonly Permission[] = ['pord', 'sord', 'stck', 'cmgr'];
const CATALOGS: Pick<CallDef, 'access' | 'permission'> = { access: 'session', permission: CATALOG_USERS };

export const listConsignees = defineCall({
  path: '/catalogs/consignee/list',
  summary: "Consignees of the caller's companies, by name.",
  ...CATALOGS,
  request: ListConsigneesRequest,
  response: listResponse(ConsigneeItem),
});

export const listVendors = defineCall({
  path: '/catalogs/vendor/list',
  summary: "Vendors of the caller's consignees, by name.",
  ...CATALOGS,
  request: ListVendorsRequest,
  response: listResponse(VendorItem),
});

export const listCustomers = defineCall({
  path: '/catalogs/customer/list',
  summary: "Customers of the caller's consignees, by name.",
  ...CATALOGS,
  request: ListCustomersRequest,
  response: listResponse(CustomerItem),
});

export const listAddresses = defineCall({
  path: '/catalogs/address/list',
  summary: 'Addresses of vendors or customers; nothing without a vendor, customer or consignee filter.',
  ...CATALOGS,
  request: ListAddressesRequest,
  response: listResponse(AddressItem),
});

export const listSkus = defineCall({
  path: '/catalogs/sku/list',
  summary: "SKUs of the caller's consignees, by name.",
  ...CATALOGS,
  request: ListSkusRequest,
  response: listResponse(SkuItem),
});

export const listCurrencies = defineCall({
  path: '/catalogs/currency/list',
  summary: 'Currencies, by code.',
  ...CATALOGS,
  request: ListCurrenciesRequest,
  response: listResponse(CurrencyItem),
});

export const listUoms = defineCall({
  path: '/catalogs/uom/list',
  summary: 'Units of measure, by name.',
  ...CATALOGS,
  request: ListUomsRequest,
  response: listResponse(UomItem),
});

export const listLocations = defineCall({
  path: '/catalogs/location/list',
  summary: 'Locations (warehouses), by label.',
  ...CATALOGS,
  request: ListLocationsRequest,
  response: listResponse(LocationItem),
});

// ---------------------------------------------------------------- master data

/**
 * The catalogs as the warehouse system owns them: pushed in a warehouse event's
 * `master` part, or uploaded by role 99 per catalog. Every record is an upsert by its code (per
 * consignee where it belongs to one); `inactive: true` retires it: hidden from pickers, kept on
 * the orders that use it. Records name each other by code: a consignee its company's code, a SKU
 * its consignee's code and unit name, a vendor its currency's code.
 */
const MasterCode = z.string().trim().min(1).max(100);
const MasterName = z.string().trim().min(1).max(500);
const Inactive = z.boolean().optional();
/** EAN-8, UPC-A, EAN-13 or GTIN-14. */
export const Ean = z.string().regex(/^(\d{8}|\d{12,14})$/, { message: 'Invalid EAN' });

/** A catalog name in the product's languages, shown to a reader whose language it has. */
export const TranslatedNames = z.strictObject({
  en: MasterCode.optional(),
  ru: MasterCode.optional(),
  lv: MasterCode.optional(),
});
export type TranslatedNames = z.infer<typeof TranslatedNames>;

/** A unit: `name` is its code in orders and master data; `names` how readers see it, when given. */
export const MasterUom = z.strictObject({
  name: MasterCode,
  names: TranslatedNames.optional(),
  inactive: Inactive,
});
/**
 * The one rule that reads a unit code typed in a file (master data, an order import, pasted lines)
 * against the units there are: without regard to case or surrounding spaces ("PCS" is "pcs"); a
 * unit whose code is exactly the text wins where two differ only in case.
 */
export function unitMatcher<T>(
  units: Iterable<readonly [code: string, value: T]>,
): (text: string) => T | undefined {
  const exact = new Map<string, T>();
  const folded = new Map<string, T>();
  for (const [code, value] of units) {
    exact.set(code, value);
    const key = code.trim().toLowerCase();
    if (!folded.has(key)) folded.set(key, value);
  }
  return (text) => exact.get(text) ?? folded.get(text.trim().toLowerCase());
}

export const MasterCurrency = z.strictObject({ code: z.string().trim().min(1).max(10), inactive: Inactive });
export const MasterLocation = z.strictObject({ label: MasterCode, inactive: Inactive });
export const MasterConsignee = z.strictObject({
  code: MasterCode,
  name: MasterName,
  /** The company's code. */
  company: MasterCode,
  business_line: MasterCode,
  inactive: Inactive,
});
export const MasterSku = z.strictObject({
  consignee: MasterCode,
  code: MasterCode,
  name: MasterName,
  uom: MasterCode.nullable().optional(),
  /** When given, the SKU's EANs become exactly these. */
  eans: z.array(Ean).max(50).optional(),
  inactive: Inactive,
});
export const MasterAddress = z.strictObject({ code: MasterCode, name: MasterName, inactive: Inactive });
export const MasterParty = z.strictObject({
  consignee: MasterCode,
  code: MasterCode,
  name: MasterName,
  default_currency: z.string().trim().min(1).max(10).nullable().optional(),
  /** Upserted by code within the party; addresses not named stay as they are. */
  addresses: z.array(MasterAddress).max(200).optional(),
  inactive: Inactive,
});

export const MASTER_CATALOGS = [
  'uoms',
  'currencies',
  'locations',
  'consignees',
  'skus',
  'vendors',
  'customers',
] as const;
export type MasterCatalog = (typeof MASTER_CATALOGS)[number];
export const MAX_MASTER_RECORDS = 5000;

export const MasterData = z
  .strictObject({
    uoms: z.array(MasterUom).optional(),
    currencies: z.array(MasterCurrency).optional(),
    locations: z.array(MasterLocation).optional(),
    consignees: z.array(MasterConsignee).optional(),
    skus: z.array(MasterSku).optional(),
    vendors: z.array(MasterParty).optional(),
    customers: z.array(MasterParty).optional(),
  })
  .refine((master) => countMasterRecords(master) <= MAX_MASTER_RECORDS, {
    message: `At most ${MAX_MASTER_RECORDS} records (addresses included)`,
  });
export type MasterData = z.infer<typeof MasterData>;

export function countMasterRecords(master: Partial<Record<MasterCatalog, readonly unknown[]>>): number {
  let total = 0;
  for (const catalog of MASTER_CATALOGS) {
    for (const record of master[catalog] ?? []) {
      total += 1 + ((record as { addresses?: unknown[] }).addresses?.length ?? 0);
    }
  }
  return total;
}

/** Why a master record was refused; the record is left out, the rest is applied. */
export const MASTER_PROBLEMS = [
  'company_unknown',
  'consignee_unknown',
  'uom_unknown',
  'currency_unknown',
  'duplicate',
  /** A slot schedule's location label names no location. */
  'location_unknown',
] as const;
export type MasterProblem = (typeof MASTER_PROBLEMS)[number];

/** What happened to one record: `changed` when a stored field differed, `unchanged` otherwise. */
export const MasterOutcome = z.object({
  catalog: z.enum(MASTER_CATALOGS),
  /** The record's index in its catalog's list. */
  index: z.int().min(0),
  /** The record's code (name for a unit, label for a location), prefixed by its consignee's. */
  key: z.string(),
  outcome: z.enum(['added', 'changed', 'unchanged', 'refused']),
  problems: z.array(z.object({ field: z.string(), problem: z.enum(MASTER_PROBLEMS), value: z.string() })),
});
export type MasterOutcome = z.infer<typeof MasterOutcome>;
