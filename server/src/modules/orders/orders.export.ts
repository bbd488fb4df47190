import { type Language, type orders, wms } from '@extranet/contract';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import type { Executor } from '../../db/client';
import {
  businessLines,
  consignees,
  currencies,
  locations,
  purchLines,
  salesLines,
  skus,
  uoms,
} from '../../db/schema';
import type { CallContext, Deps } from '../../http/calls';
import {
  aliased as as,
  dateText,
  dateTimeText,
  type ExportColumn,
  exportStyleOf,
  sendExport,
  statusValue,
} from '../../http/export';
import type { Actor } from '../../http/session';
import { uomName } from '../catalogs/catalogs.repository';
import { type OrderFilters, orderListParts } from './orders.list';
import { TABLES } from './orders.tables';

type OrderKind = orders.OrderKind;
type ExportRequest = (orders.ExportPurchOrdersRequest | orders.ExportSalesOrdersRequest) & {
  filters: { vendor_id?: number; customer_id?: number; shipped_without_tracking?: true };
};

// ---------------------------------------------------------------- queries

/** The orders a list shows, one row each, as the export writes them (see http/export.ts). */
async function orderExportQuery(
  db: Executor,
  actor: Actor,
  kind: OrderKind,
  query: { filters: OrderFilters; ordering?: orders.OrderOrdering | `-${orders.OrderOrdering}` },
): Promise<SQL> {
  const t = TABLES[kind];
  const h = t.heads;
  const l = t.lines;
  const { where, orderBy } = await orderListParts(db, actor, kind, query);
  return db
    .select({
      external_code: as(h.externalCode, 'external_code'),
      consignee: as(consignees.name, 'consignee'),
      business_line: as(businessLines.name, 'business_line'),
      party_code: as(t.party.externalCode, 'party_code'),
      party: as(t.party.name, 'party'),
      reference: as(t.reference, 'reference'),
      creation_date: as(dateTimeText(h.creationDate), 'creation_date'),
      delivery_date: as(dateText(h.deliveryDate), 'delivery_date'),
      progress: as(h.progress, 'progress'),
      status: as(statusValue(h.statusCode, h.statusDesc, wms.KNOWN_ORDER_STATUSES), 'status'),
      is_return: as(h.isReturn, 'is_return'),
      location: as(locations.label, 'location'),
      truck_number: as(h.truckNumber, 'truck_number'),
      currency: as(currencies.code, 'currency'),
      warehouse_code: as(h.warehouseCode, 'warehouse_code'),
      total: as(
        sql`(select sum(round(${l.orderedQty} * ${l.price}, 3)) from ${l} where ${l.headId} = ${h.id})`,
        'total',
      ),
    })
    .from(h)
    .innerJoin(consignees, eq(consignees.id, h.consigneeId))
    .innerJoin(businessLines, eq(businessLines.id, consignees.businessLineId))
    .leftJoin(t.party, eq(t.party.id, t.partyId))
    .leftJoin(locations, eq(locations.id, h.locationId))
    .leftJoin(currencies, eq(currencies.id, h.currencyId))
    .where(where)
    .orderBy(...orderBy)
    .getSQL();
}

/** The lines of the orders a list shows, in the list's order, a row per line. */
async function orderLinesExportQuery(
  db: Executor,
  actor: Actor,
  kind: OrderKind,
  query: { filters: OrderFilters; ordering?: orders.OrderOrdering | `-${orders.OrderOrdering}` },
  lang: Language,
): Promise<SQL> {
  const t = TABLES[kind];
  const h = t.heads;
  const { where, orderBy } = await orderListParts(db, actor, kind, query);
  const common = {
    external_code: as(h.externalCode, 'external_code'),
    consignee: as(consignees.name, 'consignee'),
    party: as(t.party.name, 'party'),
    delivery_date: as(dateText(h.deliveryDate), 'delivery_date'),
    progress: as(h.progress, 'progress'),
    sku_code: as(skus.externalCode, 'sku_code'),
    sku_name: as(skus.name, 'sku_name'),
    uom: as(uomName(lang), 'uom'),
    warehouse_code: as(h.warehouseCode, 'warehouse_code'),
  };
  const base = (fields: SelectedFields, lines: typeof purchLines | typeof salesLines) =>
    db
      .select(fields)
      .from(h)
      .innerJoin(consignees, eq(consignees.id, h.consigneeId))
      .leftJoin(t.party, eq(t.party.id, t.partyId))
      .innerJoin(lines, eq(lines.headId, h.id))
      .innerJoin(skus, eq(skus.id, lines.skuId))
      .leftJoin(uoms, eq(uoms.id, lines.uomId))
      .where(where)
      .orderBy(...orderBy, asc(lines.position), asc(lines.id))
      .getSQL();
  if (kind === 'purch') {
    const l = purchLines;
    return base(
      {
        ...common,
        ordered_qty: as(l.orderedQty, 'ordered_qty'),
        done_qty: as(l.receivedQty, 'done_qty'),
        price: as(l.price, 'price'),
        amount: as(sql`round(${l.orderedQty} * ${l.price}, 3)`, 'amount'),
      },
      l,
    );
  }
  const l = salesLines;
  return base(
    {
      ...common,
      ordered_qty: as(l.orderedQty, 'ordered_qty'),
      done_qty: as(l.deliveredQty, 'done_qty'),
      price: as(l.price, 'price'),
      amount: as(sql`round(${l.orderedQty} * ${l.price}, 3)`, 'amount'),
      batch: as(l.batch, 'batch'),
      expiry_date: as(dateText(l.expiryDate), 'expiry_date'),
    },
    l,
  );
}

// ---------------------------------------------------------------- the call

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
