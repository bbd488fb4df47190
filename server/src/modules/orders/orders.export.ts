import type { orders } from '@extranet/contract';
import type { FastifyReply } from 'fastify';
import type { CallContext, Deps } from '../../http/calls';
import { type ExportColumn, exportStyleOf, sendExport } from '../../http/export';
import { type OrderFilters, orderExportQuery, orderLinesExportQuery } from './orders.list';

type OrderKind = orders.OrderKind;
type ExportRequest = (orders.ExportPurchOrdersRequest | orders.ExportSalesOrdersRequest) & {
  filters: { vendor_id?: number; customer_id?: number; shipped_without_tracking?: true };
};

function filtersOf(kind: OrderKind, input: ExportRequest): OrderFilters {
  const f = input.filters;
  return {
    consigneeId: f.consignee_id,
    partyId: kind === 'purch' ? f.vendor_id : f.customer_id,
    smart: f.smart || undefined,
    creationDateFrom: f.creation_date_from,
    creationDateTo: f.creation_date_to,
    isTemplate: f.is_template,
    progress: f.progress,
    shippedWithoutTracking: f.shipped_without_tracking,
    headIds: f.head_ids,
  };
}

const party = (kind: OrderKind) => (kind === 'purch' ? 'vendor' : 'customer');

function orderColumns(kind: OrderKind): ExportColumn[] {
  return [
    { key: 'external_code', header: 'orders.fields.externalCode' },
    { key: 'consignee', header: 'orders.fields.consignee' },
    { key: 'business_line', header: 'orders.fields.businessLine' },
    { key: 'party_code', header: `orders.export.${party(kind)}Code` },
    { key: 'party', header: `orders.fields.${party(kind)}` },
    { key: 'reference', header: `orders.fields.${party(kind)}Reference` },
    { key: 'creation_date', header: 'orders.fields.creationDate', type: 'datetime' },
    { key: 'delivery_date', header: 'orders.fields.deliveryDate', type: 'date' },
    { key: 'progress', header: 'orders.export.progress', values: 'orders.progress' },
    { key: 'status', header: 'orders.fields.status', values: 'warehouse.orderStatus' },
    { key: 'is_return', header: 'orders.fields.isReturn', type: 'boolean' },
    { key: 'location', header: 'orders.fields.location' },
    { key: 'truck_number', header: 'orders.fields.truckNumber' },
    { key: 'currency', header: 'orders.fields.currency' },
    { key: 'total', header: 'orders.lines.total', type: 'number' },
    // New columns go last: a reader that takes columns by position keeps reading the others.
    { key: 'warehouse_code', header: 'orders.fields.warehouseCode' },
  ];
}

function lineColumns(kind: OrderKind): ExportColumn[] {
  return [
    { key: 'external_code', header: 'orders.fields.externalCode' },
    { key: 'consignee', header: 'orders.fields.consignee' },
    { key: 'party', header: `orders.fields.${party(kind)}` },
    { key: 'delivery_date', header: 'orders.fields.deliveryDate', type: 'date' },
    { key: 'progress', header: 'orders.export.progress', values: 'orders.progress' },
    { key: 'sku_code', header: 'orders.lines.skuCode' },
    { key: 'sku_name', header: 'orders.lines.skuName' },
    { key: 'ordered_qty', header: 'orders.lines.quantity', type: 'number' },
    {
      key: 'done_qty',
      header: kind === 'purch' ? 'orders.lines.receivedQty' : 'orders.lines.deliveredQty',
      type: 'number',
    },
    { key: 'uom', header: 'orders.lines.uom' },
    { key: 'price', header: 'orders.lines.price', type: 'number' },
    { key: 'amount', header: 'orders.lines.sum', type: 'number' },
    ...(kind === 'sales'
      ? ([
          { key: 'batch', header: 'orders.lines.batch' },
          { key: 'expiry_date', header: 'orders.lines.expiryDate', type: 'date' },
        ] satisfies ExportColumn[])
      : []),
    { key: 'warehouse_code', header: 'orders.fields.warehouseCode' },
  ];
}

/** The orders of a list, or their lines, as a file (http/export.ts). */
export async function exportOrders(options: {
  deps: Deps;
  kind: OrderKind;
  what: 'orders' | 'lines';
  input: ExportRequest;
  http: CallContext & { reply: FastifyReply };
}) {
  const { deps, kind, what, input, http } = options;
  const { actor } = http;
  const query = { filters: filtersOf(kind, input), ordering: input.ordering };
  const sql =
    what === 'orders'
      ? await orderExportQuery(deps.db, actor, kind, query)
      : await orderLinesExportQuery(deps.db, actor, kind, query, http.lang);
  return sendExport(http.reply, deps.db, {
    query: sql,
    columns: what === 'orders' ? orderColumns(kind) : lineColumns(kind),
    ...exportStyleOf(input, http),
    filename: `${kind === 'purch' ? 'purchase' : 'sales'}-${what === 'orders' ? 'orders' : 'order-lines'}`,
  });
}
