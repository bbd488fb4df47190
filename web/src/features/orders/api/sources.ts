import { orders } from '@extranet/contract';
import { defineRemoteSource } from '../../../shared/ui/remote-select';

/** The order screens' catalog pickers are the shared ones (SPEC.md §5 'pickers'). */
export {
  addressSource,
  batchSource,
  consigneeSource,
  currencySource,
  customerSource,
  expiryDateSource,
  locationSource,
  skuSource,
  uomSource,
  vendorSource,
} from '../../../shared/catalogs/sources';

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
