import type { orders } from '@extranet/contract';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { jobs } from '../../db/schema';

type OrderKind = orders.OrderKind;

/** Sends of ready orders to the warehouse system; one live job per order (its key). */
export const SEND_JOB = 'wms-send';
/** The simulator's later reports about an order it took, applied when due. */
export const SIMULATED_EVENT_JOB = 'wms-sim-event';

export interface SendPayload {
  kind: OrderKind;
  headId: number;
}

export type JobRecord = typeof jobs.$inferSelect;

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
  if (headIds.length === 0) return;
  const keys = headIds.map((id) => sendKey(kind, id));
  const existing = await tx
    .select({ key: jobs.key })
    .from(jobs)
    .where(and(eq(jobs.kind, SEND_JOB), inArray(jobs.key, keys), live));
  const taken = new Set(existing.map((row) => row.key));
  const values = headIds
    .filter((id) => !taken.has(sendKey(kind, id)))
    .map((headId) => ({
      kind: SEND_JOB,
      key: sendKey(kind, headId),
      payload: { kind, headId } satisfies SendPayload,
      runAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
    }));
  if (values.length) await tx.insert(jobs).values(values);
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
  await tx
    .update(jobs)
    .set({ cancelledAt: sql`now()`, lastError: 'cancelled: order set back to draft' })
    .where(eq(jobs.id, job.id));
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

/**
 * Claims up to `limit` due jobs of a kind for `lockMs`: each is locked and counted in a
 * transaction of its own, committed before any work, so every instance sees the claim at once.
 * A job whose lock ran out (its instance died mid-way) is due again.
 */
export async function claimJobs(
  db: Executor,
  kind: string,
  limit: number,
  lockMs: number,
): Promise<JobRecord[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, kind),
          live,
          lte(jobs.runAt, sql`now()`),
          or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return [];
    return tx
      .update(jobs)
      .set({
        lockedUntil: sql`now() + make_interval(secs => ${lockMs / 1000})`,
        attempts: sql`${jobs.attempts} + 1`,
      })
      .where(
        inArray(
          jobs.id,
          rows.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/**
 * Locks a claimed job again to record its outcome; undefined when it is no longer this claim's
 * (its lock ran out and another instance claimed it, so that one records the outcome).
 */
export async function relockClaim(tx: Executor, job: JobRecord): Promise<JobRecord | undefined> {
  const [row] = await tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts), live))
    .for('update');
  return row;
}

export async function finishJob(tx: Executor, jobId: number, note: string | null = null) {
  await tx
    .update(jobs)
    .set({ doneAt: sql`now()`, lockedUntil: null, lastError: note })
    .where(eq(jobs.id, jobId));
}

export async function cancelJob(tx: Executor, jobId: number, reason: string) {
  await tx
    .update(jobs)
    .set({ cancelledAt: sql`now()`, lockedUntil: null, lastError: reason.slice(0, 1000) })
    .where(eq(jobs.id, jobId));
}

/** Puts a job back for a later attempt. */
export async function retryJobLater(tx: Executor, jobId: number, delayMs: number, error: string) {
  await tx
    .update(jobs)
    .set({
      lockedUntil: null,
      lastError: error.slice(0, 1000),
      runAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
    })
    .where(eq(jobs.id, jobId));
}

/** Exponential backoff: base, 2 x base, 4 x base ... at most an hour, with up to 10 % jitter. */
export function backoffMs(attempts: number, baseMs: number, random: () => number = Math.random): number {
  const plain = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 3_600_000);
  return Math.round(plain * (1 + random() * 0.1));
}

export interface SimulatedEventPayload {
  event: unknown;
  /** The report before it about the same order: applied first, whatever the due times. */
  after: string | null;
}

/**
 * Schedules simulator reports, each after the one before it; an event already scheduled (a
 * repeated send) is not added again.
 */
export async function scheduleSimulatedEvents(
  db: Executor,
  events: readonly { eventId: string; wire: unknown; delayMs: number }[],
): Promise<void> {
  if (events.length === 0) return;
  const existing = await db
    .select({ key: jobs.key })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, SIMULATED_EVENT_JOB),
        inArray(
          jobs.key,
          events.map((event) => event.eventId),
        ),
      ),
    );
  const known = new Set(existing.map((row) => row.key));
  const values = events
    .map((event, i) => ({
      kind: SIMULATED_EVENT_JOB,
      key: event.eventId,
      payload: { event: event.wire, after: events[i - 1]?.eventId ?? null } satisfies SimulatedEventPayload,
      runAt: sql`now() + make_interval(secs => ${event.delayMs / 1000})`,
    }))
    .filter((value) => !known.has(value.key));
  if (values.length) await db.insert(jobs).values(values);
}
