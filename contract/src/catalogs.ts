import { z } from 'zod';
import type { Permission } from './access';
import { type CallDef, defineCall } from './call';
import { Id, IdList, listRequest, listResponse, Smart } from './list';

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

export const UomItem = z.object({ uom_id: Id, name: z.string() });
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
 * (SPEC.md §5: the pickers tied to a vendor or customer list nothing before one is chosen).
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
