import { decode, wms } from '@extranet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { cancel, finish, relock, retryLater, runQueue } from '../../jobs/outbox';
import { applyWmsEvent, type EventContext } from './wms.events';
import { errorText } from './wms.inbound';
import { simulatedEventQueue } from './wms.outbox';
import { WmsRefusal } from './wms.refusal';

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
