import { z } from 'zod';

/**
 * The wire codec for typed values (DESIGN.md §3). On the wire a typed value is a tagged object;
 * in code a datetime is a `Date`, and dates, times and decimals are canonical strings, so that
 * decimals keep their scale ("12.500" stays "12.500") and dates never shift with a time zone.
 */

export const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const DECIMAL_PATTERN = /^-?\d{1,15}(\.\d{1,6})?$/;

/** Years PostgreSQL's date and timestamp columns hold and four digits write: 1 to 9999. */
export const MIN_YEAR = 1;
export const MAX_YEAR = 9999;

function isRealDate(value: string): boolean {
  if (!DATE_PATTERN.test(value) || Number(value.slice(0, 4)) < MIN_YEAR) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function isStorableDateTime(value: string): boolean {
  const year = new Date(value).getUTCFullYear();
  return year >= MIN_YEAR && year <= MAX_YEAR;
}

/** A calendar date as 'YYYY-MM-DD'. */
export const DateString = z.string().refine(isRealDate, { message: 'Invalid date' });
/** A time of day as 'HH:mm'. */
export const TimeString = z.string().regex(TIME_PATTERN, { message: 'Invalid time' });
/** A decimal as text, never a float. */
export const DecimalString = z.string().regex(DECIMAL_PATTERN, { message: 'Invalid decimal' });

export const WireDate = z.strictObject({ $date: DateString });
export const WireDateTime = z.strictObject({
  $datetime: z.iso.datetime({ offset: true }).refine(isStorableDateTime, { message: 'Invalid datetime' }),
});
export const WireTime = z.strictObject({ $time: TimeString });
export const WireDecimal = z.strictObject({ $decimal: DecimalString });

export const zDate = z.codec(WireDate, DateString, {
  decode: (wire) => wire.$date,
  encode: (value) => ({ $date: value }),
});

export const zDateTime = z.codec(WireDateTime, z.date(), {
  decode: (wire) => new Date(wire.$datetime),
  encode: (value) => ({ $datetime: value.toISOString() }),
});

export const zTime = z.codec(WireTime, TimeString, {
  decode: (wire) => wire.$time,
  encode: (value) => ({ $time: value }),
});

export const zDecimal = z.codec(WireDecimal, DecimalString, {
  decode: (wire) => wire.$decimal,
  encode: (value) => ({ $decimal: value }),
});

/** Decodes a wire value with a call's schema (wire -> code). */
export function decode<T extends z.ZodType>(schema: T, wire: unknown): z.output<T> {
  return z.decode(schema, wire as z.input<T>);
}

/** Encodes a value with a call's schema (code -> wire). */
export function encode<T extends z.ZodType>(schema: T, value: z.output<T>): z.input<T> {
  return z.encode(schema, value);
}
