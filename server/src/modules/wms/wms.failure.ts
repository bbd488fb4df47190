import type { orders } from '@extranet/contract';
import { translate } from '../../i18n';

const REASON_MAX = 1000;

/**
 * Why an order failed, as it is stored: the code readers see worded in their own language, and
 * the text API clients and the warehouse's own refusals carry (English for a coded failure).
 */
export interface OrderFailure {
  reason: string;
  cause: orders.FailureCause | null;
}

/** A failure the product words itself, by its code. */
export function failureOf(code: orders.FailureCode, params?: orders.FailureParams): OrderFailure {
  const reason = translate('en', `orders.failureReason.${code}`, params).slice(0, REASON_MAX);
  return { reason, cause: params ? { code, params } : { code } };
}

/** A refusal in the warehouse's own words, shown as given. */
export function warehouseFailure(text: string): OrderFailure {
  return { reason: text.trim().slice(0, REASON_MAX), cause: null };
}
