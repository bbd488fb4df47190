import type { Language, orders, StockLot } from '@extranet/contract';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { companyCondition } from '../../access/tenancy';
import type { Executor } from '../../db/client';
import {
  businessLines,
  consignees,
  currencies,
  locations,
  purchHeads,
  purchLines,
  salesHeads,
  salesLines,
  skus,
  stockRows,
  uoms,
} from '../../db/schema';
import type { Actor } from '../../http/session';
import { uomName } from '../catalogs/catalogs.repository';

import { deliveryAddress, partyAddress, TABLES, visible } from './orders.tables';

type OrderKind = orders.OrderKind;

// ---------------------------------------------------------------- one order

export interface OrderHeadRecord {
  id: number;
  externalCode: string | null;
  warehouseCode: string | null;
  consigneeId: number;
  consigneeName: string;
  companyId: number;
  businessLineId: number;
  businessLineName: string;
  locationId: number | null;
  locationLabel: string | null;
  truckNumber: string | null;
  deliveryDate: string | null;
  currencyId: number | null;
  currencyCode: string | null;
  isReturn: boolean;
  isTemplate: boolean;
  progress: string;
  statusCode: string | null;
  statusDesc: string | null;
  failureReason: string | null;
  failureCause: orders.FailureCause | null;
  creationDate: Date;
  modificationDate: Date;
  partyId: number | null;
  partyCode: string | null;
  partyName: string | null;
  addressId: number | null;
  addressName: string | null;
  reference: string | null;
  /** Sales orders only. */
  deliveryAddressId?: number | null;
  deliveryAddressName?: string | null;
  deliveryName?: string | null;
  dueDays?: string | null;
  comments?: string | null;
  selfPicking?: boolean;
  vatTaxReq?: boolean;
  carrier?: string | null;
  trackingNumbers?: string[];
  deliveredOn?: string | null;
  deliverySigner?: string | null;
  /** Purchase orders only. */
  receivedOn?: string | null;
}

/**
 * One order head with the names of everything it references, in one query; undefined when the
 * actor cannot read it. `forUpdate` locks the head row for the rest of the transaction.
 */
export async function findOrderHead(
  db: Executor,
  actor: Actor,
  kind: OrderKind,
  headId: number,
  options: { forUpdate?: boolean } = {},
): Promise<OrderHeadRecord | undefined> {
  const t = TABLES[kind];
  const h = t.heads;
  const salesColumns: SelectedFields =
    kind === 'sales'
      ? {
          deliveryAddressId: salesHeads.deliveryAddressId,
          deliveryAddressName: deliveryAddress.name,
          deliveryName: salesHeads.deliveryName,
          dueDays: salesHeads.dueDays,
          comments: salesHeads.comments,
          selfPicking: salesHeads.selfPicking,
          vatTaxReq: salesHeads.vatTaxReq,
          carrier: salesHeads.carrier,
          trackingNumbers: salesHeads.trackingNumbers,
          deliveredOn: salesHeads.deliveredOn,
          deliverySigner: salesHeads.deliverySigner,
        }
      : { receivedOn: purchHeads.receivedOn };
  let query = db
    .select({
      id: h.id,
      externalCode: h.externalCode,
      warehouseCode: h.warehouseCode,
      consigneeId: h.consigneeId,
      consigneeName: consignees.name,
      companyId: consignees.companyId,
      businessLineId: businessLines.id,
      businessLineName: businessLines.name,
      locationId: h.locationId,
      locationLabel: locations.label,
      truckNumber: h.truckNumber,
      deliveryDate: h.deliveryDate,
      currencyId: h.currencyId,
      currencyCode: currencies.code,
      isReturn: h.isReturn,
      isTemplate: h.isTemplate,
      progress: h.progress,
      statusCode: h.statusCode,
      statusDesc: h.statusDesc,
      failureReason: h.failureReason,
      failureCause: h.failureCause,
      creationDate: h.creationDate,
      modificationDate: h.modificationDate,
      partyId: t.partyId,
      partyCode: t.party.externalCode,
      partyName: t.party.name,
      addressId: t.addressId,
      addressName: partyAddress.name,
      reference: t.reference,
      ...salesColumns,
    })
    .from(h)
    .innerJoin(consignees, eq(consignees.id, h.consigneeId))
    .innerJoin(businessLines, eq(businessLines.id, consignees.businessLineId))
    .leftJoin(locations, eq(locations.id, h.locationId))
    .leftJoin(currencies, eq(currencies.id, h.currencyId))
    .leftJoin(t.party, eq(t.party.id, t.partyId))
    .leftJoin(partyAddress, eq(partyAddress.id, t.addressId))
    .$dynamic();
  if (kind === 'sales') {
    query = query.leftJoin(deliveryAddress, eq(deliveryAddress.id, salesHeads.deliveryAddressId));
  }
  query = query.where(and(eq(h.id, headId), visible(actor, kind)));
  if (options.forUpdate) query = query.for('update', { of: h });
  const [row] = await query;
  return row as unknown as OrderHeadRecord | undefined;
}

export interface OrderLineRecord {
  id: number;
  skuId: number;
  skuCode: string;
  skuName: string;
  orderedQty: string | null;
  uomId: number | null;
  uomName: string | null;
  price: string | null;
  /** Purchase lines only. */
  receivedQty?: string | null;
  /** Sales lines only. */
  salesQty?: string | null;
  deliveredQty?: string | null;
  batch?: string | null;
  expiryDate?: string | null;
}

/**
 * The lines of one order, in their order, in one query; units named in the reader's language
 * when one is given, else by their code (as the warehouse knows them).
 */
export async function findOrderLines(
  db: Executor,
  kind: OrderKind,
  headId: number,
  lang?: Language,
): Promise<OrderLineRecord[]> {
  const l = TABLES[kind].lines;
  const kindColumns: SelectedFields =
    kind === 'purch'
      ? { receivedQty: purchLines.receivedQty }
      : {
          salesQty: salesLines.salesQty,
          deliveredQty: salesLines.deliveredQty,
          batch: salesLines.batch,
          expiryDate: salesLines.expiryDate,
        };
  const rows = await db
    .select({
      id: l.id,
      skuId: l.skuId,
      skuCode: skus.externalCode,
      skuName: skus.name,
      orderedQty: l.orderedQty,
      uomId: l.uomId,
      uomName: lang ? uomName(lang) : uoms.name,
      price: l.price,
      ...kindColumns,
    })
    .from(l)
    .innerJoin(skus, eq(skus.id, l.skuId))
    .leftJoin(uoms, eq(uoms.id, l.uomId))
    .where(eq(l.headId, headId))
    .orderBy(asc(l.position), asc(l.id));
  return rows as unknown as OrderLineRecord[];
}

/**
 * The stock a sales order may draw on, in one query: the warehouse's lots of those SKUs, and as
 * lots with a negative quantity what other sales orders have promised of them, the lines of
 * orders on their way to the warehouse (ready, sent, in sync) whose delivered quantity it has not
 * reported yet (their goods are still in the stock rows).
 */
export async function findStockLots(
  db: Executor,
  skuIds: readonly number[],
  orderHeadId: number,
): Promise<StockLot[]> {
  if (skuIds.length === 0) return [];
  const ids = [...new Set(skuIds)];
  const inStock = db
    .select({
      skuId: stockRows.skuId,
      batch: stockRows.batch,
      expiryDate: stockRows.expiryDate,
      uomId: sql<number | null>`${stockRows.uomId}`,
      qty: sql<string>`sum(${stockRows.qty})::text`,
    })
    .from(stockRows)
    .where(inArray(stockRows.skuId, ids))
    .groupBy(stockRows.skuId, stockRows.batch, stockRows.expiryDate, stockRows.uomId);
  const promised = db
    .select({
      skuId: salesLines.skuId,
      batch: salesLines.batch,
      expiryDate: salesLines.expiryDate,
      uomId: sql<number | null>`${salesLines.uomId}`,
      qty: sql<string>`(-sum(${salesLines.orderedQty}))::text`,
    })
    .from(salesLines)
    .innerJoin(salesHeads, eq(salesHeads.id, salesLines.headId))
    .where(
      and(
        inArray(salesLines.skuId, ids),
        inArray(salesHeads.progress, ['ready', 'sent', 'sync']),
        eq(salesHeads.isTemplate, false),
        eq(salesHeads.isReturn, false),
        isNull(salesHeads.excludedAt),
        isNull(salesLines.deliveredQty),
        sql`${salesLines.orderedQty} is not null`,
        sql`${salesHeads.id} <> ${orderHeadId}`,
      ),
    )
    .groupBy(salesLines.skuId, salesLines.batch, salesLines.expiryDate, salesLines.uomId);
  return inStock.unionAll(promised);
}

// ---------------------------------------------------------------- writes

/** Is the external code used by another live order of the consignee (of this kind)? */
export async function externalCodeTaken(
  db: Executor,
  kind: OrderKind,
  consigneeId: number,
  externalCode: string,
): Promise<boolean> {
  const h = TABLES[kind].heads;
  const [row] = await db
    .select({ id: h.id })
    .from(h)
    .where(and(eq(h.consigneeId, consigneeId), eq(h.externalCode, externalCode), isNull(h.excludedAt)))
    .limit(1);
  return row !== undefined;
}

export type PurchHeadValues = typeof purchHeads.$inferInsert;
export type SalesHeadValues = typeof salesHeads.$inferInsert;
/** Values of a head of either kind: only the columns of the kind's table are written. */
export type HeadValues = Partial<PurchHeadValues> & Partial<SalesHeadValues>;

export async function insertHead(
  db: Executor,
  kind: OrderKind,
  values: HeadValues & { consigneeId: number },
): Promise<number> {
  const h = TABLES[kind].heads;
  const [row] = await db
    .insert(h)
    .values(values as PurchHeadValues & SalesHeadValues)
    .returning({ id: h.id });
  return row!.id;
}

/** Heads of new orders in one insert; their ids in the order of the values. */
export async function insertHeads(
  db: Executor,
  kind: OrderKind,
  values: readonly (HeadValues & { consigneeId: number })[],
): Promise<number[]> {
  if (values.length === 0) return [];
  const h = TABLES[kind].heads;
  const rows = await db
    .insert(h)
    .values(values as (PurchHeadValues & SalesHeadValues)[])
    .returning({ id: h.id });
  // Ids come from the head's sequence in the order of the values.
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

export async function updateHead(
  db: Executor,
  kind: OrderKind,
  headId: number,
  values: HeadValues,
): Promise<void> {
  const h = TABLES[kind].heads;
  await db
    .update(h)
    .set({ ...values, modificationDate: sql`now()` })
    .where(eq(h.id, headId));
}

export interface LineValues {
  skuId: number;
  orderedQty: string | null;
  uomId: number | null;
  price: string | null;
  batch?: string | null;
  expiryDate?: string | null;
}

/** Replaces every line of an order: the lines of an edit are the whole list. */
export async function replaceLines(
  db: Executor,
  kind: OrderKind,
  headId: number,
  lines: readonly LineValues[],
): Promise<void> {
  const l = TABLES[kind].lines;
  await db.delete(l).where(eq(l.headId, headId));
  await insertLines(db, kind, [{ headId, lines }]);
}

/** Rows one insert carries: well below PostgreSQL's 65,535 parameters at 8 columns a line. */
const LINES_PER_INSERT = 2000;

/** The lines of new orders, numbered from 1 within each, in as few inserts as they fit. */
export async function insertLines(
  db: Executor,
  kind: OrderKind,
  orders: readonly { headId: number; lines: readonly LineValues[] }[],
): Promise<void> {
  const rows = orders.flatMap(({ headId, lines }) =>
    lines.map((line, i) => ({
      headId,
      position: i + 1,
      skuId: line.skuId,
      orderedQty: line.orderedQty,
      uomId: line.uomId,
      price: line.price,
      ...(kind === 'sales' ? { batch: line.batch ?? null, expiryDate: line.expiryDate ?? null } : {}),
    })),
  );
  for (let start = 0; start < rows.length; start += LINES_PER_INSERT) {
    await db.insert(TABLES[kind].lines).values(rows.slice(start, start + LINES_PER_INSERT));
  }
}

/** Copies what was ordered (not what the warehouse did with it) from one order to another. */
export async function copyLines(db: Executor, kind: OrderKind, fromHeadId: number, toHeadId: number) {
  if (kind === 'purch') {
    await db.execute(sql`
      insert into ${purchLines} (head_id, position, sku_id, ordered_qty, uom_id, price)
      select ${toHeadId}, position, sku_id, ordered_qty, uom_id, price
      from ${purchLines} where head_id = ${fromHeadId}`);
  } else {
    await db.execute(sql`
      insert into ${salesLines} (head_id, position, sku_id, ordered_qty, uom_id, price, batch, expiry_date)
      select ${toHeadId}, position, sku_id, ordered_qty, uom_id, price, batch, expiry_date
      from ${salesLines} where head_id = ${fromHeadId}`);
  }
}

/**
 * Moves an order from one progress to another, only if it is still in the first: a concurrent
 * move makes this answer false instead of overwriting it. A refused order put back to draft keeps
 * its failure reason, so the clerk fixing it sees why; any other move clears it.
 */
export async function moveProgress(
  db: Executor,
  kind: OrderKind,
  headId: number,
  from: orders.OrderProgress,
  to: orders.OrderProgress,
): Promise<boolean> {
  const h = TABLES[kind].heads;
  const rows = await db
    .update(h)
    .set({
      progress: to,
      ...(from === 'failure' && to === 'draft' ? {} : { failureReason: null, failureCause: null }),
      modificationDate: sql`now()`,
    })
    .where(and(eq(h.id, headId), eq(h.progress, from), isNull(h.excludedAt)))
    .returning({ id: h.id });
  return rows.length > 0;
}

export async function excludeHead(db: Executor, kind: OrderKind, headId: number): Promise<void> {
  const h = TABLES[kind].heads;
  await db.update(h).set({ excludedAt: sql`now()`, modificationDate: sql`now()` }).where(eq(h.id, headId));
}

/** Which of these orders the actor can read: one query for a call on many orders. */
export async function findVisibleHeadIds(
  db: Executor,
  actor: Actor,
  kind: OrderKind,
  headIds: readonly number[],
): Promise<Set<number>> {
  const h = TABLES[kind].heads;
  const rows = await db
    .select({ id: h.id })
    .from(h)
    .innerJoin(consignees, eq(consignees.id, h.consigneeId))
    .where(and(inArray(h.id, [...headIds]), visible(actor, kind)));
  return new Set(rows.map((row) => row.id));
}

/** Failed orders the actor can read, locked for the transaction. */
export async function lockFailedHeadIds(db: Executor, actor: Actor, kind: OrderKind): Promise<number[]> {
  const h = TABLES[kind].heads;
  const rows = await db
    .select({ id: h.id })
    .from(h)
    .innerJoin(consignees, eq(consignees.id, h.consigneeId))
    .where(and(visible(actor, kind), eq(h.progress, 'failure')))
    .orderBy(asc(h.id))
    .for('update', { of: h });
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------- defaults

/** The actor's consignee when there is exactly one, else null. */
export async function soleConsigneeId(db: Executor, actor: Actor): Promise<number | null> {
  const rows = await db
    .select({ id: consignees.id })
    .from(consignees)
    .where(companyCondition(actor, consignees.companyId))
    .orderBy(asc(consignees.id))
    .limit(2);
  return rows.length === 1 ? rows[0]!.id : null;
}

/** The usual unit of measure: pieces where it exists, else the first one. */
export async function defaultUomId(db: Executor): Promise<number | null> {
  const [row] = await db
    .select({ id: uoms.id })
    .from(uoms)
    .orderBy(sql`${uoms.name} <> 'pcs'`, asc(uoms.id))
    .limit(1);
  return row?.id ?? null;
}

/** The codes of these units, by id. */
export async function uomCodes(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: uoms.id, name: uoms.name })
    .from(uoms)
    .where(inArray(uoms.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export const CODE_INDEX: Record<OrderKind, string> = {
  purch: 'purch_heads_code_idx',
  sales: 'sales_heads_code_idx',
};

/** The id of an order's company, as a subquery (webhook events go to that company's endpoints). */
export function orderCompany(kind: OrderKind, headId: number): SQL {
  const h = TABLES[kind].heads;
  return sql`select ${consignees.companyId} from ${consignees} join ${h} on ${h.consigneeId} = ${consignees.id} where ${h.id} = ${headId}`;
}
