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
 * An export of a list: the list's filters and ordering, as on screen, and the file's
 * format. The answer is the file itself (`Content-Disposition: attachment`), every row the list
 * would page through; a refusal is a failure as for any call.
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
  });
}

/** The response of an export call: a file, not JSON. */
export const ExportFile = z.unknown();

export const Empty = z.object({}).default({});
export const Ok = z.object({});
