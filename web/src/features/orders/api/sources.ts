import { orders } from '@extranet/contract';
import { i18n } from '../../../shared/i18n';
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

import { orderCode } from '../components/format';

/** A template told apart from its neighbours: its code, its party and how many lines it has. */
function templateLabel(
  item: { head_id: number; external_code: string | null; lines_count: number },
  party?: string,
) {
  return i18n.t('orders.templates.label', {
    code: orderCode(item),
    party: party ?? i18n.t('orders.templates.noParty'),
    count: item.lines_count,
  });
}

/** Templates (or any orders) of one kind to copy from: filter by consignee_id and is_template. */
export const purchTemplateSource = defineRemoteSource({
  call: orders.purch.listOrders,
  getValue: (item) => item.head_id,
  getLabel: (item) => templateLabel(item, item.vendor?.name),
});

export const salesTemplateSource = defineRemoteSource({
  call: orders.sales.listOrders,
  getValue: (item) => item.head_id,
  getLabel: (item) => templateLabel(item, item.customer?.name),
});
