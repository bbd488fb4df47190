import type { wms } from '@extranet/contract';
import type { Db } from '../../db/client';
import { finish, type Job, relock } from '../../jobs/outbox';
import { type BookingUpdatePayload, bookingUpdateQueue } from '../slots/slots.sends';
import type { SendOutcome, WmsConnector } from './wms.connector';
import { findLiveOrder, findOrderBooking } from './wms.repository';
import { askWarehouse, retryWarehouseLater, runWarehouseQueue, type SendWorkerOptions } from './wms.sends';

async function processBookingUpdate(
  db: Db,
  connector: WmsConnector,
  job: Job<BookingUpdatePayload>,
  options: SendWorkerOptions,
) {
  const { kind, headId } = job.payload;
  const head = await findLiveOrder(db, kind, headId);
  let outcome: SendOutcome;
  if (!head) {
    outcome = { result: 'refused', failure: { reason: 'order gone', cause: null } };
  } else {
    // The booking as it is now: a later change is sent by its own job, saying the same or newer.
    const update: wms.WmsBookingUpdate = {
      update: 'booking',
      kind,
      head_id: headId,
      external_code: head.externalCode,
      booking: await findOrderBooking(db, kind, headId),
    };
    outcome = await askWarehouse(() =>
      connector.sendBooking(update, { idempotencyKey: `booking:${job.key}` }),
    );
  }
  await db.transaction(async (tx) => {
    if (!(await relock(tx, job))) return;
    if (outcome.result === 'accepted') await finish(tx, job.id);
    else if (outcome.result === 'refused') await finish(tx, job.id, `refused: ${outcome.failure.reason}`);
    else if (job.attempts >= options.maxAttempts) await finish(tx, job.id, `gave up: ${outcome.error}`);
    else await retryWarehouseLater(tx, job, outcome.error, options);
  });
}

/**
 * One round of the booking-update worker: claims due updates (FOR UPDATE SKIP LOCKED, as sends)
 * and tells the warehouse each order's booking as it is now. Returns how many were claimed.
 */
export async function processBookingUpdates(db: Db, connector: WmsConnector, options: SendWorkerOptions) {
  return runWarehouseQueue(db, bookingUpdateQueue, options, (job) =>
    processBookingUpdate(db, connector, job, options),
  );
}
