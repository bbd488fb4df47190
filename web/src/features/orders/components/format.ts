import { discussions } from '@extranet/contract';
import dayjs from 'dayjs';
import { formatNumber } from '../../../shared/i18n/numbers';

/** SPEC.md §5 and §9: dates as DD.MM.YYYY, times as HH:mm. */
export const DATE_FORMAT = 'DD.MM.YYYY';
export const DATE_TIME_FORMAT = 'DD.MM.YYYY HH:mm';

/** What an order is known by: its external code, else the warehouse's number, else `#<id>`. */
export const orderCode = discussions.orderCode;

/** SPEC.md §9: an order without a currency is shown in EUR. */
export const DEFAULT_CURRENCY = 'EUR';

const currencyScales = new Map<string, number>();

/** The decimals a currency is written with (EUR 2, JPY 0, KWD 3), as Intl knows them; 2 if unknown. */
function currencyScale(currency: string): number {
  let scale = currencyScales.get(currency);
  if (scale === undefined) {
    try {
      scale =
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
          .maximumFractionDigits ?? 2;
    } catch {
      scale = 2;
    }
    currencyScales.set(currency, scale);
  }
  return scale;
}

/**
 * The decimals an amount of money is shown with: the currency's own (EUR 2), or more when the
 * value has more ('2.505' stays 2.505, '12.500' is 12.50): nothing stored is hidden by rounding.
 */
export function moneyDecimals(value: string, currency: string | null | undefined): number {
  const significant = (value.split('.')[1] ?? '').replace(/0+$/, '').length;
  return Math.max(currencyScale(currency ?? DEFAULT_CURRENCY), significant);
}

export function formatDate(value: string | null | undefined): string {
  return value ? dayjs(value).format(DATE_FORMAT) : '';
}

export function formatDateTime(value: Date | null | undefined): string {
  return value ? dayjs(value).format(DATE_TIME_FORMAT) : '';
}

/** A decimal text from the server in the reader's language (shared/i18n/numbers.ts). */
export function formatDecimal(
  value: string | null | undefined,
  options: { decimals?: number; negative?: boolean } = {},
): string {
  return formatNumber(value, options);
}

/** An amount with its currency code, in the currency's decimals unless it has more. */
export function formatMoney(value: string | null | undefined, currency: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return `${formatPrice(value, currency)} ${currency ?? DEFAULT_CURRENCY}`;
}

/** A price or sum without its currency code, in the currency's decimals unless it has more. */
export function formatPrice(value: string | null | undefined, currency: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return formatDecimal(value, { decimals: moneyDecimals(value, currency) });
}
