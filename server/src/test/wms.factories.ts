import { addDays, type orders, today, wms } from '@extranet/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { BuiltApp } from '../app';
import type { Db, Executor } from '../db/client';
import { comments, discussions, jobs, purchLines, salesLines } from '../db/schema';
import { SEND_JOB, sendKey } from '../modules/orders/orders.sends';
import type { SendOutcome, WmsConnector } from '../modules/wms/wms.connector';
import type { SendWorkerOptions } from '../modules/wms/wms.sends';
import { signWms } from '../modules/wms/wms.signature';
import { createSimulatorConnector, SIMULATED_STATUS } from '../modules/wms/wms.simulator';
import { applyDueSimulatedEvents } from '../modules/wms/wms.simulator-events';
import { createEan } from './catalogs.factories';
import { createOrderWorld, insertOrder, type OrderWorld } from './orders.factories';

type OrderKind = orders.OrderKind;

/**
 * An order world (see orders.factories) whose first two SKUs have barcodes, so the simulated
 * warehouse knows them; the third has none.
 */
export async function createWmsWorld(db: Executor, options: Parameters<typeof createOrderWorld>[1] = {}) {
  const world = await createOrderWorld(db, { notificationTypes: ['pord', 'sord', 'omov'], ...options });
  await createEan(db, { skuId: world.skus[0]!.id });
  await createEan(db, { skuId: world.skus[1]!.id });
  return world;
}

export interface LineSpec {
  skuIndex: number;
  qty: string;
  batch?: string | null;
  expiryDate?: string | null;
}

/** A draft order with everything set_ready needs, written straight to the database. */
export async function insertCompleteDraft(
  db: Executor,
  kind: OrderKind,
  world: OrderWorld,
  lines: readonly LineSpec[] = [{ skuIndex: 0, qty: '10.000' }],
): Promise<number> {
  const common = {
    consigneeId: world.consignee.id,
    locationId: world.refs.locationId,
    deliveryDate: addDays(today(), 7),
    currencyId: world.refs.eurId,
    progress: 'draft',
  };
  const headId =
    kind === 'purch'
      ? await insertOrder(db, 'purch', {
          ...common,
          vendorId: world.vendor.id,
          vendorAddressId: world.vendorAddresses[0]!.id,
        })
      : await insertOrder(db, 'sales', {
          ...common,
          customerId: world.customer.id,
          customerAddressId: world.customerAddresses[0]!.id,
          dueDays: '30.000',
        });
  const values = lines.map((line, i) => ({
    headId,
    position: i + 1,
    skuId: world.skus[line.skuIndex]!.id,
    orderedQty: line.qty,
    uomId: world.refs.pcsId,
    price: '1.500',
  }));
  if (kind === 'purch') await db.insert(purchLines).values(values);
  else {
    await db.insert(salesLines).values(
      values.map((value, i) => ({
        ...value,
        batch: lines[i]!.batch ?? null,
        expiryDate: lines[i]!.expiryDate ?? null,
      })),
    );
  }
  return headId;
}

/** The simulator without delays or random refusals unless asked. */
export function testSimulator(
  db: Executor,
  overrides: Partial<Parameters<typeof createSimulatorConnector>[0]> = {},
): WmsConnector {
  return createSimulatorConnector({ db, acceptMs: 0, stepMs: 0, failureShare: 0, ...overrides });
}

export interface RecordedSend {
  kind: OrderKind;
  headId: number;
  idempotencyKey: string;
}

/** Wraps a connector (or answers `accepted`) and records every send it is asked for. */
export function recordingConnector(
  inner?: WmsConnector,
  answer: () => Promise<SendOutcome> | SendOutcome = () => ({ result: 'accepted' }),
) {
  const sends: RecordedSend[] = [];
  const bookings: { update: wms.WmsBookingUpdate; idempotencyKey: string }[] = [];
  const connector: WmsConnector = {
    name: inner?.name ?? 'http',
    async send(order, options) {
      sends.push({ kind: order.kind, headId: order.head_id, idempotencyKey: options.idempotencyKey });
      return inner ? inner.send(order, options) : answer();
    },
    async sendBooking(update, options) {
      bookings.push({ update, idempotencyKey: options.idempotencyKey });
      return inner ? inner.sendBooking(update, options) : answer();
    },
  };
  return { connector, sends, bookings };
}

export const WORKER: SendWorkerOptions = { maxAttempts: 3, retryBaseMs: 1000, lockMs: 60_000 };

export async function sendJobsOf(db: Executor, kind: OrderKind, headId: number) {
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, SEND_JOB), eq(jobs.key, sendKey(kind, headId))))
    .orderBy(asc(jobs.id));
}

/** The system comments of an order's discussion, oldest first. */
async function systemComments(db: Executor, kind: OrderKind, headId: number) {
  const column = kind === 'purch' ? discussions.purchHeadId : discussions.salesHeadId;
  const rows = await db
    .select({ userId: comments.userId, dict: comments.dict })
    .from(comments)
    .innerJoin(discussions, eq(discussions.id, comments.discussionId))
    .where(eq(column, headId))
    .orderBy(asc(comments.id));
  return rows.flatMap((row) =>
    row.dict ? [{ userId: row.userId, dict: row.dict as Record<string, unknown> }] : [],
  );
}

/** The words of each system comment of an order, oldest first; who made it is `signatures`'. */
export async function systemTexts(db: Executor, kind: OrderKind, headId: number) {
  return (await systemComments(db, kind, headId)).map(({ dict: { via: _via, ...text } }) => text);
}

/** Who signed each system comment of an order: a user's id, `warehouse`, or `system`. */
export async function signatures(db: Executor, kind: OrderKind, headId: number) {
  return (await systemComments(db, kind, headId)).map(
    ({ userId, dict }) => userId ?? (dict.via as { kind: string } | undefined)?.kind ?? 'system',
  );
}

export const progressMove = (from: string, to: string) => ({
  code: 'order_progress_changed',
  old: from,
  new: to,
});

export const statusMove = (
  from: { code: string | null; desc: string | null },
  to: { code: string; desc: string | null },
) => ({ code: 'order_status_changed', old: from, new: to });

/** The system texts of an order the simulator carries from draft to its end, oldest first. */
export const SIMULATED_LIFE = (() => {
  const synced = [
    progressMove('draft', 'ready'),
    progressMove('ready', 'sent'),
    statusMove({ code: null, desc: null }, SIMULATED_STATUS.registered),
    progressMove('sent', 'sync'),
  ];
  return {
    purch: [
      ...synced,
      statusMove(SIMULATED_STATUS.registered, SIMULATED_STATUS.receiving),
      statusMove(SIMULATED_STATUS.receiving, SIMULATED_STATUS.received),
    ],
    sales: [
      ...synced,
      statusMove(SIMULATED_STATUS.registered, SIMULATED_STATUS.picking),
      statusMove(SIMULATED_STATUS.picking, SIMULATED_STATUS.shipped),
      statusMove(SIMULATED_STATUS.shipped, SIMULATED_STATUS.delivered),
    ],
  };
})();

/** Applies the simulator's due reports until none is left; returns how many were applied. */
export async function drainReports(db: Db): Promise<number> {
  let total = 0;
  let count = await applyDueSimulatedEvents(db);
  while (count > 0) {
    total += count;
    count = await applyDueSimulatedEvents(db);
  }
  return total;
}

/** Posts a body to /api/wms/events as the warehouse would, signed with the secret. */
export async function postWmsEvent(app: BuiltApp, secret: string, body: unknown) {
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/wms/events',
    payload: raw,
    headers: {
      'content-type': 'application/json',
      [wms.WMS_TIMESTAMP_HEADER]: timestamp,
      [wms.WMS_SIGNATURE_HEADER]: signWms(secret, timestamp, raw),
    },
  });
  return { status: response.statusCode, body: response.json() };
}
