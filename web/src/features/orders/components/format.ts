import dayjs from 'dayjs';

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

/**
 * A decimal text with thousands grouped, kept exact: the digits are the server's, never a float's.
 * `decimals` pads or keeps the scale; a return order's quantities get a minus prefix (SPEC.md §2).
 */
export function formatDecimal(
  value: string | null | undefined,
  options: { decimals?: number; negative?: boolean } = {},
): string {
  if (value === null || value === undefined) return '';
  const negative = value.startsWith('-');
  const [integer = '0', fraction = ''] = value.replace(/^-/, '').split('.');
  const scale = options.decimals ?? fraction.replace(/0+$/, '').length;
  const digits = fraction.padEnd(scale, '0').slice(0, Math.max(scale, 0));
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  const minus =
    negative !== Boolean(options.negative) && !/^0*\.?0*$/.test(value.replace('-', '')) ? '-' : '';
  return `${minus}${grouped}${digits ? `.${digits}` : ''}`;
}

export function formatMoney(value: string | null | undefined, currency: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return `${formatDecimal(value, { decimals: MONEY_DECIMALS })} ${currency ?? DEFAULT_CURRENCY}`;
}
