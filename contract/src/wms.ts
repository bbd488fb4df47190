import { z } from 'zod';
import { MasterData } from './catalogs';
import { zDate, zDateTime } from './codec';
import { Id } from './list';
import { DOCUMENT_TYPES, ORDER_KINDS } from './orders';
import { MasterSlotSchedule, WmsBooking } from './slots';

/**
 * The link with the warehouse system (WMS). Both directions are signed with the shared secret
 * WMS_SECRET: HMAC-SHA256 over `<timestamp>.<raw body>`, hex, sent as `sha256=<hex>` in
 * WMS_SIGNATURE_HEADER, the timestamp (Unix seconds) in WMS_TIMESTAMP_HEADER. A message older or
 * newer than WMS_MAX_SKEW_SECONDS is refused.
 */
export const WMS_SIGNATURE_HEADER = 'x-wms-signature';
export const WMS_TIMESTAMP_HEADER = 'x-wms-timestamp';
/** Sent with every order; the same for every retry of one send, new for a send after reset_failure. */
export const WMS_IDEMPOTENCY_HEADER = 'idempotency-key';
export const WMS_MAX_SKEW_SECONDS = 300;

/** A quantity the warehouse reports: not negative, 3 decimals at most (as stored). */
const QtyString = z.string().regex(/^\d{1,15}(\.\d{1,3})?$/, { message: 'Invalid quantity' });
/** A change of stock: negative takes stock out. */
const QtyDeltaString = z.string().regex(/^-?\d{1,15}(\.\d{1,3})?$/, { message: 'Invalid quantity' });

export const zQty = z.codec(z.strictObject({ $decimal: QtyString }), QtyString, {
  decode: (wire) => wire.$decimal,
  encode: (value) => ({ $decimal: value }),
});
export const zQtyDelta = z.codec(z.strictObject({ $decimal: QtyDeltaString }), QtyDeltaString, {
  decode: (wire) => wire.$decimal,
  encode: (value) => ({ $decimal: value }),
});

const Code = z.string().trim().min(1).max(100);
const OptionalText = (max: number) => z.string().max(max).nullable().optional();

/**
 * The warehouse's order and stock status codes the product knows and words in the reader's
 * language (`warehouse.orderStatus.<code>`, `warehouse.stockStatus.<code>`); any other code is
 * shown as the warehouse describes it.
 */
export const KNOWN_ORDER_STATUSES = ['NEW', 'RCV', 'DONE', 'PCK', 'SHP', 'DLV', 'CNL'] as const;
export const KNOWN_STOCK_STATUSES = ['AV', 'QC', 'BL'] as const;

export const WmsStatus = z.object({ code: Code, desc: z.string().max(200).nullable() });
export type WmsStatus = z.infer<typeof WmsStatus>;

export const WmsOrderRef = z.object({ kind: z.enum(ORDER_KINDS), head_id: Id });
export type WmsOrderRef = z.infer<typeof WmsOrderRef>;

// ---------------------------------------------------------------- outbound: an order sent to the WMS

export const WmsOrderLine = z.object({
  /** The SKU's external code, unique per consignee. */
  sku: z.string(),
  name: z.string(),
  ordered_qty: zQty.nullable(),
  uom: z.string().nullable(),
  price: zQty.nullable(),
  /** Sales lines only. */
  batch: z.string().nullable().optional(),
  expiry_date: zDate.nullable().optional(),
});
export type WmsOrderLine = z.infer<typeof WmsOrderLine>;

const Party = z.object({ code: z.string(), name: z.string() });

/** An order's booked slot as the warehouse receives it; times are instants (UTC). */
export const WmsOrderBooking = z.object({
  slot_id: Id,
  location: z.string(),
  starts_at: zDateTime,
  ends_at: zDateTime,
});
export type WmsOrderBooking = z.infer<typeof WmsOrderBooking>;

/**
 * A booking that changed after the order was sent, POSTed to WMS_URL like an order: `update` says
 * it is not an order, `booking` is the order's slot now (null: cancelled).
 */
export const WmsBookingUpdate = z.object({
  update: z.literal('booking'),
  kind: z.enum(ORDER_KINDS),
  head_id: Id,
  external_code: z.string().nullable(),
  booking: WmsOrderBooking.nullable(),
});
export type WmsBookingUpdate = z.infer<typeof WmsBookingUpdate>;

/** The body the http connector POSTs to WMS_URL. */
export const WmsOrderMessage = z.object({
  kind: z.enum(ORDER_KINDS),
  head_id: Id,
  external_code: z.string().nullable(),
  consignee: z.object({ consignee_id: Id, name: z.string() }),
  /** The vendor (purchase) or customer (sales). */
  party: Party.nullable(),
  address: z.object({ name: z.string() }).nullable(),
  reference: z.string().nullable(),
  location: z.string().nullable(),
  delivery_date: zDate.nullable(),
  currency: z.string().nullable(),
  truck_number: z.string().nullable(),
  is_return: z.boolean(),
  /** Sales orders only. */
  delivery_address: z.object({ name: z.string() }).nullable().optional(),
  delivery_name: z.string().nullable().optional(),
  due_days: zQty.nullable().optional(),
  comments: z.string().nullable().optional(),
  self_picking: z.boolean().optional(),
  /** The slot booked for the order's truck, if any. */
  booking: WmsOrderBooking.nullable(),
  lines: z.array(WmsOrderLine),
});
export type WmsOrderMessage = z.infer<typeof WmsOrderMessage>;

/** The warehouse's own number of an order (its answer to a send, or an event). */
export const WarehouseCode = z.string().trim().min(1).max(100);

/**
 * What the WMS may answer with a 2xx (all optional): the order's first status and the warehouse's
 * own number of it; a 4xx body's `reason` becomes the failure reason.
 */
export const WmsSendAnswer = z.object({
  status: WmsStatus.optional(),
  warehouse_code: WarehouseCode.optional(),
  reason: z.string().optional(),
});
export type WmsSendAnswer = z.infer<typeof WmsSendAnswer>;

// ---------------------------------------------------------------- inbound: POST /api/wms/events

export const WmsLineQty = z.strictObject({
  sku: Code,
  /** received_qty of a purchase line, delivered_qty of a sales line. */
  qty: zQty,
});

export const WmsStockMovement = z.strictObject({
  sku: Code,
  qty: zQtyDelta,
  uom: Code,
  /** Location label; a positive movement without one goes to the order's location. */
  location: Code.nullable().optional(),
  batch: OptionalText(100),
  expiry_date: zDate.nullable().optional(),
  status: WmsStatus.nullable().optional(),
});
export type WmsStockMovement = z.infer<typeof WmsStockMovement>;

export const WmsStockRow = z.strictObject({
  sku: Code,
  qty: zQty,
  uom: Code,
  location: Code,
  batch: OptionalText(100),
  expiry_date: zDate.nullable().optional(),
  mfg_date: zDate.nullable().optional(),
  status: WmsStatus.nullable().optional(),
  sscc: OptionalText(50),
  size: OptionalText(50),
});
export type WmsStockRow = z.infer<typeof WmsStockRow>;

/** A carrier's tracking number as the warehouse reports it: printable, without spaces. */
const TrackingNumber = z
  .string()
  .trim()
  .regex(/^[\x21-\x7e]{1,100}$/, { message: 'Invalid tracking number' });
export const MAX_TRACKING_NUMBERS = 50;

/**
 * How a sales order left the warehouse and reached its customer. A field left out keeps what is
 * stored, `null` clears it; `tracking_numbers`, when given, become exactly those.
 */
export const WmsShipment = z.strictObject({
  /** The carrier's code, as TRACKING_URLS names it (`DHL`, `DPD`): matched without regard to case. */
  carrier: z.string().trim().min(1).max(50).nullable().optional(),
  tracking_numbers: z.array(TrackingNumber).max(MAX_TRACKING_NUMBERS).nullable().optional(),
  delivered_on: zDate.nullable().optional(),
  /** Who signed for the delivery. */
  signed_by: z.string().trim().min(1).max(200).nullable().optional(),
});
export type WmsShipment = z.infer<typeof WmsShipment>;

/** When the goods of a purchase order were received; `null` clears it. */
export const WmsReceipt = z.strictObject({ received_on: zDate.nullable().optional() });
export type WmsReceipt = z.infer<typeof WmsReceipt>;

export const MAX_EVENT_LINES = 1000;
export const MAX_EVENT_STOCK_ROWS = 2000;

/**
 * One warehouse event. Every part is optional but the id; the parts present are applied together,
 * in one transaction, exactly once per event_id.
 * - `progress`: `sent` (the WMS took the order) or `failure` (it refused it; `reason` says why).
 * - `status`: the WMS's own status of the order; the first one after sent moves progress to sync.
 * - `lines`: received (purchase) or delivered (sales) quantities per SKU of the order.
 * - `shipment` (sales orders): carrier, tracking numbers, delivery date and signer;
 *   `receipt` (purchase orders): the date the goods were received.
 * - `stock`: `movements` change stock rows by a quantity; `snapshot` replaces every stock row of
 *   the SKUs it names. SKUs are the consignee's (consignee_id, or the order's).
 * - `master`: catalog records upserted by code (catalogs.MasterData), applied before the rest, so
 *   stock in the same event may name a SKU it adds. A record naming an unknown company,
 *   consignee, unit or currency refuses the whole event (wms_master_refused, naming the records).
 */
export const WmsEvent = z
  .strictObject({
    event_id: z.string().trim().min(1).max(200),
    occurred_at: zDateTime.optional(),
    order: WmsOrderRef.optional(),
    progress: z.enum(['sent', 'failure']).optional(),
    reason: z.string().trim().min(1).max(1000).optional(),
    status: WmsStatus.optional(),
    /** The warehouse's own number of the order, given or changed. */
    warehouse_code: WarehouseCode.optional(),
    lines: z.array(WmsLineQty).max(MAX_EVENT_LINES).optional(),
    shipment: WmsShipment.optional(),
    receipt: WmsReceipt.optional(),
    stock: z
      .strictObject({
        consignee_id: Id.optional(),
        movements: z.array(WmsStockMovement).max(MAX_EVENT_STOCK_ROWS).optional(),
        snapshot: z.array(WmsStockRow).max(MAX_EVENT_STOCK_ROWS).optional(),
      })
      .optional(),
    master: MasterData.extend({
      /** Weekly slot schedules per location (slots.MasterSlotSchedule), each replacing the location's. */
      slot_schedules: z.array(MasterSlotSchedule).max(1000).optional(),
    }).optional(),
    /** The order's slot moved (`{slot_id}`) or cancelled (`null`); `reason` tells the client why. */
    booking: WmsBooking.optional(),
  })
  .refine(
    (event) =>
      !(
        event.progress ||
        event.status ||
        event.warehouse_code ||
        event.lines ||
        event.shipment ||
        event.receipt ||
        event.booking !== undefined
      ) || event.order,
    { message: 'progress, status, lines, shipment and receipt need an order', path: ['order'] },
  )
  .refine((event) => !event.shipment || event.order?.kind === 'sales', {
    message: 'a shipment is of a sales order',
    path: ['shipment'],
  })
  .refine((event) => !event.receipt || event.order?.kind === 'purch', {
    message: 'a receipt is of a purchase order',
    path: ['receipt'],
  })
  .refine((event) => event.booking === undefined || event.reason, {
    message: 'a booking change needs a reason',
    path: ['reason'],
  })
  .refine((event) => event.progress !== 'failure' || event.reason, {
    message: 'a failure needs a reason',
    path: ['reason'],
  });
export type WmsEvent = z.infer<typeof WmsEvent>;

export const WmsEventResponse = z.object({
  event_id: z.string(),
  applied: z.literal(true),
  order: z
    .object({ kind: z.enum(ORDER_KINDS), head_id: Id, progress: z.string(), status: WmsStatus.nullable() })
    .optional(),
  /** Negative movements beyond the stock held: what could not be taken, per SKU. */
  shortages: z.array(z.object({ sku: z.string(), qty: zQty })).optional(),
  /** How many master records were added, changed, or found as stored. */
  master: z.object({ added: z.int(), changed: z.int(), unchanged: z.int() }).optional(),
});
export type WmsEventResponse = z.infer<typeof WmsEventResponse>;

// ---------------------------------------------------------------- inbound: POST /api/wms/documents

/** Multipart parts of a document: `meta` (this, as JSON) and `file`. */
export const WmsDocumentMeta = z.strictObject({
  event_id: z.string().trim().min(1).max(200),
  order: WmsOrderRef,
  type: z.enum(DOCUMENT_TYPES),
  /** The file's name as people see it; its extension decides the type, as for attachments. */
  name: z.string().trim().min(1).max(255),
});
export type WmsDocumentMeta = z.infer<typeof WmsDocumentMeta>;

export const WmsDocumentResponse = z.object({
  event_id: z.string(),
  applied: z.literal(true),
  document_id: Id,
  file_code: z.string(),
});
export type WmsDocumentResponse = z.infer<typeof WmsDocumentResponse>;

/**
 * The carrier's page of a tracking number: the template TRACKING_URLS gives for the carrier
 * (matched without regard to case), its `{number}` replaced by the number; null without one.
 */
export function trackingUrl(
  templates: Readonly<Record<string, string>> | undefined,
  carrier: string | null,
  number: string,
): string | null {
  if (!templates || !carrier) return null;
  const template = templates[carrier.trim().toUpperCase()];
  return template ? template.replaceAll('{number}', encodeURIComponent(number)) : null;
}

/**
 * Refusals of the events endpoint, with their HTTP status: 401 and 503 mean the request was not
 * read; 409 that the event was applied before (safe to treat as done); 422 that it cannot be
 * applied as it is (nothing changed; do not retry it unchanged); 400 a malformed body.
 */
export const WMS_FAILURES = {
  wms_not_configured: 503,
  wms_signature_invalid: 401,
  wms_timestamp_stale: 401,
  malformed_api_request: 400,
  wms_master_refused: 400,
  wms_event_duplicate: 409,
  wms_order_unknown: 422,
  wms_order_state: 422,
  wms_sku_unknown: 422,
  wms_consignee_unknown: 422,
  wms_location_unknown: 422,
  wms_uom_unknown: 422,
  wms_slot_unknown: 422,
  file_too_large: 413,
  file_type_not_accepted: 415,
  file_empty: 400,
  file_name_invalid: 400,
} as const;
export type WmsFailureCode = keyof typeof WMS_FAILURES;
