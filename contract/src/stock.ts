import { z } from 'zod';
import { defineCall } from './call';
import { zDate, zDecimal } from './codec';
import { ExportFile, exportRequest, Id, listRequest, listResponse, Smart } from './list';

/** One stock row of the warehouse system (SPEC.md §3 'Stock row'). */
export const StockRow = z.object({
  stock_id: Id,
  business_line: z.object({ business_line_id: Id, name: z.string() }),
  consignee: z.object({ consignee_id: Id, name: z.string() }),
  sku: z.object({ sku_id: Id, name: z.string(), external_code: z.string() }),
  /** The warehouse system's status; null when it gave none (shown as 'unknown'). */
  status: z.object({ code: z.string().nullable(), desc: z.string().nullable() }),
  qty: zDecimal,
  uom: z.object({ uom_id: Id, name: z.string() }),
  expiry_date: zDate.nullable(),
  batch: z.string().nullable(),
  mfg_date: zDate.nullable(),
  warehouse: z.object({ location_id: Id, name: z.string() }),
  sscc: z.string().nullable(),
  size: z.string().nullable(),
});
export type StockRow = z.infer<typeof StockRow>;

export const STOCK_ORDERINGS = ['sku_name', 'status', 'expiry_date', 'mfg_date'] as const;
export type StockOrdering = (typeof STOCK_ORDERINGS)[number];

/** smart matches the SKU's code, external code or name, the batch and the SSCC. */
export const ListStocksRequest = listRequest({ consignee_id: Id, sku_id: Id, smart: Smart }, STOCK_ORDERINGS);
export type ListStocksRequest = z.infer<typeof ListStocksRequest>;
export const ExportStocksRequest = exportRequest(
  { consignee_id: Id, sku_id: Id, smart: Smart },
  STOCK_ORDERINGS,
);
export type ExportStocksRequest = z.infer<typeof ExportStocksRequest>;

export const ListBatchesRequest = listRequest({ sku_id: Id, expiry_date: zDate, smart: Smart }, ['code']);
export type ListBatchesRequest = z.infer<typeof ListBatchesRequest>;

export const ListExpiryDatesRequest = listRequest({ sku_id: Id, batch: z.string().max(200), smart: Smart }, [
  'expiry_date',
]);
export type ListExpiryDatesRequest = z.infer<typeof ListExpiryDatesRequest>;

export const listStocks = defineCall({
  path: '/stock/list_stocks',
  summary: "Stock rows of the caller's consignees; filters consignee, SKU and free text.",
  access: 'session',
  permission: ['stck'],
  request: ListStocksRequest,
  response: listResponse(StockRow),
});

export const exportStocks = defineCall({
  path: '/stock/export_stocks',
  summary: 'The stock rows the list shows, with its filters and ordering, as a CSV or XLSX file.',
  access: 'session',
  permission: ['stck'],
  request: ExportStocksRequest,
  response: ExportFile,
});

/** The batch and expiry pickers of sales order lines: open to stock viewers and sales order users. */
export const listBatches = defineCall({
  path: '/stock/list_batches',
  summary: 'Batches in stock of one SKU (nothing without sku_id), optionally of one expiry date.',
  access: 'session',
  permission: ['stck', 'sord'],
  request: ListBatchesRequest,
  response: listResponse(z.object({ code: z.string() })),
});

export const listExpiryDates = defineCall({
  path: '/stock/list_expiry_dates',
  summary: 'Expiry dates in stock of one SKU (nothing without sku_id), optionally of one batch.',
  access: 'session',
  permission: ['stck', 'sord'],
  request: ListExpiryDatesRequest,
  response: listResponse(z.object({ expiry_date: zDate })),
});
