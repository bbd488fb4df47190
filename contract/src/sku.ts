import Decimal from 'decimal.js';
import { z } from 'zod';
import { defineCall } from './call';
import { DecimalString, WireDecimal, zDecimal } from './codec';
import { ExportFile, exportRequest, Id, listRequest, listResponse, Ok, Smart } from './list';

/** SPEC.md §3 'SKU' and 'SKU packaging line'. Weights in kg, sizes in cm, volume in litres. */

export const SkuStorage = z.object({
  manufacturer_expire: z.int().nullable(),
  receive_expire: z.int().nullable(),
  ship_expire: z.int().nullable(),
  receive_temp_min: z.int().nullable(),
  receive_temp_max: z.int().nullable(),
});
export type SkuStorage = z.infer<typeof SkuStorage>;

export const SkuGeneral = z.object({
  vendor: z.object({ vendor_id: Id, external_code: z.string(), name: z.string() }).nullable(),
  commodity_code: z.string().nullable(),
  production_country: z.string().nullable(),
  price: zDecimal.nullable(),
  vat_rate: zDecimal.nullable(),
  class_code: z.string().nullable(),
  order_min: zDecimal.nullable(),
  order_step: zDecimal.nullable(),
  excise_code: z.string().nullable(),
  alcohol_percent: zDecimal.nullable(),
});
export type SkuGeneral = z.infer<typeof SkuGeneral>;

export const SkuPackagingLine = z.object({
  sku_packaging_id: Id,
  sku_id: Id,
  code: z.string(),
  gross_w: zDecimal.nullable(),
  net_w: zDecimal.nullable(),
  dimensions: z.object({
    width: zDecimal.nullable(),
    height: zDecimal.nullable(),
    length: zDecimal.nullable(),
  }),
  volume: zDecimal.nullable(),
  pce_qty: z.int().nullable(),
});
export type SkuPackagingLine = z.infer<typeof SkuPackagingLine>;

export const SkuRow = z.object({
  sku_id: Id,
  code: z.string(),
  external_code: z.string(),
  name: z.string(),
  business_line: z.object({ business_line_id: Id, name: z.string() }),
  consignee: z.object({ consignee_id: Id, name: z.string() }),
  storage: SkuStorage,
  general: SkuGeneral,
  /** Packaging lines: only when the list is asked for one SKU (filters.sku_id). */
  lines: z.array(SkuPackagingLine).optional(),
});
export type SkuRow = z.infer<typeof SkuRow>;

export const SKU_ORDERINGS = ['sku_id', 'name', 'external_code'] as const;

/**
 * SPEC.md §7 writes list_ean as `{sku_id}` and list_sku "with skuId": a `sku_id` beside the filters
 * means the same as `filters.sku_id`; both given must name the same SKU.
 */
const topLevelSkuId = { sku_id: Id.optional() };
const sameSkuId = (request: { sku_id?: number; filters: { sku_id?: number } }) =>
  request.sku_id === undefined ||
  request.filters.sku_id === undefined ||
  request.sku_id === request.filters.sku_id;
const SKU_ID_MISMATCH = { message: 'sku_id and filters.sku_id differ', path: ['sku_id'] };

export const ListSkuRequest = listRequest(
  { sku_id: Id, consignee_id: Id, business_line_id: Id, smart: Smart },
  SKU_ORDERINGS,
)
  .extend(topLevelSkuId)
  .refine(sameSkuId, SKU_ID_MISMATCH);
export type ListSkuRequest = z.infer<typeof ListSkuRequest>;
export const ExportSkuRequest = exportRequest(
  { sku_id: Id, consignee_id: Id, business_line_id: Id, smart: Smart },
  SKU_ORDERINGS,
);
export type ExportSkuRequest = z.infer<typeof ExportSkuRequest>;

export const EanRow = z.object({ ean_id: Id, sku_id: Id, ean_text: z.string(), ean_type_code: z.string() });
export type EanRow = z.infer<typeof EanRow>;

export const ListEanRequest = listRequest({ sku_id: Id, smart: Smart }, ['ean_text'])
  .extend(topLevelSkuId)
  .refine(sameSkuId, SKU_ID_MISMATCH);
export type ListEanRequest = z.infer<typeof ListEanRequest>;

// ---------------------------------------------------------------- saving (SPEC.md §5 'SKU edit')

/**
 * Limits of the SKU edit form. Expiries are whole days from 0; temperatures whole degrees,
 * below zero too (frozen goods are kept at -18 °C and colder); weights, sizes, percentages and
 * money non-negative with at most 3 decimals (the database keeps 3).
 */
export const SKU_LIMITS = {
  expireDays: { min: 0, max: 36_500 },
  temperature: { min: -100, max: 100 },
  amount: { min: 0, max: 1_000_000_000, scale: 3 },
  /** Sizes in cm: up to a kilometre keeps the computed volume within the database's range. */
  size: { min: 0, max: 100_000, scale: 3 },
  percent: { min: 0, max: 100, scale: 3 },
  code: { max: 64 },
} as const;

/** A non-negative decimal string within `max` with at most `scale` decimals. */
export function boundedDecimalString(max: number, scale: number) {
  return DecimalString.refine(
    (value) => {
      const decimal = new Decimal(value);
      return !decimal.isNegative() && decimal.lte(max) && decimal.decimalPlaces() <= scale;
    },
    { message: `Must be between 0 and ${max} with at most ${scale} decimals` },
  );
}

function wireDecimal(inner: z.ZodType<string, string>) {
  return z.codec(WireDecimal, inner, {
    decode: (wire) => wire.$decimal,
    encode: (value) => ({ $decimal: value }),
  });
}

export const SkuAmountValue = boundedDecimalString(SKU_LIMITS.amount.max, SKU_LIMITS.amount.scale);
export const SkuPercentValue = boundedDecimalString(SKU_LIMITS.percent.max, SKU_LIMITS.percent.scale);
export const SkuSizeValue = boundedDecimalString(SKU_LIMITS.size.max, SKU_LIMITS.size.scale);
const SkuAmount = wireDecimal(SkuAmountValue);
const SkuSize = wireDecimal(SkuSizeValue);
const SkuPercent = wireDecimal(SkuPercentValue);
export const ExpireDays = z.int().min(SKU_LIMITS.expireDays.min).max(SKU_LIMITS.expireDays.max);
export const Temperature = z.int().min(SKU_LIMITS.temperature.min).max(SKU_LIMITS.temperature.max);
const OptionalCode = z.string().trim().max(SKU_LIMITS.code.max).nullable();

export const SaveSkuStorage = z
  .object({
    manufacturer_expire: ExpireDays.nullable(),
    receive_expire: ExpireDays.nullable(),
    ship_expire: ExpireDays.nullable(),
    receive_temp_min: Temperature.nullable(),
    receive_temp_max: Temperature.nullable(),
  })
  .refine(
    (value) =>
      value.receive_temp_min === null ||
      value.receive_temp_max === null ||
      value.receive_temp_min <= value.receive_temp_max,
    { path: ['receive_temp_max'], message: 'Must not be below the minimum temperature' },
  );

export const SaveSkuGeneral = z.object({
  vendor_id: Id.nullable(),
  commodity_code: OptionalCode,
  price: SkuAmount.nullable(),
  vat_rate: SkuPercent.nullable(),
  excise_code: OptionalCode,
  alcohol_percent: SkuPercent.nullable(),
  order_min: SkuAmount.nullable(),
  order_step: SkuAmount.nullable(),
});

/** A packaging line: sku_packaging_id null adds a line; lines left out of the list are removed. */
export const SaveSkuLine = z.object({
  sku_packaging_id: Id.nullable(),
  code: z.string().trim().min(1).max(SKU_LIMITS.code.max),
  gross_w: SkuAmount.nullable(),
  net_w: SkuAmount.nullable(),
  width: SkuSize.nullable(),
  height: SkuSize.nullable(),
  length: SkuSize.nullable(),
});

export const SaveSkuRequest = z.object({
  sku_id: Id,
  consignee_id: Id,
  storage: SaveSkuStorage,
  general: SaveSkuGeneral,
  lines: z.array(SaveSkuLine).max(20),
});
export type SaveSkuRequest = z.infer<typeof SaveSkuRequest>;
export type SaveSkuRequestInput = z.input<typeof SaveSkuRequest>;

export const listSku = defineCall({
  path: '/sku/list_sku',
  summary:
    "SKUs of the caller's consignees; with sku_id (or filters.sku_id) the one SKU with its packaging lines.",
  access: 'session',
  permission: ['stck', 'cmgr'],
  request: ListSkuRequest,
  response: listResponse(SkuRow),
});

export const exportSku = defineCall({
  path: '/sku/export_sku',
  summary: 'The SKUs the list shows, with its filters and ordering, as a CSV or XLSX file.',
  access: 'session',
  permission: ['stck', 'cmgr'],
  request: ExportSkuRequest,
  response: ExportFile,
});

export const listEan = defineCall({
  path: '/sku/list_ean',
  summary: "Barcodes (EAN) of the caller's SKUs, of one SKU with sku_id (or filters.sku_id).",
  access: 'session',
  permission: ['stck', 'cmgr'],
  request: ListEanRequest,
  response: listResponse(EanRow),
});

export const saveSku = defineCall({
  path: '/sku/save_sku',
  summary: 'Saves the storage and general data and the packaging lines of one SKU.',
  access: 'session',
  permission: ['cmgr'],
  request: SaveSkuRequest,
  response: Ok,
});
