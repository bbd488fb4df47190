import { setTimeout as sleep } from 'node:timers/promises';
import { encode, type orders, today, wms } from '@extranet/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { skuEans, skus } from '../../db/schema';
import { knownKeys } from '../../jobs/outbox';
import type { SendOutcome, WmsConnector } from './wms.connector';
import { failureOf } from './wms.failure';
import { scheduleSimulatedEvents, simulatedEventQueue } from './wms.outbox';
import { scheduleSimulatedPapers } from './wms.simulator-documents';

type Status = wms.WmsStatus;

export const SIMULATED_STATUS = {
  registered: { code: 'NEW', desc: 'Registered' },
  receiving: { code: 'RCV', desc: 'Receiving' },
  received: { code: 'DONE', desc: 'Received' },
  picking: { code: 'PCK', desc: 'Picking' },
  shipped: { code: 'SHP', desc: 'Shipped' },
  delivered: { code: 'DLV', desc: 'Delivered' },
} as const satisfies Record<string, Status>;

const AVAILABLE: Status = { code: 'AV', desc: 'Available' };

/** Refusals a real warehouse gives now and then, whatever the order looks like. */
export const SIMULATED_REFUSALS = [
  'no_dock_slot',
  'no_capacity',
  'held_by_warehouse',
] as const satisfies readonly orders.FailureCode[];

export interface SimulatorOptions {
  db: Executor;
  /** How long the simulated warehouse takes to answer a send. */
  acceptMs: number;
  /** Time between its later reports about an order it took. */
  stepMs: number;
  /** Share of sends it refuses for no reason the order could fix (0 to 1). */
  failureShare: number;
  random?: () => number;
}

const eventId = (idempotencyKey: string, step: number) => `sim:${idempotencyKey}:${step}`;

const negate = (qty: string) => (qty.startsWith('-') ? qty.slice(1) : `-${qty}`);

/** The simulated warehouse's own number of an order: its kind's letter and the order's id. */
export const simulatedWarehouseCode = (order: Pick<wms.WmsOrderMessage, 'kind' | 'head_id'>) =>
  `WH-${order.kind === 'purch' ? 'P' : 'S'}${String(order.head_id).padStart(7, '0')}`;

/** The simulated warehouse ships with this carrier, its tracking number made of the order's id. */
export const SIMULATED_CARRIER = 'DHL';
const trackingNumberOf = (headId: number) => `JD0146${String(headId).padStart(8, '0')}`;

/**
 * The later life of an order the simulated warehouse took, as warehouse events: a purchase is
 * received (received_qty per line, stock in, the receipt date), a sales order picked, shipped
 * (delivered_qty per line, stock out, carrier and tracking number unless the customer picks it
 * up) and delivered (date and signer). Returns take the stock the other way.
 */
export function simulatedEvents(order: wms.WmsOrderMessage, idempotencyKey: string): wms.WmsEvent[] {
  const ref = { kind: order.kind, head_id: order.head_id };
  const isPurch = order.kind === 'purch';
  const stockIn = isPurch !== order.is_return;
  const lines = order.lines.filter((line) => line.ordered_qty !== null && Number(line.ordered_qty) > 0);
  const movements: wms.WmsStockMovement[] = lines
    .filter((line) => line.uom !== null && (order.location !== null || !stockIn))
    .map((line) => ({
      sku: line.sku,
      qty: stockIn ? line.ordered_qty! : negate(line.ordered_qty!),
      uom: line.uom!,
      location: order.location,
      batch: line.batch ?? null,
      expiry_date: line.expiry_date ?? null,
      status: stockIn ? AVAILABLE : null,
    }));
  const done: Omit<wms.WmsEvent, 'event_id' | 'status'> = {
    order: ref,
    lines: lines.map((line) => ({ sku: line.sku, qty: line.ordered_qty! })),
    stock: movements.length ? { movements } : undefined,
  };
  const day = today();
  const shipment: wms.WmsShipment | undefined = order.self_picking
    ? undefined
    : { carrier: SIMULATED_CARRIER, tracking_numbers: [trackingNumberOf(order.head_id)] };
  const steps: Omit<wms.WmsEvent, 'event_id'>[] = isPurch
    ? [
        { order: ref, status: SIMULATED_STATUS.receiving },
        { ...done, status: SIMULATED_STATUS.received, receipt: { received_on: day } },
      ]
    : [
        { order: ref, status: SIMULATED_STATUS.picking },
        { ...done, status: SIMULATED_STATUS.shipped, shipment },
        {
          order: ref,
          status: SIMULATED_STATUS.delivered,
          shipment: { delivered_on: day, signed_by: order.delivery_name || order.party?.name || null },
        },
      ];
  return steps.map((step, i) => ({ event_id: eventId(idempotencyKey, i + 1), ...step }) as wms.WmsEvent);
}

/** External codes of the order's SKUs the warehouse cannot handle: those without a barcode. */
async function unknownSkus(db: Executor, order: wms.WmsOrderMessage): Promise<string[]> {
  const codes = [...new Set(order.lines.map((line) => line.sku))];
  if (codes.length === 0) return [];
  const known = await db
    .selectDistinct({ code: skus.externalCode })
    .from(skus)
    .innerJoin(skuEans, eq(skuEans.skuId, skus.id))
    .where(and(eq(skus.consigneeId, order.consignee.consignee_id), inArray(skus.externalCode, codes)));
  const knownCodes = new Set(known.map((row) => row.code));
  return codes.filter((code) => !knownCodes.has(code));
}

async function seenBefore(db: Executor, idempotencyKey: string): Promise<boolean> {
  const key = eventId(idempotencyKey, 1);
  return (await knownKeys(db, simulatedEventQueue, [key])).has(key);
}

/**
 * A warehouse system inside the server, for the demo and tests: it answers a send after
 * `acceptMs`, refuses orders with SKUs it does not know (no barcode) and a share of the others,
 * and schedules its later reports as warehouse events, applied by the same code as
 * POST /api/wms/events, and, once it completes an order, a delivery note and a proof of delivery
 * as POST /api/wms/documents stores them. Like a real one, it recognises a repeated send by its idempotency key.
 */
export function createSimulatorConnector(options: SimulatorOptions): WmsConnector {
  const random = options.random ?? Math.random;
  return {
    name: 'simulator',
    // The simulated docks take whatever the client books.
    async sendBooking(): Promise<SendOutcome> {
      return { result: 'accepted' };
    },
    async send(order, { idempotencyKey }): Promise<SendOutcome> {
      if (options.acceptMs > 0) await sleep(options.acceptMs);
      if (await seenBefore(options.db, idempotencyKey)) {
        return {
          result: 'accepted',
          status: SIMULATED_STATUS.registered,
          warehouseCode: simulatedWarehouseCode(order),
        };
      }
      const unknown = await unknownSkus(options.db, order);
      if (unknown.length) {
        return { result: 'refused', failure: failureOf('unknown_products', { skus: unknown.join(', ') }) };
      }
      if (random() < options.failureShare) {
        const code = SIMULATED_REFUSALS[Math.floor(random() * SIMULATED_REFUSALS.length)]!;
        return { result: 'refused', failure: failureOf(code) };
      }
      const events = simulatedEvents(order, idempotencyKey);
      await scheduleSimulatedEvents(
        options.db,
        events.map((event, i) => ({
          eventId: event.event_id,
          wire: encode(wms.WmsEvent, event),
          delayMs: options.stepMs * (i + 1),
        })),
      );
      // The papers come with the report that completes the order.
      await scheduleSimulatedPapers(options.db, {
        order,
        idempotencyKey,
        day: today(),
        delayMs: options.stepMs * events.length,
      });
      return {
        result: 'accepted',
        status: SIMULATED_STATUS.registered,
        warehouseCode: simulatedWarehouseCode(order),
      };
    },
  };
}
