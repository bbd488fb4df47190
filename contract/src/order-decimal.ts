import DecimalJs from 'decimal.js';

/**
 * Decimal arithmetic for quantities and money: 40 significant digits hold any product of two
 * stored amounts (15 + 3 digits each) exactly; rounding is half up, as on an invoice.
 */
export const Decimal = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP });
export type Decimal = DecimalJs;

/** qty x price rounded to 3 decimals; null while either is missing. */
export function lineSum(qty: string | null, price: string | null): string | null {
  if (qty === null || price === null) return null;
  return new Decimal(qty).times(price).toFixed(3);
}

/** The sum of the line sums, to 3 decimals ('0.000' for none). */
export function orderTotal(sums: readonly (string | null)[]): string {
  return sums
    .reduce((total: Decimal, sum) => (sum === null ? total : total.plus(sum)), new Decimal(0))
    .toFixed(3);
}
