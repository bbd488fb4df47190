import { type catalogs, decode, type orders, wms } from '@extranet/contract';
import type { Executor } from '../../db/client';
import type { Deps } from '../../http/calls';
import { inspectJson, JSON_PROBLEM_REASONS } from '../../http/json-guard';
import { applyMasterData } from '../catalogs/catalogs.master';
import { emitOrderEvent } from '../orders/orders.events';
import type { OrderHeadRecord } from '../orders/orders.repository';
import { finishUnclaimedSend } from '../orders/orders.sends';
import { applyWarehouseBooking, replaceSchedule } from '../slots/slots.service';
import { warehouseFailure } from './wms.failure';
import { malformedRefusal, rememberEvent, type SignedRequest, verifySignature } from './wms.inbound';
import { changeStatus, moveOrder } from './wms.moves';
import { WmsRefusal } from './wms.refusal';
import {
  addStock,
  consigneeExists,
  findLinesBySku,
  findLiveOrder,
  findLocationIds,
  findSkuIds,
  findUomIds,
  replaceStock,
  type StockRowValues,
  takeStock,
  updateDoneQuantities,
  updateProgress,
  updateReceipt,
  updateShipment,
  updateWarehouseCode,
} from './wms.repository';
import { emitStockChanged } from './wms.stock-events';

type Progress = orders.OrderProgress;

/** What applying an event needs to know of the installation: the zone slots are read in. */
export interface EventContext {
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
  await rememberEvent(tx, event.event_id);

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
export async function receiveWmsEvent(deps: Deps, request: SignedRequest): Promise<wms.WmsEventResponse> {
  verifySignature(deps, request);
  let event: wms.WmsEvent;
  try {
    const body: unknown = JSON.parse(request.body.toString('utf8'));
    const problem = inspectJson(body);
    if (problem) throw new WmsRefusal('malformed_api_request', JSON_PROBLEM_REASONS[problem]);
    event = decode(wms.WmsEvent, body);
  } catch (error) {
    throw malformedRefusal(error, 'body is not JSON');
  }
  return deps.db.transaction((tx) => applyWmsEvent(tx, event, { slotTimeZone: deps.config.SLOT_TIME_ZONE }));
}
