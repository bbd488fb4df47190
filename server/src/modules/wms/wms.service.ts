import { type catalogs, decode, type orders, wms } from '@extranet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client';
import { wmsEvents } from '../../db/schema';
import type { Deps } from '../../http/calls';
import { inspectJson, JSON_PROBLEM_REASONS } from '../../http/json-guard';
import type { WarehouseSendOutcome } from '../../http/metrics';
import { cancel, finish, type Job, relock, retryLater, runQueue } from '../../jobs/outbox';
import { applyMasterData } from '../catalogs/catalogs.master';
import { addOrderSystemComment } from '../discussions/order-discussions';
import { emitOrderEvent } from '../orders/orders.events';
import type { OrderHeadRecord } from '../orders/orders.repository';
import { finishUnclaimedSend, type SendPayload, sendQueue } from '../orders/orders.sends';
import { applyWarehouseBooking, replaceSchedule } from '../slots/slots.service';
import type { SendOutcome, WmsConnector } from './wms.connector';
import { failureOf, type OrderFailure, warehouseFailure } from './wms.failure';
import { simulatedEventQueue } from './wms.outbox';
import { WmsRefusal } from './wms.refusal';
import {
  addStock,
  consigneeExists,
  findLinesBySku,
  findLiveOrder,
  findLocationIds,
  findSkuIds,
  findUomIds,
  loadOrderMessage,
  replaceStock,
  type StockRowValues,
  takeStock,
  updateDoneQuantities,
  updateProgress,
  updateReceipt,
  updateShipment,
  updateStatus,
  updateWarehouseCode,
} from './wms.repository';
import { checkSignature } from './wms.signature';
import { emitStockChanged } from './wms.stock-events';

type OrderKind = orders.OrderKind;
type Progress = orders.OrderProgress;

// ---------------------------------------------------------------- order changes

/** Every move writes its system comment (and notifications) in the caller's transaction. */
async function moveOrder(
  tx: Executor,
  kind: OrderKind,
  headId: number,
  from: Progress,
  to: Progress,
  failure: OrderFailure | null = null,
): Promise<void> {
  await updateProgress(tx, kind, headId, to, to === 'failure' ? failure : null);
  await addOrderSystemComment(tx, {
    kind,
    headId,
    dict: { code: 'order_progress_changed', old: from, new: to },
    by: 'warehouse',
  });
  await emitOrderEvent(tx, kind, headId, { type: 'order.progress_changed', change: { old: from, new: to } });
}

async function changeStatus(
  tx: Executor,
  kind: OrderKind,
  head: Pick<OrderHeadRecord, 'id' | 'statusCode' | 'statusDesc'>,
  status: wms.WmsStatus,
): Promise<void> {
  if (head.statusCode === status.code && head.statusDesc === status.desc) return;
  await updateStatus(tx, kind, head.id, status);
  const change = {
    old: { code: head.statusCode, desc: head.statusDesc },
    new: { code: status.code, desc: status.desc },
  };
  await addOrderSystemComment(tx, {
    kind,
    headId: head.id,
    dict: { code: 'order_status_changed', ...change },
    by: 'warehouse',
  });
  await emitOrderEvent(tx, kind, head.id, { type: 'order.status_changed', change });
}

// ---------------------------------------------------------------- sending

export interface SendWorkerOptions {
  maxAttempts: number;
  retryBaseMs: number;
  /** How long a claim keeps other instances off a job: longer than any send can take. */
  lockMs: number;
  batch?: number;
  log?: FastifyBaseLogger;
  random?: () => number;
  /** Told each recorded outcome (the metrics' counter). */
  countOutcome?: (outcome: WarehouseSendOutcome) => void;
}

const SEND_BATCH = 20;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Records a send's outcome, if the claim is still this worker's and the order still ready. */
async function recordOutcome(
  db: Db,
  job: Job<SendPayload>,
  outcome: SendOutcome,
  options: SendWorkerOptions,
): Promise<void> {
  const { kind, headId } = job.payload;
  const recorded = await db.transaction(async (tx): Promise<WarehouseSendOutcome | undefined> => {
    // The order first, then the job: the order in set_draft and warehouse events likewise.
    const head = await findLiveOrder(tx, kind, headId, { forUpdate: true });
    if (!(await relock(tx, job))) return undefined;
    if (head?.progress !== 'ready') {
      await finish(tx, job.id, `order ${head ? head.progress : 'gone'}: ${outcome.result} not applied`);
      return 'not_ready';
    }
    if (outcome.result === 'accepted') {
      await moveOrder(tx, kind, headId, 'ready', 'sent');
      if (outcome.warehouseCode) await updateWarehouseCode(tx, kind, headId, outcome.warehouseCode);
      if (outcome.status) await changeStatus(tx, kind, head, outcome.status);
      await finish(tx, job.id);
      return 'sent';
    }
    if (outcome.result === 'refused') {
      await moveOrder(tx, kind, headId, 'ready', 'failure', outcome.failure);
      await finish(tx, job.id, outcome.failure.reason);
      return 'refused';
    }
    if (job.attempts >= options.maxAttempts) {
      const failure = failureOf('warehouse_unreachable', { count: job.attempts, error: outcome.error });
      await moveOrder(tx, kind, headId, 'ready', 'failure', failure);
      await finish(tx, job.id, outcome.error);
      return 'gave_up';
    }
    await retryLater(tx, job, {
      error: outcome.error,
      baseMs: options.retryBaseMs,
      random: options.random,
    });
    return 'retry';
  });
  if (recorded) options.countOutcome?.(recorded);
}

async function processSendJob(
  db: Db,
  connector: WmsConnector,
  job: Job<SendPayload>,
  options: SendWorkerOptions,
) {
  const { kind, headId } = job.payload;
  const order = await loadOrderMessage(db, kind, headId);
  if (order?.progress !== 'ready') {
    const finished = await db.transaction(async (tx) => {
      if (!(await relock(tx, job))) return false;
      await finish(tx, job.id, `order ${order ? order.progress : 'gone'}: not sent`);
      return true;
    });
    if (finished) options.countOutcome?.('not_ready');
    return;
  }
  let outcome: SendOutcome;
  try {
    // Same key for every attempt of this job; a send after reset_failure is a new job, a new key.
    outcome = await connector.send(order.message, { idempotencyKey: `${job.key}:${job.id}` });
  } catch (error) {
    outcome = { result: 'retry', error: errorText(error) };
  }
  if (outcome.result === 'retry') {
    options.log?.warn({ job: job.id, attempts: job.attempts, error: outcome.error }, 'warehouse send failed');
  }
  await recordOutcome(db, job, outcome, options);
}

/**
 * One round of the send worker: claims due sends (FOR UPDATE SKIP LOCKED, so instances share the
 * work and never take the same job), sends them side by side and records each outcome. A job
 * whose instance died mid-send is claimed again when its lock runs out and sent again with the
 * same idempotency key. Returns how many jobs were claimed.
 */
export async function processSendJobs(db: Db, connector: WmsConnector, options: SendWorkerOptions) {
  return runQueue(
    db,
    sendQueue,
    { limit: options.batch ?? SEND_BATCH, lockMs: options.lockMs, log: options.log },
    (job) => processSendJob(db, connector, job, options),
  );
}

// ---------------------------------------------------------------- inbound events

/** What applying an event needs to know of the installation: the zone slots are read in. */
interface EventContext {
  slotTimeZone: string;
}

async function applyOrderPart(
  tx: Executor,
  context: EventContext,
  event: wms.WmsEvent,
  ref: wms.WmsOrderRef,
) {
  const { kind, head_id: headId } = ref;
  const head = await findLiveOrder(tx, kind, headId, { forUpdate: true });
  if (!head) throw new WmsRefusal('wms_order_unknown', { order: ref });
  let progress = head.progress as Progress;
  const refuse = () => {
    throw new WmsRefusal('wms_order_state', { order: ref, progress });
  };

  if (event.progress === 'sent') {
    if (progress === 'ready' || progress === 'failure') {
      await moveOrder(tx, kind, headId, progress, 'sent');
      await finishUnclaimedSend(tx, kind, headId, 'taken: reported by the warehouse');
      progress = 'sent';
    } else if (progress !== 'sent' && progress !== 'sync') refuse();
  } else if (event.progress === 'failure') {
    const reported = event.reason ? warehouseFailure(event.reason) : null;
    if (progress === 'ready' || progress === 'sent') {
      await moveOrder(tx, kind, headId, progress, 'failure', reported);
      await finishUnclaimedSend(tx, kind, headId, 'refused: reported by the warehouse');
      progress = 'failure';
    } else if (progress === 'failure') {
      await updateProgress(tx, kind, headId, 'failure', reported);
    } else refuse();
  }

  // Work reported on an order the warehouse took: from then on it is in sync with the warehouse.
  const reportsWork =
    event.lines !== undefined ||
    event.shipment !== undefined ||
    event.receipt !== undefined ||
    (event.status !== undefined && progress !== 'failure');
  if (reportsWork) {
    if (progress === 'sent') {
      await moveOrder(tx, kind, headId, 'sent', 'sync');
      progress = 'sync';
    } else if (progress !== 'sync') refuse();
  }
  if (event.warehouse_code) await updateWarehouseCode(tx, kind, headId, event.warehouse_code);
  if (event.status) await changeStatus(tx, kind, head, event.status);

  if (event.lines) {
    const lineIds = await findLinesBySku(tx, kind, headId);
    const unknown = event.lines.filter((line) => !lineIds.has(line.sku)).map((line) => line.sku);
    if (unknown.length) throw new WmsRefusal('wms_sku_unknown', { order: ref, skus: unknown });
    await updateDoneQuantities(
      tx,
      kind,
      headId,
      event.lines.map((line) => ({ lineId: lineIds.get(line.sku)!, qty: line.qty })),
    );
    await emitOrderEvent(tx, kind, headId, {
      type: 'order.quantities_reported',
      skus: event.lines.map((line) => line.sku),
    });
  }
  if (event.booking !== undefined) {
    const booked = await applyWarehouseBooking(tx, {
      timeZone: context.slotTimeZone,
      kind,
      head,
      slotId: event.booking?.slot_id ?? null,
      reason: event.reason ?? '',
    });
    if (booked === 'slot_unknown') {
      throw new WmsRefusal('wms_slot_unknown', { order: ref, slot_id: event.booking?.slot_id });
    }
  }
  if (event.shipment) await updateShipment(tx, headId, event.shipment);
  if (event.receipt) await updateReceipt(tx, headId, event.receipt);
  const status = event.status ?? (head.statusCode ? { code: head.statusCode, desc: head.statusDesc } : null);
  return { head, result: { kind, head_id: headId, progress, status } };
}

async function applyStockPart(
  tx: Executor,
  stock: NonNullable<wms.WmsEvent['stock']>,
  order: OrderHeadRecord | undefined,
) {
  const consigneeId = stock.consignee_id ?? order?.consigneeId;
  if (consigneeId === undefined) throw new WmsRefusal('wms_consignee_unknown', { consignee_id: null });
  if (order ? order.consigneeId !== consigneeId : !(await consigneeExists(tx, consigneeId))) {
    throw new WmsRefusal('wms_consignee_unknown', { consignee_id: consigneeId });
  }
  const movements = stock.movements ?? [];
  const snapshot = stock.snapshot ?? [];
  const all = [...movements, ...snapshot];

  const skuIds = await findSkuIds(
    tx,
    consigneeId,
    all.map((row) => row.sku),
  );
  const unknownSkus = [...new Set(all.map((row) => row.sku).filter((code) => !skuIds.has(code)))];
  if (unknownSkus.length)
    throw new WmsRefusal('wms_sku_unknown', { consignee_id: consigneeId, skus: unknownSkus });
  const labels = all.flatMap((row) => (row.location ? [row.location] : []));
  const locationIds = await findLocationIds(tx, labels);
  const unknownLocations = [...new Set(labels.filter((label) => !locationIds.has(label)))];
  if (unknownLocations.length) throw new WmsRefusal('wms_location_unknown', { locations: unknownLocations });
  const uomIds = await findUomIds(
    tx,
    all.map((row) => row.uom),
  );
  const unknownUoms = [...new Set(all.map((row) => row.uom).filter((name) => !uomIds.has(name)))];
  if (unknownUoms.length) throw new WmsRefusal('wms_uom_unknown', { uoms: unknownUoms });

  if (snapshot.length) {
    const rows: StockRowValues[] = snapshot.map((row) => ({
      consigneeId,
      skuId: skuIds.get(row.sku)!,
      uomId: uomIds.get(row.uom)!,
      locationId: locationIds.get(row.location)!,
      qty: row.qty,
      batch: row.batch ?? null,
      expiryDate: row.expiry_date ?? null,
      mfgDate: row.mfg_date ?? null,
      statusCode: row.status?.code ?? null,
      statusDesc: row.status?.desc ?? null,
      sscc: row.sscc ?? null,
      size: row.size ?? null,
    }));
    await replaceStock(
      tx,
      consigneeId,
      rows.map((row) => row.skuId),
      rows,
    );
  }

  const shortages: { sku: string; qty: string }[] = [];
  for (const movement of movements) {
    const negative = movement.qty.startsWith('-');
    const qty = negative ? movement.qty.slice(1) : movement.qty;
    if (Number(qty) === 0) continue;
    const target = {
      consigneeId,
      skuId: skuIds.get(movement.sku)!,
      uomId: uomIds.get(movement.uom)!,
      locationId: movement.location ? locationIds.get(movement.location)! : null,
      batch: movement.batch ?? null,
      expiryDate: movement.expiry_date ?? null,
      status: movement.status ?? null,
    };
    if (negative) {
      const short = await takeStock(tx, target, qty);
      if (Number(short) > 0) shortages.push({ sku: movement.sku, qty: short });
      continue;
    }
    const locationId = target.locationId ?? order?.locationId ?? null;
    if (locationId === null) {
      throw new WmsRefusal('wms_location_unknown', { sku: movement.sku, location: null });
    }
    await addStock(tx, { ...target, locationId }, qty);
  }
  await emitStockChanged(tx, consigneeId, [...skuIds.values()]);
  return shortages;
}

/**
 * Applies one warehouse event inside the caller's transaction, exactly once: its id is
 * remembered in the same transaction, so a replay is refused (wms_event_duplicate), and any
 * refusal rolls back everything, the id included.
 */
export async function applyWmsEvent(
  tx: Executor,
  event: wms.WmsEvent,
  context: EventContext,
): Promise<wms.WmsEventResponse> {
  const fresh = await tx
    .insert(wmsEvents)
    .values({ id: event.event_id })
    .onConflictDoNothing()
    .returning({ id: wmsEvents.id });
  if (fresh.length === 0) throw new WmsRefusal('wms_event_duplicate', { event_id: event.event_id });

  const master = event.master ? await applyMasterPart(tx, event.master) : undefined;
  const order = event.order ? await applyOrderPart(tx, context, event, event.order) : undefined;
  const shortages = event.stock ? await applyStockPart(tx, event.stock, order?.head) : [];
  return {
    event_id: event.event_id,
    applied: true,
    ...(order ? { order: order.result } : {}),
    ...(shortages.length ? { shortages } : {}),
    ...(master ? { master } : {}),
  };
}

/** Master data applies as a whole or not at all: any refused record refuses the event. */
async function applyMasterPart(tx: Executor, master: NonNullable<wms.WmsEvent['master']>) {
  const { slot_schedules: schedules = [], ...catalogRecords } = master;
  const outcomes: Array<
    Pick<catalogs.MasterOutcome, 'index' | 'key' | 'outcome' | 'problems'> & { catalog: string }
  > = await applyMasterData(tx, catalogRecords);
  const locationIds = await findLocationIds(
    tx,
    schedules.map((schedule) => schedule.location),
  );
  for (const [index, schedule] of schedules.entries()) {
    const locationId = locationIds.get(schedule.location);
    const record = { catalog: 'slot_schedules', index, key: schedule.location };
    if (locationId === undefined) {
      outcomes.push({
        ...record,
        outcome: 'refused',
        problems: [{ field: 'location', problem: 'location_unknown', value: schedule.location }],
      });
      continue;
    }
    const outcome = await replaceSchedule(tx, { locationId, ...schedule });
    outcomes.push({ ...record, outcome, problems: [] });
  }
  const refused = outcomes.filter((item) => item.outcome === 'refused');
  if (refused.length) {
    throw new WmsRefusal('wms_master_refused', {
      refused: refused.length,
      records: refused.slice(0, 50).map((item) => ({
        record: `${item.catalog}[${item.index}]`,
        key: item.key,
        problems: item.problems,
      })),
    });
  }
  const count = (outcome: catalogs.MasterOutcome['outcome']) =>
    outcomes.filter((item) => item.outcome === outcome).length;
  return { added: count('added'), changed: count('changed'), unchanged: count('unchanged') };
}

/** POST /api/wms/events: the signature first, then the body, then the event in one transaction. */
export async function receiveWmsEvent(
  deps: Deps,
  request: { timestamp?: string | string[]; signature?: string | string[]; body: Buffer },
): Promise<wms.WmsEventResponse> {
  const secret = deps.config.WMS_SECRET;
  if (!secret) throw new WmsRefusal('wms_not_configured');
  const check = checkSignature({ secret, ...request });
  if (check !== 'ok') throw new WmsRefusal(check);
  let event: wms.WmsEvent;
  try {
    const body: unknown = JSON.parse(request.body.toString('utf8'));
    const problem = inspectJson(body);
    if (problem) throw new WmsRefusal('malformed_api_request', JSON_PROBLEM_REASONS[problem]);
    event = decode(wms.WmsEvent, body);
  } catch (error) {
    if (error instanceof WmsRefusal) throw error;
    const issues = (error as { issues?: { path: PropertyKey[]; message: string }[] }).issues;
    throw new WmsRefusal(
      'malformed_api_request',
      issues
        ? issues
            .slice(0, 10)
            .map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }))
        : 'body is not JSON',
    );
  }
  return deps.db.transaction((tx) => applyWmsEvent(tx, event, { slotTimeZone: deps.config.SLOT_TIME_ZONE }));
}

// ---------------------------------------------------------------- the simulator's reports

const SIMULATED_BATCH = 20;
/** A report that came too early (its order not marked sent yet) waits this long, this many times. */
const EARLY_RETRY_MS = 1_000;
const EARLY_RETRIES = 60;
/** Far longer than applying one report takes, so a live one is never claimed twice. */
const SIMULATED_LOCK_MS = 60_000;

/**
 * Applies the simulator's due reports, one at a time: each claimed job is applied and finished in
 * one transaction (if the claim is still this worker's), so it is applied exactly once whichever
 * instance gets it. A report about an order is claimed only once the one before it has ended.
 */
export async function applyDueSimulatedEvents(
  db: Db,
  log?: FastifyBaseLogger,
  context: EventContext = { slotTimeZone: 'UTC' },
): Promise<number> {
  return runQueue(
    db,
    simulatedEventQueue,
    { limit: SIMULATED_BATCH, lockMs: SIMULATED_LOCK_MS, oneAtATime: true, log },
    (job) =>
      db.transaction(async (tx) => {
        if (!(await relock(tx, job))) return;
        try {
          await tx.transaction((savepoint) =>
            applyWmsEvent(savepoint, decode(wms.WmsEvent, job.payload.event), context),
          );
          await finish(tx, job.id);
        } catch (error) {
          if (error instanceof WmsRefusal && error.code === 'wms_event_duplicate') {
            await finish(tx, job.id, 'applied before');
            return;
          }
          // Too early (the order is not marked sent yet) or a passing error such as a deadlock,
          // already rolled back to the savepoint: again a little later. Any other refusal is final.
          const passing = !(error instanceof WmsRefusal) || error.code === 'wms_order_state';
          const message =
            error instanceof WmsRefusal ? `${error.code} ${JSON.stringify(error.details)}` : errorText(error);
          if (passing && job.attempts <= EARLY_RETRIES) {
            await retryLater(tx, job, { error: message, delayMs: EARLY_RETRY_MS });
          } else {
            log?.warn({ err: error, job: job.id }, 'simulated warehouse event not applied');
            await cancel(tx, job.id, message);
          }
        }
      }),
  );
}
