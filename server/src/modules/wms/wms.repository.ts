import { Decimal, type orders, type wms } from '@extranet/contract';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { SYSTEM_ACTOR } from '../../access/system-actor';
import type { Executor } from '../../db/client';
import {
  consignees,
  locations,
  purchHeads,
  purchLines,
  salesHeads,
  salesLines,
  skus,
  slotBookings,
  slots,
  stockRows,
  uoms,
} from '../../db/schema';
import { findOrderHead, findOrderLines, type OrderHeadRecord } from '../orders/orders.repository';
import type { OrderFailure } from './wms.failure';

type OrderKind = orders.OrderKind;

const HEADS = { purch: purchHeads, sales: salesHeads } as const;

/** The warehouse system works for every company: it reads orders as role 99 does. */
const WAREHOUSE = SYSTEM_ACTOR;

/** A live order (not excluded, not a template), locked for the transaction when asked. */
export async function findLiveOrder(
  db: Executor,
  kind: OrderKind,
  headId: number,
  options: { forUpdate?: boolean } = {},
): Promise<OrderHeadRecord | undefined> {
  const head = await findOrderHead(db, WAREHOUSE, kind, headId, options);
  return head && !head.isTemplate ? head : undefined;
}

/** The order's booked slot as the warehouse receives it, or null. */
export async function findOrderBooking(
  db: Executor,
  kind: OrderKind,
  headId: number,
): Promise<wms.WmsOrderBooking | null> {
  const [row] = await db
    .select({
      slot_id: slots.id,
      location: locations.label,
      starts_at: slots.startsAt,
      ends_at: slots.endsAt,
    })
    .from(slotBookings)
    .innerJoin(slots, eq(slots.id, slotBookings.slotId))
    .innerJoin(locations, eq(locations.id, slots.locationId))
    .where(and(eq(slotBookings.kind, kind), eq(slotBookings.headId, headId)));
  return row ?? null;
}

/** An order as the warehouse receives it, with its progress; undefined when it is gone. */
export async function loadOrderMessage(
  db: Executor,
  kind: OrderKind,
  headId: number,
): Promise<{ progress: string; message: wms.WmsOrderMessage } | undefined> {
  const head = await findLiveOrder(db, kind, headId);
  if (!head) return undefined;
  const lines = await findOrderLines(db, kind, headId);
  const message: wms.WmsOrderMessage = {
    kind,
    head_id: head.id,
    external_code: head.externalCode,
    consignee: { consignee_id: head.consigneeId, name: head.consigneeName },
    party: head.partyId === null ? null : { code: head.partyCode ?? '', name: head.partyName ?? '' },
    address: head.addressId === null ? null : { name: head.addressName ?? '' },
    reference: head.reference,
    location: head.locationLabel,
    delivery_date: head.deliveryDate,
    currency: head.currencyCode,
    truck_number: head.truckNumber,
    is_return: head.isReturn,
    ...(kind === 'sales'
      ? {
          delivery_address: head.deliveryAddressId == null ? null : { name: head.deliveryAddressName ?? '' },
          delivery_name: head.deliveryName ?? null,
          due_days: head.dueDays ?? null,
          comments: head.comments ?? null,
          self_picking: head.selfPicking ?? false,
        }
      : {}),
    booking: await findOrderBooking(db, kind, headId),
    lines: lines.map((line) => ({
      sku: line.skuCode,
      name: line.skuName,
      ordered_qty: line.orderedQty,
      uom: line.uomName,
      price: line.price,
      ...(kind === 'sales' ? { batch: line.batch ?? null, expiry_date: line.expiryDate ?? null } : {}),
    })),
  };
  return { progress: head.progress, message };
}

export async function updateProgress(
  tx: Executor,
  kind: OrderKind,
  headId: number,
  progress: orders.OrderProgress,
  failure: OrderFailure | null,
): Promise<void> {
  const h = HEADS[kind];
  await tx
    .update(h)
    .set({
      progress,
      failureReason: failure?.reason ?? null,
      failureCause: failure?.cause ?? null,
      modificationDate: sql`now()`,
    })
    .where(eq(h.id, headId));
}

export async function updateStatus(tx: Executor, kind: OrderKind, headId: number, status: wms.WmsStatus) {
  const h = HEADS[kind];
  await tx
    .update(h)
    .set({ statusCode: status.code, statusDesc: status.desc, modificationDate: sql`now()` })
    .where(eq(h.id, headId));
}

/** The warehouse's own number of the order, as it gave it. */
export async function updateWarehouseCode(tx: Executor, kind: OrderKind, headId: number, code: string) {
  const h = HEADS[kind];
  await tx
    .update(h)
    .set({ warehouseCode: code, modificationDate: sql`now()` })
    .where(and(eq(h.id, headId), sql`${h.warehouseCode} is distinct from ${code}`));
}

/**
 * A sales order's shipment as the warehouse reports it: a field left out keeps its value, null
 * clears it; tracking numbers given become exactly those, each once.
 */
export async function updateShipment(tx: Executor, headId: number, shipment: wms.WmsShipment) {
  const values: Partial<typeof salesHeads.$inferInsert> = {};
  if (shipment.carrier !== undefined) values.carrier = shipment.carrier;
  if (shipment.tracking_numbers !== undefined)
    values.trackingNumbers = [...new Set(shipment.tracking_numbers ?? [])];
  if (shipment.delivered_on !== undefined) values.deliveredOn = shipment.delivered_on;
  if (shipment.signed_by !== undefined) values.deliverySigner = shipment.signed_by;
  if (Object.keys(values).length === 0) return;
  await tx
    .update(salesHeads)
    .set({ ...values, modificationDate: sql`now()` })
    .where(eq(salesHeads.id, headId));
}

/** A purchase order's receipt as the warehouse reports it. */
export async function updateReceipt(tx: Executor, headId: number, receipt: wms.WmsReceipt) {
  if (receipt.received_on === undefined) return;
  await tx
    .update(purchHeads)
    .set({ receivedOn: receipt.received_on, modificationDate: sql`now()` })
    .where(eq(purchHeads.id, headId));
}

/** The order's line ids by SKU external code. */
export async function findLinesBySku(tx: Executor, kind: OrderKind, headId: number) {
  const lines = await findOrderLines(tx, kind, headId);
  return new Map(lines.map((line) => [line.skuCode, line.id]));
}

/** Writes received (purchase) or delivered (sales) quantities, one statement for all lines. */
export async function updateDoneQuantities(
  tx: Executor,
  kind: OrderKind,
  headId: number,
  values: readonly { lineId: number; qty: string }[],
): Promise<void> {
  if (values.length === 0) return;
  const table = kind === 'purch' ? purchLines : salesLines;
  const column = kind === 'purch' ? 'received_qty' : 'delivered_qty';
  const rows = sql.join(
    values.map((value) => sql`(${value.lineId}::int, ${value.qty}::numeric)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${table} set ${sql.identifier(column)} = v.qty
    from (values ${rows}) as v(id, qty)
    where ${table}.id = v.id and ${table}.head_id = ${headId}`);
}

// ---------------------------------------------------------------- stock

export async function consigneeExists(tx: Executor, consigneeId: number): Promise<boolean> {
  const [row] = await tx.select({ id: consignees.id }).from(consignees).where(eq(consignees.id, consigneeId));
  return row !== undefined;
}

/** SKU ids of a consignee by external code (served by the unique (consignee, external code) index). */
export async function findSkuIds(tx: Executor, consigneeId: number, codes: readonly string[]) {
  if (codes.length === 0) return new Map<string, number>();
  const rows = await tx
    .select({ id: skus.id, code: skus.externalCode })
    .from(skus)
    .where(and(eq(skus.consigneeId, consigneeId), inArray(skus.externalCode, [...new Set(codes)])));
  return new Map(rows.map((row) => [row.code, row.id]));
}

export async function findLocationIds(tx: Executor, labels: readonly string[]) {
  if (labels.length === 0) return new Map<string, number>();
  const rows = await tx
    .select({ id: locations.id, label: locations.label })
    .from(locations)
    .where(inArray(locations.label, [...new Set(labels)]));
  return new Map(rows.map((row) => [row.label, row.id]));
}

export async function findUomIds(tx: Executor, names: readonly string[]) {
  if (names.length === 0) return new Map<string, number>();
  const rows = await tx
    .select({ id: uoms.id, name: uoms.name })
    .from(uoms)
    .where(inArray(uoms.name, [...new Set(names)]));
  return new Map(rows.map((row) => [row.name, row.id]));
}

export type StockRowValues = typeof stockRows.$inferInsert;

/** A snapshot: every stock row of the named SKUs is replaced by the snapshot's rows. */
export async function replaceStock(
  tx: Executor,
  consigneeId: number,
  skuIds: readonly number[],
  rows: readonly StockRowValues[],
): Promise<void> {
  if (skuIds.length === 0) return;
  await tx
    .delete(stockRows)
    .where(and(eq(stockRows.consigneeId, consigneeId), inArray(stockRows.skuId, [...new Set(skuIds)])));
  const kept = rows.filter((row) => Number(row.qty) > 0);
  for (let i = 0; i < kept.length; i += 500) await tx.insert(stockRows).values(kept.slice(i, i + 500));
}

const same = (column: AnyPgColumn, value: string | null | undefined): SQL =>
  value == null ? isNull(column) : eq(column, value);

export interface MovementTarget {
  consigneeId: number;
  skuId: number;
  uomId: number;
  locationId: number | null;
  batch: string | null;
  expiryDate: string | null;
  status: wms.WmsStatus | null;
}

/** Stock in: added to the row of the same lot, place and status, or a new row. */
export async function addStock(tx: Executor, target: MovementTarget & { locationId: number }, qty: string) {
  const [row] = await tx
    .select({ id: stockRows.id })
    .from(stockRows)
    .where(
      and(
        eq(stockRows.consigneeId, target.consigneeId),
        eq(stockRows.skuId, target.skuId),
        eq(stockRows.uomId, target.uomId),
        eq(stockRows.locationId, target.locationId),
        same(stockRows.batch, target.batch),
        same(stockRows.expiryDate, target.expiryDate),
        same(stockRows.statusCode, target.status?.code),
        isNull(stockRows.sscc),
      ),
    )
    .orderBy(asc(stockRows.id))
    .limit(1)
    .for('update');
  if (row) {
    await tx
      .update(stockRows)
      .set({ qty: sql`${stockRows.qty} + ${qty}::numeric` })
      .where(eq(stockRows.id, row.id));
    return;
  }
  await tx.insert(stockRows).values({
    consigneeId: target.consigneeId,
    skuId: target.skuId,
    uomId: target.uomId,
    locationId: target.locationId,
    batch: target.batch,
    expiryDate: target.expiryDate,
    statusCode: target.status?.code ?? null,
    statusDesc: target.status?.desc ?? null,
    qty,
  });
}

/**
 * Stock out: taken from the matching rows, earliest expiry first; a row taken to zero is removed.
 * Stock never goes below zero: returns what could not be taken ("0" when all was).
 */
export async function takeStock(tx: Executor, target: MovementTarget, qty: string): Promise<string> {
  const rows = await tx
    .select({ id: stockRows.id, qty: stockRows.qty })
    .from(stockRows)
    .where(
      and(
        eq(stockRows.consigneeId, target.consigneeId),
        eq(stockRows.skuId, target.skuId),
        eq(stockRows.uomId, target.uomId),
        target.locationId === null ? undefined : eq(stockRows.locationId, target.locationId),
        target.batch === null ? undefined : eq(stockRows.batch, target.batch),
        target.expiryDate === null ? undefined : eq(stockRows.expiryDate, target.expiryDate),
      ),
    )
    .orderBy(sql`${stockRows.expiryDate} asc nulls last`, asc(stockRows.id))
    .for('update');
  let rest = new Decimal(qty);
  for (const row of rows) {
    if (rest.lte(0)) break;
    const have = new Decimal(row.qty);
    if (have.lte(rest)) {
      await tx.delete(stockRows).where(eq(stockRows.id, row.id));
      rest = rest.minus(have);
    } else {
      await tx
        .update(stockRows)
        .set({ qty: have.minus(rest).toFixed(3) })
        .where(eq(stockRows.id, row.id));
      rest = new Decimal(0);
    }
  }
  return rest.toFixed(3);
}
