import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client';
import type { WarehouseSendOutcome } from '../../http/metrics';
import { finish, type Job, type Queue, relock, retryLater, runQueue } from '../../jobs/outbox';
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

/**
 * One round of a worker that talks to the warehouse: claims the due jobs of `queue` (FOR UPDATE
 * SKIP LOCKED, so instances share the work and never take the same job) and works them side by
 * side. A job whose instance died mid-call is claimed again when its lock runs out. Returns how
 * many jobs were claimed.
 */
export function runWarehouseQueue<P>(
  db: Db,
  queue: Queue<P>,
  options: SendWorkerOptions,
  work: (job: Job<P>) => Promise<void>,
): Promise<number> {
  return runQueue(
    db,
    queue,
    { limit: options.batch ?? SEND_BATCH, lockMs: options.lockMs, log: options.log },
    work,
  );
}

/** What the warehouse answered a call, or a retry when the call threw (unreachable, timed out). */
export async function askWarehouse(call: () => Promise<SendOutcome>): Promise<SendOutcome> {
  try {
    return await call();
  } catch (error) {
    return { result: 'retry', error: errorText(error) };
  }
}

/** Puts a job back for another call after the backoff of its attempts so far. */
export function retryWarehouseLater(
  tx: Executor,
  job: Job<unknown>,
  error: string,
  options: SendWorkerOptions,
): Promise<void> {
  return retryLater(tx, job, { error, baseMs: options.retryBaseMs, random: options.random });
}

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
    await retryWarehouseLater(tx, job, outcome.error, options);
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
  // Same key for every attempt of this job; a send after reset_failure is a new job, a new key.
  const outcome = await askWarehouse(() =>
    connector.send(order.message, { idempotencyKey: `${job.key}:${job.id}` }),
  );
  if (outcome.result === 'retry') {
    options.log?.warn({ job: job.id, attempts: job.attempts, error: outcome.error }, 'warehouse send failed');
  }
  await recordOutcome(db, job, outcome, options);
}

/** One round of the send worker: sends the due orders and records each outcome. */
export async function processSendJobs(db: Db, connector: WmsConnector, options: SendWorkerOptions) {
  return runWarehouseQueue(db, sendQueue, options, (job) => processSendJob(db, connector, job, options));
}
