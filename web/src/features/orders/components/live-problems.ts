import { computeProblems, type orders } from '@extranet/contract';
import dayjs from 'dayjs';
import type { OrderKind, OrderView } from '../api/keys';
import type { OrderFormValues } from './order-form-values';

const amountText = (value: number | '') => (value === '' ? null : String(value));

/**
 * The order's problems as the form holds it, by the same rules the server applies when it is
 * saved (contract order-problems.ts), so the clerk learns what Set ready needs while typing. Stock
 * shortages need the warehouse's stock: the saved order's view says those.
 */
export function liveProblems(kind: OrderKind, order: OrderView, values: OrderFormValues): orders.Problems {
  const codes = new Map(order.lines.map((line) => [line.sku_id, line.sku.external_code]));
  return computeProblems(
    {
      kind,
      progress: 'draft',
      isTemplate: order.is_template,
      isReturn: values.is_return,
      locationId: values.location_id,
      deliveryDate: values.delivery_date,
      partyId: values.party_id,
      addressId: values.address_id,
      dueDays: kind === 'sales' ? amountText(values.due_days) : undefined,
      lines: values.lines
        .filter((line) => !line.deleted && line.sku_id !== null)
        .map((line) => ({
          skuId: line.sku_id!,
          skuCode: codes.get(line.sku_id!) ?? `#${line.sku_id}`,
          orderedQty: amountText(line.ordered_qty),
          uomId: line.uom_id,
        })),
    },
    { today: dayjs().format('YYYY-MM-DD') },
  );
}
