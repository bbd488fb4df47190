import { orders } from '@extranet/contract';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { cancel, defineQueue, enqueue, findLiveJob, finishUnclaimed } from '../../jobs/outbox';

type OrderKind = orders.OrderKind;

/*
 * The queue of ready orders waiting to go to the warehouse system: orders put an order on it when
 * it becomes ready and take it off while no worker has claimed it (Undo ready); the warehouse link
 * (modules/wms) works it off.
 */

/** Sends of ready orders to the warehouse system; one live job per order (its key). */
export const SEND_JOB = 'wms-send';
export const SendPayload = z.object({ kind: z.enum(orders.ORDER_KINDS), headId: z.int().positive() });
export type SendPayload = z.infer<typeof SendPayload>;

/** A send is idempotent (its idempotency key), so a send whose instance died is sent again. */
export const sendQueue = defineQueue({ kind: SEND_JOB, payload: SendPayload, rerunAfterCrash: true });

export const sendKey = (kind: OrderKind, headId: number) => `${kind}:${headId}`;

/**
 * Queues a send of each order, inside the caller's transaction (the one that makes the orders
 * ready), so an order is ready exactly when its send is queued. The send is due after `delayMs`
 * (WMS_SEND_DELAY_MS): the time a person has to undo Ready before the warehouse link takes the
 * order. An order that still has a live send keeps it.
 */
export async function enqueueSends(
  tx: Executor,
  kind: OrderKind,
  headIds: readonly number[],
  delayMs = 0,
): Promise<void> {
  await enqueue(
    tx,
    sendQueue,
    headIds.map((headId) => ({ key: sendKey(kind, headId), payload: { kind, headId }, delayMs })),
  );
}

/**
 * set_draft's half of the race with a worker: cancels the order's send if no worker has taken it
 * yet and answers true; answers false when a worker has (the warehouse may have the order). The
 * send is locked first: a worker claiming it at the same moment has committed its claim or waits.
 */
export async function cancelUnclaimedSend(tx: Executor, kind: OrderKind, headId: number): Promise<boolean> {
  const job = await findLiveJob(tx, sendQueue, sendKey(kind, headId), { forUpdate: true });
  if (!job) return true;
  if (job.attempts > 0) return false;
  await cancel(tx, job.id, 'cancelled: order set back to draft');
  return true;
}

/** Has a worker taken the order's send (can_unready is false from then on)? */
export async function isSendClaimed(db: Executor, kind: OrderKind, headId: number): Promise<boolean> {
  const job = await findLiveJob(db, sendQueue, sendKey(kind, headId));
  return job !== undefined && job.attempts > 0;
}

/** Ends an order's live send that has not been taken (the warehouse answered by itself). */
export async function finishUnclaimedSend(tx: Executor, kind: OrderKind, headId: number, note: string) {
  await finishUnclaimed(tx, sendQueue, sendKey(kind, headId), note);
}
