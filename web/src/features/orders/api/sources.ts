import { catalogs, orders, stock } from '@extranet/contract';
import dayjs from 'dayjs';
import { defineRemoteSource } from '../../../shared/ui/remote-select';
import { DATE_FORMAT } from '../components/format';

/** Where the order screens' pickers take their options from (SPEC.md §5 'pickers'). */
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
  getLabel: (item) => item.name,
  valueListFilter: 'address_id_list',
});

export const skuSource = defineRemoteSource({
  call: catalogs.listSkus,
  getValue: (item) => item.sku_id,
  getLabel: (item) => `${item.external_code} · ${item.name}`,
  valueListFilter: 'sku_id_list',
});

export const uomSource = defineRemoteSource({
  call: catalogs.listUoms,
  getValue: (item) => item.uom_id,
  getLabel: (item) => item.name,
  valueListFilter: 'uom_id_list',
});

export const currencySource = defineRemoteSource({
  call: catalogs.listCurrencies,
  getValue: (item) => item.currency_id,
  getLabel: (item) => item.code,
  valueListFilter: 'currency_id_list',
});

export const locationSource = defineRemoteSource({
  call: catalogs.listLocations,
  getValue: (item) => item.location_id,
  getLabel: (item) => item.label,
  valueListFilter: 'location_id_list',
});

/** Batches in stock of a line's SKU; a batch is its own label. */
export const batchSource = defineRemoteSource<typeof stock.listBatches, string>({
  call: stock.listBatches,
  getValue: (item) => item.code,
  getLabel: (item) => item.code,
  formatValue: (value) => value,
});

/** Expiry dates in stock of a line's SKU, shown as DD.MM.YYYY. */
export const expiryDateSource = defineRemoteSource<typeof stock.listExpiryDates, string>({
  call: stock.listExpiryDates,
  getValue: (item) => item.expiry_date,
  getLabel: (item) => dayjs(item.expiry_date).format(DATE_FORMAT),
  formatValue: (value) => dayjs(value).format(DATE_FORMAT),
});

/** Templates (or any orders) of one kind to copy from: filter by consignee_id and is_template. */
export const purchTemplateSource = defineRemoteSource({
  call: orders.purch.listOrders,
  getValue: (item) => item.head_id,
  getLabel: (item) => item.external_code ?? `#${item.head_id}`,
});

export const salesTemplateSource = defineRemoteSource({
  call: orders.sales.listOrders,
  getValue: (item) => item.head_id,
  getLabel: (item) => item.external_code ?? `#${item.head_id}`,
});
