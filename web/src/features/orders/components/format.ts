import dayjs from 'dayjs';
import { formatNumber } from '../../../shared/i18n/numbers';

/** SPEC.md §5 and §9: dates as DD.MM.YYYY, times as HH:mm. */
export const DATE_FORMAT = 'DD.MM.YYYY';
export const DATE_TIME_FORMAT = 'DD.MM.YYYY HH:mm';

/** SPEC.md §9: an order without a currency is shown in EUR, with 3 decimals. */
export const DEFAULT_CURRENCY = 'EUR';
export const MONEY_DECIMALS = 3;

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

export function formatMoney(value: string | null | undefined, currency: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return `${formatDecimal(value, { decimals: MONEY_DECIMALS })} ${currency ?? DEFAULT_CURRENCY}`;
}
