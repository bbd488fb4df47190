import { auth, catalogs, stock } from '@extranet/contract';
import { defineRemoteSource } from '../ui/remote-select';
import { formatIsoDate } from './format';

/**
 * The catalog pickers' sources (SPEC.md §7 'Catalogs'), for RemoteSelect and RemoteMultiSelect.
 * Filters narrow them: `{consignee_id}` for a consignee's vendors, customers and SKUs,
 * `{vendor_id}` or `{customer_id}` for addresses (which list nothing without one),
 * `{for_order: true, consignee_id}` inside an order form.
 */
export const consigneeSource = defineRemoteSource({
  call: catalogs.listConsignees,
  getValue: (item) => item.consignee_id,
  getLabel: (item) => item.name,
  valueListFilter: 'consignee_id_list',
});

export const vendorSource = defineRemoteSource({
  call: catalogs.listVendors,
  getValue: (item) => item.vendor_id,
  getLabel: (item) => `${item.name} (${item.external_code})`,
  valueListFilter: 'vendor_id_list',
});

export const customerSource = defineRemoteSource({
  call: catalogs.listCustomers,
  getValue: (item) => item.customer_id,
  getLabel: (item) => `${item.name} (${item.external_code})`,
  valueListFilter: 'customer_id_list',
});

export const addressSource = defineRemoteSource({
  call: catalogs.listAddresses,
  getValue: (item) => item.address_id,
  getLabel: (item) => `${item.code} ${item.name}`,
  valueListFilter: 'address_id_list',
});

export const skuSource = defineRemoteSource({
  call: catalogs.listSkus,
  getValue: (item) => item.sku_id,
  getLabel: (item) => `${item.external_code} ${item.name}`,
  valueListFilter: 'sku_id_list',
});

export const currencySource = defineRemoteSource({
  call: catalogs.listCurrencies,
  getValue: (item) => item.currency_id,
  getLabel: (item) => item.code,
  valueListFilter: 'currency_id_list',
});

export const uomSource = defineRemoteSource({
  call: catalogs.listUoms,
  getValue: (item) => item.uom_id,
  getLabel: (item) => item.name,
  valueListFilter: 'uom_id_list',
});

export const locationSource = defineRemoteSource({
  call: catalogs.listLocations,
  getValue: (item) => item.location_id,
  getLabel: (item) => item.label,
  valueListFilter: 'location_id_list',
});

/** Batches in stock of one SKU: give `{sku_id}` (and `expiry_date` to narrow). The value is the code. */
export const batchSource = defineRemoteSource<typeof stock.listBatches, string>({
  call: stock.listBatches,
  getValue: (item) => item.code,
  getLabel: (item) => item.code,
  formatValue: (value) => value,
});

/** Expiry dates in stock of one SKU: give `{sku_id}` (and `batch` to narrow). The value is 'YYYY-MM-DD'. */
export const expiryDateSource = defineRemoteSource<typeof stock.listExpiryDates, string>({
  call: stock.listExpiryDates,
  getValue: (item) => item.expiry_date,
  getLabel: (item) => formatIsoDate(item.expiry_date),
  formatValue: formatIsoDate,
});

/** Companies the user works with (every company for role 99). */
export const companySource = defineRemoteSource({
  call: auth.listLinkedCompanies,
  getValue: (item) => item.company_id,
  getLabel: (item) => item.name,
  valueListFilter: 'company_id_list',
  ordering: 'name',
});
