import { z } from 'zod';
import { Id } from './list';
import { Problem } from './order-problem-codes';
import type { OrderKind } from './orders';

// ---------------------------------------------------------------- import

/** The columns of an order's head after its party (vendor or customer), in both kinds' files. */
export const IMPORT_HEAD_COLUMNS = [
  'address',
  'reference',
  'delivery_date',
  'currency',
  'location',
  'truck_number',
] as const;
const IMPORT_LINE_COLUMNS = ['sku', 'qty', 'uom', 'price'] as const;

/**
 * Orders imported from a CSV (any delimiter, UTF-8 with or without BOM) or XLSX file:
 * one row per order line, grouped into orders by `external_code`; the header row names the
 * columns below (other names are mapped to them by the `mapping` field). Each names its record as
 * the catalogs show it: consignee by code or exact name, vendor/customer and SKU by external code,
 * address by code or exact name, currency by code, unit by name, location by label; dates
 * YYYY-MM-DD or DD.MM.YYYY; decimals with `.` or `,`.
 */
export const IMPORT_COLUMNS = {
  purch: ['external_code', 'consignee', 'vendor', ...IMPORT_HEAD_COLUMNS, ...IMPORT_LINE_COLUMNS],
  sales: [
    'external_code',
    'consignee',
    'customer',
    ...IMPORT_HEAD_COLUMNS,
    ...IMPORT_LINE_COLUMNS,
    'batch',
    'expiry_date',
  ],
} as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[OrderKind][number];
export const IMPORT_REQUIRED_COLUMNS = ['external_code', 'consignee', 'sku', 'qty'] as const;
export const MAX_IMPORT_ROWS = 10_000;

export const IMPORT_PROBLEMS = [
  'required',
  'consignee_unknown',
  'party_unknown',
  'address_unknown',
  'currency_unknown',
  'location_unknown',
  'sku_unknown',
  'uom_unknown',
  'date_invalid',
  'date_past',
  'number_invalid',
  'qty_not_whole',
  'code_taken',
  'sku_twice',
  'header_differs',
  'too_long',
] as const;
export type ImportProblemCode = (typeof IMPORT_PROBLEMS)[number];

export const ImportProblem = z.object({
  /** The file's row, 1 being the header. */
  row: z.int(),
  column: z.string(),
  code: z.enum(IMPORT_PROBLEMS),
  value: z.string(),
});
export type ImportProblem = z.infer<typeof ImportProblem>;

export const ImportedOrder = z.object({
  external_code: z.string(),
  /** The order made, when the import was applied; null in a preview or a refused import. */
  head_id: Id.nullable(),
  rows: z.array(z.int()),
  problems: z.array(ImportProblem),
  /** The order is complete: with `ready`, it is set ready. */
  complete: z.boolean(),
  /**
   * What keeps an order without problems of its file from Set ready (the order's own problems,
   * `no_vendor`, `no_uom` with its SKUs, …): it is imported as a draft. Empty when complete.
   */
  missing: z.array(Problem),
});
export type ImportedOrder = z.infer<typeof ImportedOrder>;

/**
 * The answer of import_orders: every order of the file with its rows and problems. Nothing is
 * written when any order has a problem, or with `dry_run`; otherwise every order in one
 * transaction, as drafts (the complete ones ready, with `ready`).
 */
export const ImportOrdersResponse = z.object({
  orders: z.array(ImportedOrder),
  created: z.int().min(0),
  /** The columns the file had, mapped: what a mapping step offers to change. */
  columns: z.array(z.object({ header: z.string(), column: z.string().nullable() })),
});
export type ImportOrdersResponse = z.infer<typeof ImportOrdersResponse>;

/** Multipart fields of `/orders/{kind}/import_orders`, besides `file`. */
export const ImportOrdersFields = z.object({
  dry_run: z.enum(['true', 'false']).default('false'),
  ready: z.enum(['true', 'false']).default('false'),
  /**
   * JSON: `{"<header in the file>": "<column>"}` (`""` ignores the header). Joins the mapping the
   * user's last written import used, which the server remembers.
   */
  mapping: z.string().max(10_000).optional(),
});

export const importPath = (kind: OrderKind) => `/orders/${kind}/import_orders`;
