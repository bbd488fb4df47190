import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { WarehouseSendOutcome } from '../../http/metrics';
import { finish, type Job, relock, retryLater, runQueue } from '../../jobs/outbox';
import { type SendPayload, sendQueue } from '../orders/orders.sends';
import type { SendOutcome, WmsConnector } from './wms.connector';
import { failureOf } from './wms.failure';
import { errorText } from './wms.inbound';
import { changeStatus, moveOrder } from './wms.moves';
import { findLiveOrder, loadOrderMessage, updateWarehouseCode } from './wms.repository';

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
