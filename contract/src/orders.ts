import { z } from 'zod';
import type { Permission } from './access';
import { defineCall } from './call';
import { zDate, zDateTime, zDecimal } from './codec';
import {
  Cursor,
  Empty,
  ExportFile,
  exportRequest,
  Id,
  IdList,
  listRequest,
  listResponse,
  Smart,
} from './list';
import { Problems } from './order-problem-codes';
import { HeadIdsRequest, MAX_MANY_ORDERS, ManyOrdersResponse } from './orders-many';

/** Purchase orders (pord) and sales orders (sord) share one set of calls under /orders/{kind}/. */
export const ORDER_KINDS = ['purch', 'sales'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export const ORDER_PERMISSION: Record<OrderKind, Permission> = { purch: 'pord', sales: 'sord' };

/** Where an order is in its life (DESIGN.md §6); `status` is the warehouse system's own. */
export const ORDER_PROGRESS = ['draft', 'ready', 'sent', 'failure', 'sync', 'template'] as const;
export type OrderProgress = (typeof ORDER_PROGRESS)[number];
export const OrderProgressSchema = z.enum(ORDER_PROGRESS);

/**
 * Why the product's own connectors, its simulated warehouse or its demo data failed an order: a
 * code with parameters that the reader's language words (`orders.failureReason.<code>`). A refusal
 * in the warehouse's own words has no code: its text is shown as given.
 */
export const FAILURE_CODES = [
  'warehouse_unreachable',
  'warehouse_http_status',
  'unknown_products',
  'unknown_address',
  'external_code_used',
  'sku_not_registered',
  'no_dock_slot',
  'no_capacity',
  'held_by_warehouse',
] as const;
export type FailureCode = (typeof FAILURE_CODES)[number];
export const FailureParams = z.record(z.string(), z.union([z.string(), z.number()]));
export type FailureParams = z.infer<typeof FailureParams>;
/** A failure as the product stores it: a code and its parameters. */
export interface FailureCause {
  code: FailureCode;
  params?: FailureParams;
}

export {
  PROBLEM_ERRORS,
  PROBLEM_WARNINGS,
  Problem,
  type ProblemCode,
  ProblemDetails,
  Problems,
} from './order-problem-codes';

// ---------------------------------------------------------------- values

/** A quantity or price the user enters: not negative, at most 1e9, 3 decimals (as stored). */
export const AMOUNT_PATTERN = /^\d{1,9}(\.\d{1,3})?$/;
const AmountString = z.string().regex(AMOUNT_PATTERN, { message: 'Invalid amount' });
export const zAmount = z.codec(z.strictObject({ $decimal: AmountString }), AmountString, {
  decode: (wire) => wire.$decimal,
  encode: (value) => ({ $decimal: value }),
});

/** A computed sum (line sums, totals): wider than a stored amount, 3 decimals. */
const SumString = z.string().regex(/^-?\d{1,30}(\.\d{1,3})?$/, { message: 'Invalid sum' });
export const zSum = z.codec(z.strictObject({ $decimal: SumString }), SumString, {
  decode: (wire) => wire.$decimal,
  encode: (value) => ({ $decimal: value }),
});

/**
 * Optional text; the server stores an empty one as null. No transform here: the web app encodes
 * requests with these schemas, and a transform cannot be encoded.
 */
const OptionalText = (max: number) => z.string().trim().max(max).nullable();

/** The longest text each order field takes (characters); the web forms check the same. */
export const ORDER_TEXT_LIMITS = {
  externalCode: 100,
  reference: 100,
  batch: 100,
  truckNumber: 50,
  deliveryName: 200,
  comments: 2000,
} as const;

export const ExternalCode = OptionalText(ORDER_TEXT_LIMITS.externalCode);

// ---------------------------------------------------------------- shapes shared by both kinds

const Named = z.object({ name: z.string() });
const Coded = z.object({ code: z.string(), name: z.string() });

export const OrderStatus = z.object({ code: z.string().nullable(), desc: z.string().nullable() });

export const BusinessLine = z.object({ business_line_id: Id, name: z.string() });

export const OrderConsignee = z.object({ name: z.string(), business_line: BusinessLine });

/**
 * An order's booked slot: when its truck may come to the order's location (times in
 * SLOT_TIME_ZONE on screen). `reason` is the warehouse's, when it moved the booking.
 */
export const OrderSlot = z.object({
  booking_id: Id,
  slot_id: Id,
  location_id: Id,
  starts_at: zDateTime,
  ends_at: zDateTime,
  reason: z.string().nullable(),
});
export type OrderSlot = z.infer<typeof OrderSlot>;

/** The papers the warehouse sends about an order (POST /api/wms/documents). */
export const DOCUMENT_TYPES = [
  'delivery_note',
  'cmr',
  'pod',
  'packing_list',
  'receiving_report',
  'invoice',
  'other',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const OrderDocument = z.object({
  document_id: Id,
  type: z.enum(DOCUMENT_TYPES),
  name: z.string(),
  size: z.int().min(0),
  created_at: zDateTime,
  /** Downloads through GET /api/files/download?code=. */
  file_code: z.string(),
});
export type OrderDocument = z.infer<typeof OrderDocument>;
export const ListDocumentsResponse = z.object({ items: z.array(OrderDocument) });
export type ListDocumentsResponse = z.infer<typeof ListDocumentsResponse>;

/**
 * The warehouse's own number of the order, once its answer to the send or an event gave one:
 * an order without an external code is known by it (discussions.ts `orderCode`).
 */
const WarehouseCodeField = z.string().nullable();

const headCommon = {
  head_id: Id,
  external_code: z.string().nullable(),
  warehouse_code: WarehouseCodeField,
  consignee_id: Id,
  consignee: OrderConsignee,
  location_id: Id.nullable(),
  location: z.object({ label: z.string() }).nullable(),
  truck_number: z.string().nullable(),
  delivery_date: zDate.nullable(),
  currency_id: Id.nullable(),
  currency: z.object({ code: z.string() }).nullable(),
  is_return: z.boolean(),
  is_template: z.boolean(),
  creation_date: zDateTime,
  modification_date: zDateTime,
  progress: OrderProgressSchema,
  status: OrderStatus,
  /**
   * Why the warehouse refused the order, while its progress is failure (and after it is put back
   * to draft to fix): in English for a failure with a code, else in the warehouse's own words.
   */
  failure_reason: z.string().nullable(),
  /** The product's code for the failure, to word it in the reader's language; null for the warehouse's own text. */
  failure_code: z.enum(FAILURE_CODES).nullable(),
  failure_params: FailureParams.nullable(),
  problems: Problems,
  can_update: z.boolean(),
  can_ready: z.boolean(),
  can_unready: z.boolean(),
  /** Sum of the line sums, in the order's currency. */
  total: zSum,
  /** The unloading or loading slot booked for the order's truck (slots.bookSlot). */
  slot: OrderSlot.nullable(),
};

const lineCommon = {
  line_id: Id,
  sku_id: Id,
  sku: z.object({ external_code: z.string(), name: z.string() }),
  ordered_qty: zDecimal.nullable(),
  uom_id: Id.nullable(),
  uom: Named.nullable(),
  price: zDecimal.nullable(),
  /** ordered_qty x price, rounded half up to 3 decimals; null while either is missing. */
  ordered_sum: zSum.nullable(),
};

export const PurchLine = z.object({ ...lineCommon, received_qty: zDecimal.nullable() });
export type PurchLine = z.infer<typeof PurchLine>;

export const SalesLine = z.object({
  ...lineCommon,
  sales_qty: zDecimal.nullable(),
  delivered_qty: zDecimal.nullable(),
  batch: z.string().nullable(),
  expiry_date: zDate.nullable(),
});
export type SalesLine = z.infer<typeof SalesLine>;

export const PurchOrder = z.object({
  purch_head_id: Id,
  ...headCommon,
  vendor_id: Id.nullable(),
  vendor: Coded.nullable(),
  vendor_address_id: Id.nullable(),
  vendor_address: Named.nullable(),
  vendor_reference: z.string().nullable(),
  /** When the warehouse received the goods, as it reported. */
  received_on: zDate.nullable(),
  lines: z.array(PurchLine),
});
export type PurchOrder = z.infer<typeof PurchOrder>;

export const SalesOrder = z.object({
  sales_head_id: Id,
  ...headCommon,
  customer_id: Id.nullable(),
  customer: Coded.nullable(),
  customer_address_id: Id.nullable(),
  customer_address: Named.nullable(),
  customer_reference: z.string().nullable(),
  delivery_address_id: Id.nullable(),
  delivery_address: Named.nullable(),
  delivery_name: z.string().nullable(),
  due_days: zDecimal.nullable(),
  comments: z.string().nullable(),
  self_picking: z.boolean(),
  vat_tax_req: z.boolean(),
  /** How the goods left and arrived, as the warehouse reported: carrier code, its tracking numbers, delivery. */
  carrier: z.string().nullable(),
  tracking_numbers: z.array(z.string()),
  delivered_on: zDate.nullable(),
  delivery_signer: z.string().nullable(),
  lines: z.array(SalesLine),
});
export type SalesOrder = z.infer<typeof SalesOrder>;

// ---------------------------------------------------------------- list rows

const rowCommon = {
  head_id: Id,
  external_code: z.string().nullable(),
  warehouse_code: WarehouseCodeField,
  progress: OrderProgressSchema,
  status: OrderStatus,
  failure_reason: z.string().nullable(),
  failure_code: z.enum(FAILURE_CODES).nullable(),
  failure_params: FailureParams.nullable(),
  consignee_id: Id,
  consignee: OrderConsignee,
  creation_date: zDateTime,
  delivery_date: zDate.nullable(),
  is_return: z.boolean(),
  is_template: z.boolean(),
  /** How many lines the order has (the template picker tells templates apart by it). */
  lines_count: z.int().min(0),
};

export const PurchOrderRow = z.object({
  purch_head_id: Id,
  ...rowCommon,
  vendor_id: Id.nullable(),
  vendor: Coded.nullable(),
});
export type PurchOrderRow = z.infer<typeof PurchOrderRow>;

export const SalesOrderRow = z.object({
  sales_head_id: Id,
  ...rowCommon,
  customer_id: Id.nullable(),
  customer: Coded.nullable(),
});
export type SalesOrderRow = z.infer<typeof SalesOrderRow>;

export const ORDER_ORDERINGS = ['status', 'creation_date'] as const;
export type OrderOrdering = (typeof ORDER_ORDERINGS)[number];

const filterCommon = {
  consignee_id: Id,
  /**
   * Anywhere in the order's code, reference, truck number, vendor or customer name and code, its
   * lines' SKU codes and names, or its consignee's name; one or two characters match the beginning
   * of its code, reference or truck number.
   */
  smart: Smart,
  creation_date_from: zDate,
  creation_date_to: zDate,
  is_template: z.boolean(),
  /** Used by the dashboard's pie slices. */
  progress: OrderProgressSchema,
  /** These orders only (a selection of the list: its export and print), at most MAX_PAGE_SIZE. */
  head_ids: IdList,
};

export const ListPurchOrdersRequest = listRequest({ ...filterCommon, vendor_id: Id }, ORDER_ORDERINGS).extend(
  {
    cursor: Cursor.optional(),
  },
);
export const ExportPurchOrdersRequest = exportRequest({ ...filterCommon, vendor_id: Id }, ORDER_ORDERINGS);
export type ExportPurchOrdersRequest = z.infer<typeof ExportPurchOrdersRequest>;
export type ListPurchOrdersRequest = z.infer<typeof ListPurchOrdersRequest>;
/**
 * Sales orders the warehouse reports shipped or delivered (status SHP or DLV) without a tracking
 * number, customers' own pick-ups aside.
 */
const salesFilters = { ...filterCommon, customer_id: Id, shipped_without_tracking: z.literal(true) };

export const ListSalesOrdersRequest = listRequest(salesFilters, ORDER_ORDERINGS).extend({
  cursor: Cursor.optional(),
});
export const ExportSalesOrdersRequest = exportRequest(salesFilters, ORDER_ORDERINGS);
export type ExportSalesOrdersRequest = z.infer<typeof ExportSalesOrdersRequest>;
export type ListSalesOrdersRequest = z.infer<typeof ListSalesOrdersRequest>;

// ---------------------------------------------------------------- requests

export const HeadIdRequest = z.object({ head_id: Id });
export type HeadIdRequest = z.infer<typeof HeadIdRequest>;

export const AddOrderFields = z.object({
  consignee_id: Id,
  external_code: ExternalCode.optional(),
  /** Copies header and lines from this template, or from any order of the consignee the user can read. */
  template_id: Id.nullable().optional(),
  is_template: z.boolean().default(false),
});
export type AddOrderFields = z.infer<typeof AddOrderFields>;

export const AddOrderRequest = z.object({ fields: AddOrderFields });
export type AddOrderRequest = z.infer<typeof AddOrderRequest>;

export const AddOrderDefaults = z.object({ consignee_id: Id.nullable(), uom_id: Id.nullable() });
export type AddOrderDefaults = z.infer<typeof AddOrderDefaults>;

/** The most lines one order may carry. */
export const MAX_ORDER_LINES = 500;

// A line names its SKU; any other field it leaves out is empty (null), as a form's empty field.
const lineFieldsCommon = {
  sku_id: Id,
  ordered_qty: zAmount.nullable().default(null),
  uom_id: Id.nullable().default(null),
  price: zAmount.nullable().default(null),
};

export const PurchLineFields = z.object(lineFieldsCommon);
export type PurchLineFields = z.infer<typeof PurchLineFields>;

export const SalesLineFields = z.object({
  ...lineFieldsCommon,
  batch: OptionalText(ORDER_TEXT_LIMITS.batch).default(null),
  expiry_date: zDate.nullable().default(null),
});
export type SalesLineFields = z.infer<typeof SalesLineFields>;

const headFieldsCommon = {
  /** The client's own code, set or changed while the order is a draft; null or empty clears it. */
  external_code: ExternalCode,
  location_id: Id.nullable(),
  truck_number: OptionalText(ORDER_TEXT_LIMITS.truckNumber),
  delivery_date: zDate.nullable(),
  currency_id: Id.nullable(),
  is_return: z.boolean(),
};

/**
 * Every header field and the whole list of lines, replacing what the order had. A field left out
 * keeps its value; `lines` left out keeps the lines.
 */
export const EditPurchOrderFields = z
  .object({
    ...headFieldsCommon,
    vendor_id: Id.nullable(),
    vendor_address_id: Id.nullable(),
    vendor_reference: OptionalText(ORDER_TEXT_LIMITS.reference),
    lines: z.array(PurchLineFields).max(MAX_ORDER_LINES),
  })
  .partial();
export type EditPurchOrderFields = z.infer<typeof EditPurchOrderFields>;

export const EditSalesOrderFields = z
  .object({
    ...headFieldsCommon,
    customer_id: Id.nullable(),
    customer_address_id: Id.nullable(),
    customer_reference: OptionalText(ORDER_TEXT_LIMITS.reference),
    delivery_address_id: Id.nullable(),
    delivery_name: OptionalText(ORDER_TEXT_LIMITS.deliveryName),
    due_days: zAmount.nullable(),
    comments: OptionalText(ORDER_TEXT_LIMITS.comments),
    self_picking: z.boolean(),
    lines: z.array(SalesLineFields).max(MAX_ORDER_LINES),
  })
  .partial();
export type EditSalesOrderFields = z.infer<typeof EditSalesOrderFields>;

export const EditPurchOrderRequest = z.object({ head_id: Id, fields: EditPurchOrderFields });
export type EditPurchOrderRequest = z.infer<typeof EditPurchOrderRequest>;
export const EditSalesOrderRequest = z.object({ head_id: Id, fields: EditSalesOrderFields });
export type EditSalesOrderRequest = z.infer<typeof EditSalesOrderRequest>;

export const HeadIdResponse = z.object({ head_id: Id });

export const ResetAllFailuresResponse = z.object({ count: z.int() });

// ---------------------------------------------------------------- calls

function orderCalls<
  Row extends z.ZodType,
  View extends z.ZodType,
  ListReq extends z.ZodType,
  EditReq extends z.ZodType,
  ExportReq extends z.ZodType,
>(kind: OrderKind, schemas: { row: Row; view: View; list: ListReq; edit: EditReq; export: ExportReq }) {
  const access = { access: 'session', permission: [ORDER_PERMISSION[kind]] } as const;
  const noun = kind === 'purch' ? 'purchase order' : 'sales order';
  const path = (name: string) => `/orders/${kind}/${name}`;
  return {
    listOrders: defineCall({
      path: path('list_orders'),
      summary: `Lists the ${noun}s of the user's companies (every company for role 99).`,
      ...access,
      request: schemas.list,
      response: listResponse(schemas.row),
    }),
    viewOrder: defineCall({
      path: path('view_order'),
      summary: `One ${noun} with its lines, problems and what the user may do with it.`,
      ...access,
      request: HeadIdRequest,
      response: schemas.view,
    }),
    getAddOrderDefaults: defineCall({
      path: path('get_add_order_defaults'),
      summary: `Defaults of the new ${noun} form: the consignee when the user has only one, and the usual unit.`,
      ...access,
      request: Empty,
      response: AddOrderDefaults,
    }),
    addOrder: defineCall({
      path: path('add_order'),
      summary: `Creates a draft ${noun} (or a template), optionally copied from another order, with its discussion.`,
      ...access,
      request: AddOrderRequest,
      response: HeadIdResponse,
    }),
    editOrder: defineCall({
      path: path('edit_order'),
      summary: `Changes the header and replaces the lines of a draft ${noun} or template.`,
      ...access,
      request: schemas.edit,
      response: HeadIdResponse,
    }),
    exclude: defineCall({
      path: path('exclude'),
      summary: `Deletes a draft ${noun} or template.`,
      ...access,
      request: HeadIdRequest,
      response: HeadIdResponse,
    }),
    setReady: defineCall({
      path: path('set_ready'),
      summary: `Moves a draft ${noun} without errors to ready, to be sent to the warehouse.`,
      ...access,
      request: HeadIdRequest,
      response: HeadIdResponse,
    }),
    setDraft: defineCall({
      path: path('set_draft'),
      summary: `Moves a ready ${noun} the warehouse has not taken yet back to draft.`,
      ...access,
      request: HeadIdRequest,
      response: HeadIdResponse,
    }),
    setReadyMany: defineCall({
      path: path('set_ready_many'),
      summary: `Sets each of up to ${MAX_MANY_ORDERS} ${noun}s ready as set_ready does, each on its own; answers each one's outcome.`,
      ...access,
      request: HeadIdsRequest,
      response: ManyOrdersResponse,
    }),
    setDraftMany: defineCall({
      path: path('set_draft_many'),
      summary: `Moves each of up to ${MAX_MANY_ORDERS} ${noun}s back to draft as set_draft does, each on its own; answers each one's outcome.`,
      ...access,
      request: HeadIdsRequest,
      response: ManyOrdersResponse,
    }),
    deleteMany: defineCall({
      path: path('delete_many'),
      summary: `Deletes each of up to ${MAX_MANY_ORDERS} draft ${noun}s or templates as exclude does, each on its own; answers each one's outcome.`,
      ...access,
      request: HeadIdsRequest,
      response: ManyOrdersResponse,
    }),
    resetFailure: defineCall({
      path: path('reset_failure'),
      summary: `Clears the failure of a ${noun}: it is ready again and will be re-sent.`,
      ...access,
      request: HeadIdRequest,
      response: HeadIdResponse,
    }),
    resetAllFailures: defineCall({
      path: path('reset_all_failures'),
      summary: `Clears the failure of every failed ${noun} the user can see; returns how many.`,
      ...access,
      request: Empty,
      response: ResetAllFailuresResponse,
    }),
    listDocuments: defineCall({
      path: path('list_documents'),
      summary: `The documents the warehouse sent about a ${noun} (delivery note, CMR, proof of delivery, ...), newest first.`,
      ...access,
      request: HeadIdRequest,
      response: ListDocumentsResponse,
    }),
    exportOrders: defineCall({
      path: path('export_orders'),
      summary: `The ${noun}s the list shows, with its filters and ordering, as a CSV or XLSX file.`,
      ...access,
      request: schemas.export,
      response: ExportFile,
    }),
    exportLines: defineCall({
      path: path('export_lines'),
      summary: `The lines of the ${noun}s the list shows, one row each, as a CSV or XLSX file.`,
      ...access,
      request: schemas.export,
      response: ExportFile,
    }),
  };
}

export const purch = orderCalls('purch', {
  row: PurchOrderRow,
  view: PurchOrder,
  list: ListPurchOrdersRequest,
  edit: EditPurchOrderRequest,
  export: ExportPurchOrdersRequest,
});

export const sales = orderCalls('sales', {
  row: SalesOrderRow,
  view: SalesOrder,
  list: ListSalesOrdersRequest,
  edit: EditSalesOrderRequest,
  export: ExportSalesOrdersRequest,
});

// The import's columns, problems and answer, and the calls on many orders: part of this namespace.
export * from './order-import';
export * from './orders-many';
