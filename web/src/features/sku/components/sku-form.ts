import { type CallRequest, sku } from '@extranet/contract';
import Decimal from 'decimal.js';
import { z } from 'zod';
import { formatDecimal } from '../../../shared/catalogs/format';
import { MESSAGES } from '../../../shared/forms';

/** A number input's value: a number, the text being typed, or '' for none. */
type NumberValue = number | string;

export interface SkuLineValues {
  sku_packaging_id: number | null;
  code: string;
  gross_w: NumberValue;
  net_w: NumberValue;
  width: NumberValue;
  height: NumberValue;
  length: NumberValue;
}

export interface SkuFormValues {
  storage: {
    manufacturer_expire: NumberValue;
    receive_expire: NumberValue;
    ship_expire: NumberValue;
    receive_temp_min: NumberValue;
    receive_temp_max: NumberValue;
  };
  general: {
    vendor_id: number | null;
    commodity_code: string;
    price: NumberValue;
    vat_rate: NumberValue;
    excise_code: string;
    alcohol_percent: NumberValue;
    order_min: NumberValue;
    order_step: NumberValue;
  };
  lines: SkuLineValues[];
}

/** Messages are i18n keys, translated when shown. */
export const SKU_MESSAGES = {
  range: 'sku.edit.range',
  wholeNumber: 'sku.edit.wholeNumber',
  tempRange: 'sku.edit.tempRange',
} as const;

const numberValue = z.union([z.number(), z.string()]);

function integerField(limits: { min: number; max: number }) {
  return numberValue.transform((value, ctx): number | null => {
    if (value === '') return null;
    const number = typeof value === 'number' ? value : Number(value);
    if (!Number.isInteger(number)) {
      ctx.addIssue({ code: 'custom', message: SKU_MESSAGES.wholeNumber });
      return z.NEVER;
    }
    if (number < limits.min || number > limits.max) {
      ctx.addIssue({ code: 'custom', message: SKU_MESSAGES.range });
      return z.NEVER;
    }
    return number;
  });
}

/** A decimal as the contract's text, checked by the contract's own bounds. */
function decimalField(bounds: z.ZodType<string>) {
  return numberValue.transform((value, ctx): string | null => {
    if (value === '') return null;
    let text: string;
    try {
      text = new Decimal(String(value)).toFixed();
    } catch {
      ctx.addIssue({ code: 'custom', message: SKU_MESSAGES.range });
      return z.NEVER;
    }
    if (!bounds.safeParse(text).success) {
      ctx.addIssue({ code: 'custom', message: SKU_MESSAGES.range });
      return z.NEVER;
    }
    return text;
  });
}

const optionalText = z
  .string()
  .trim()
  .max(sku.SKU_LIMITS.code.max, { message: MESSAGES.tooLong })
  .transform((value) => value || null);

const { SKU_LIMITS } = sku;
const amount = () => decimalField(sku.SkuAmountValue);
const size = () => decimalField(sku.SkuSizeValue);
const percent = () => decimalField(sku.SkuPercentValue);

/** SPEC.md §5 'SKU edit', with the contract's limits; its output is the save call's payload. */
export const SkuFormSchema = z.object({
  storage: z
    .object({
      manufacturer_expire: integerField(SKU_LIMITS.expireDays),
      receive_expire: integerField(SKU_LIMITS.expireDays),
      ship_expire: integerField(SKU_LIMITS.expireDays),
      receive_temp_min: integerField(SKU_LIMITS.temperature),
      receive_temp_max: integerField(SKU_LIMITS.temperature),
    })
    .refine(
      (value) =>
        value.receive_temp_min === null ||
        value.receive_temp_max === null ||
        value.receive_temp_min <= value.receive_temp_max,
      { path: ['receive_temp_max'], message: SKU_MESSAGES.tempRange },
    ),
  general: z.object({
    vendor_id: z.number().nullable(),
    commodity_code: optionalText,
    price: amount(),
    vat_rate: percent(),
    excise_code: optionalText,
    alcohol_percent: percent(),
    order_min: amount(),
    order_step: amount(),
  }),
  lines: z.array(
    z.object({
      sku_packaging_id: z.number().nullable(),
      code: z
        .string()
        .trim()
        .min(1, { message: MESSAGES.required })
        .max(SKU_LIMITS.code.max, { message: MESSAGES.tooLong }),
      gross_w: amount(),
      net_w: amount(),
      width: size(),
      height: size(),
      length: size(),
    }),
  ),
});
export type SkuFormOutput = z.output<typeof SkuFormSchema>;

const numberOrEmpty = (value: number | null): NumberValue => value ?? '';

/** The form's starting values from a SKU as the server gave it. */
export function toFormValues(item: sku.SkuRow): SkuFormValues {
  const { storage, general } = item;
  return {
    storage: {
      manufacturer_expire: numberOrEmpty(storage.manufacturer_expire),
      receive_expire: numberOrEmpty(storage.receive_expire),
      ship_expire: numberOrEmpty(storage.ship_expire),
      receive_temp_min: numberOrEmpty(storage.receive_temp_min),
      receive_temp_max: numberOrEmpty(storage.receive_temp_max),
    },
    general: {
      vendor_id: general.vendor?.vendor_id ?? null,
      commodity_code: general.commodity_code ?? '',
      price: formatDecimal(general.price),
      vat_rate: formatDecimal(general.vat_rate),
      excise_code: general.excise_code ?? '',
      alcohol_percent: formatDecimal(general.alcohol_percent),
      order_min: formatDecimal(general.order_min),
      order_step: formatDecimal(general.order_step),
    },
    lines: (item.lines ?? []).map((line) => ({
      sku_packaging_id: line.sku_packaging_id,
      code: line.code,
      gross_w: formatDecimal(line.gross_w),
      net_w: formatDecimal(line.net_w),
      width: formatDecimal(line.dimensions.width),
      height: formatDecimal(line.dimensions.height),
      length: formatDecimal(line.dimensions.length),
    })),
  };
}

export function emptyLine(): SkuLineValues {
  return { sku_packaging_id: null, code: '', gross_w: '', net_w: '', width: '', height: '', length: '' };
}

export function toSaveRequest(item: sku.SkuRow, values: SkuFormOutput): CallRequest<typeof sku.saveSku> {
  return { sku_id: item.sku_id, consignee_id: item.consignee.consignee_id, ...values };
}
