import { wms } from '@extranet/contract';
import type { TFunction } from 'i18next';

/**
 * The warehouse's order and stock status codes the product knows, named in the reader's language.
 * A code it does not know is shown as the warehouse describes it, else as the code itself.
 */

type Status = { code: string | null; desc: string | null };

function named(t: TFunction, known: readonly string[], prefix: string, status: Status): string | null {
  if (status.code && known.includes(status.code)) return t(`${prefix}.${status.code}`);
  return status.desc || status.code || null;
}

export function orderStatusName(t: TFunction, status: Status): string | null {
  return named(t, wms.KNOWN_ORDER_STATUSES, 'warehouse.orderStatus', status);
}

export function stockStatusName(t: TFunction, status: Status): string | null {
  return named(t, wms.KNOWN_STOCK_STATUSES, 'warehouse.stockStatus', status);
}
