import type { orders } from '@extranet/contract';
import type { TFunction } from 'i18next';

type Failure = Pick<orders.PurchOrderRow, 'failure_reason' | 'failure_code' | 'failure_params'>;

/**
 * Why the warehouse refused an order, in the reader's language when the product gave the reason a
 * code, else in the warehouse's own words; null when no reason was given.
 */
export function failureReason(t: TFunction, failure: Failure): string | null {
  if (failure.failure_code)
    return t(`orders.failureReason.${failure.failure_code}`, failure.failure_params ?? {});
  return failure.failure_reason;
}
