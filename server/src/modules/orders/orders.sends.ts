import { orders } from '@extranet/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { jobs } from '../../db/schema';
import { cancel, defineQueue, enqueue } from '../../jobs/outbox';

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

const live = and(isNull(jobs.doneAt), isNull(jobs.cancelledAt));

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
 * The live send of an order, locked for the caller's transaction: a worker claiming it at the same
 * moment either has committed its claim (we see attempts > 0) or waits for us.
 */
async function lockLiveSend(tx: Executor, kind: OrderKind, headId: number) {
  const [row] = await tx
    .select({ id: jobs.id, attempts: jobs.attempts, lockedUntil: jobs.lockedUntil })
    .from(jobs)
    .where(and(eq(jobs.kind, SEND_JOB), eq(jobs.key, sendKey(kind, headId)), live))
    .for('update');
  return row;
}

/**
 * set_draft's half of the race with a worker: cancels the order's send if no worker has taken it
 * yet and answers true; answers false when a worker has (the warehouse may have the order).
 */
export async function cancelUnclaimedSend(tx: Executor, kind: OrderKind, headId: number): Promise<boolean> {
  const job = await lockLiveSend(tx, kind, headId);
  if (!job) return true;
  if (job.attempts > 0) return false;
  await cancel(tx, job.id, 'cancelled: order set back to draft');
  return true;
}

/** Has a worker taken the order's send (can_unready is false from then on)? */
export async function isSendClaimed(db: Executor, kind: OrderKind, headId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, SEND_JOB), eq(jobs.key, sendKey(kind, headId)), live, sql`${jobs.attempts} > 0`))
    .limit(1);
  return row !== undefined;
}

/** Ends an order's live send that has not been taken (the warehouse answered by itself). */
export async function finishUnclaimedSend(tx: Executor, kind: OrderKind, headId: number, note: string) {
  await tx
    .update(jobs)
    .set({ doneAt: sql`now()`, lastError: note })
    .where(and(eq(jobs.kind, SEND_JOB), eq(jobs.key, sendKey(kind, headId)), live, eq(jobs.attempts, 0)));
}
