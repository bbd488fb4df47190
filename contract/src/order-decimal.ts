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

/**
 * A non-negative decimal as people type it or a spreadsheet writes it: `.` or `,` as the decimal
 * sign, spaces or the other sign grouping thousands, 3 places at most. Null for anything else.
 */
export function parseDecimal(text: string): string | null {
  let value = text.replace(/[\s\u00a0\u202f']/g, '');
  const comma = value.lastIndexOf(',');
  const dot = value.lastIndexOf('.');
  if (comma >= 0 && dot >= 0) {
    value = comma > dot ? value.replaceAll('.', '').replace(',', '.') : value.replaceAll(',', '');
  } else if (comma >= 0) {
    value = value.replace(',', '.');
  }
  return /^\d{1,15}(\.\d{1,3})?$/.test(value) ? value : null;
}

/**
 * Units a quantity is measured in (weight, volume, length, area) rather than counted: these take
 * decimals. Every other unit (pcs, box, pallet, and any a warehouse adds) is counted, so its
 * quantities are whole: one rule for the form, a paste, an import and the API (docs/decisions.md).
 */
const MEASURED_UNITS = new Set([
  ...['mg', 'g', 'kg', 't', 'lb', 'oz'],
  ...['ml', 'cl', 'dl', 'l', 'hl', 'gal', 'm3'],
  ...['mm', 'cm', 'm', 'km', 'in', 'ft', 'yd', 'm2'],
]);

/** Whether quantities in this unit (its code, as orders and master data name it) are whole. */
export function isCountedUnit(code: string): boolean {
  return !MEASURED_UNITS.has(code.trim().toLowerCase());
}

/** Whether a quantity (decimal text) may be entered in this unit: a counted unit takes no fraction. */
export function quantityFitsUnit(qty: string, unitCode: string | null): boolean {
  if (unitCode === null || !isCountedUnit(unitCode)) return true;
  return new Decimal(qty).isInteger();
}
