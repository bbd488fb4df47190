import Decimal from 'decimal.js';

/** 'YYYY-MM-DD' as SPEC.md §9's numeric day, month and year (DD.MM.YYYY). */
export function formatIsoDate(value: string | null | undefined): string {
  if (!value) return '';
  const [year, month, day] = value.split('-');
  return `${day}.${month}.${year}`;
}

/** A decimal string without its trailing zeros ('12.500' -> '12.5'); '' for none. */
export function formatDecimal(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return new Decimal(value).toString();
}
