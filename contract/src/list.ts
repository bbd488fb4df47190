import { z } from 'zod';

export const MAX_PAGE_SIZE = 1000;
export const MAX_PAGE = 1_000_000;

/** What a PostgreSQL integer column holds: every integer the calls take is bounded to it. */
export const INT4_MAX = 2_147_483_647;
export const Int4 = z
  .int()
  .min(-INT4_MAX - 1)
  .max(INT4_MAX);
export const Id = z.int().min(1).max(INT4_MAX);
export const IdList = z.array(Id).max(MAX_PAGE_SIZE);
export const Smart = z.string().trim().max(200);

/**
 * A list request (DESIGN.md §3). Filters are strict: an unknown key is refused as
 * crud_filter_unknown, a value of the wrong type as crud_filter_invalid_type, an ordering outside
 * the whitelist as crud_order_unknown.
 */
export function listRequest<F extends z.ZodRawShape, const O extends readonly string[]>(
  filters: F,
  orderings: O,
) {
  const values = orderings.flatMap((key) => [key, `-${key}`]) as Array<O[number] | `-${O[number]}`>;
  return z.object({
    filters: z
      .strictObject(filters)
      .partial()
      .default({} as never),
    page: z.int().min(0).max(MAX_PAGE).default(0),
    count: z.int().min(1).max(MAX_PAGE_SIZE).default(10),
    ordering: z
      .enum(values as [O[number] | `-${O[number]}`, ...Array<O[number] | `-${O[number]}`>])
      .optional(),
    with_total: z.boolean().default(false),
  });
}

/**
 * Totals past this are not counted: the answer says `total: 10000, total_capped: true` ("at least",
 * shown "10,000+"), so that a total costs the same at a million rows as at ten thousand.
 */
export const TOTAL_CAP = 10_000;

/**
 * Where the next page of a list that offers keyset pages starts: `next_cursor` of a page, sent back
 * as `cursor` with the next page's number, reads that page by its position instead of skipping
 * every row before it. Callers that send only `page` get the same rows.
 */
export const Cursor = z.string().regex(/^-?[a-z_]{1,40}\.[0-9]{1,10}$/);

export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    more: z.boolean(),
    total: z.int().optional(),
    /** The list has more rows than `total` (TOTAL_CAP), which were not counted. */
    total_capped: z.literal(true).optional(),
    next_cursor: Cursor.optional(),
  });
}

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * How a CSV export is written. `local`: for a person's spreadsheet in the reader's language: `;`
 * and decimal commas in ru and lv, `,` and dots in en, dates and times as the screen shows them
 * (DD.MM.YYYY, DD.MM.YYYY HH:mm in `tz`). `machine`: for imports and integrations, whatever the
 * language: `,`, dots, dates YYYY-MM-DD and times ISO 8601 in UTC.
 */
export const CSV_STYLES = ['local', 'machine'] as const;
export type CsvStyle = (typeof CSV_STYLES)[number];

/** Whether the text names a time zone this runtime knows (IANA, such as Europe/Riga, or UTC). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone name: letters, digits and `_ + - /` only, checked against the runtime's zones. */
export const TimeZone = z
  .string()
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, { message: 'must be an IANA time zone such as Europe/Riga' })
  .refine(isTimeZone, { message: 'must be an IANA time zone such as Europe/Riga' });

/**
 * An export of a list: the list's filters and ordering, as on screen, and the file's
 * format. The answer is the file itself (`Content-Disposition: attachment`), every row the list
 * would page through; a refusal is a failure as for any call.
 *
 * `csv_style` (CSV only) defaults to `local` for a session and for an API key that sends
 * `Accept-Language`, and to `machine` for an API key without it, so an integration written before
 * the option keeps reading what it read. `tz` is the zone times are written in (the web app sends
 * the browser's); without it times are in UTC and the column's header says so.
 */
export function exportRequest<F extends z.ZodRawShape, const O extends readonly string[]>(
  filters: F,
  orderings: O,
) {
  const list = listRequest(filters, orderings);
  return z.object({
    filters: list.shape.filters,
    ordering: list.shape.ordering,
    format: z.enum(EXPORT_FORMATS),
    csv_style: z.enum(CSV_STYLES).optional(),
    tz: TimeZone.optional(),
  });
}

/** The response of an export call: a file, not JSON. */
export const ExportFile = z.unknown();

export const Empty = z.object({}).default({});
export const Ok = z.object({});
