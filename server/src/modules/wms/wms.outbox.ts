import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { jobs } from '../../db/schema';
import { defineQueue, enqueue } from '../../jobs/outbox';

/** The simulator's later reports about an order it took, applied when due. */
export const SIMULATED_EVENT_JOB = 'wms-sim-event';

export const SimulatedEventPayload = z.object({
  event: z.unknown(),
  /** The report before it about the same order: applied first, whatever the due times. */
  after: z.string().nullable(),
});
export type SimulatedEventPayload = z.infer<typeof SimulatedEventPayload>;

export const simulatedEventQueue = defineQueue({
  kind: SIMULATED_EVENT_JOB,
  payload: SimulatedEventPayload,
  rerunAfterCrash: true,
});

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
  await enqueue(
    db,
    simulatedEventQueue,
    events
      .map((event, i) => ({
        key: event.eventId,
        payload: { event: event.wire, after: events[i - 1]?.eventId ?? null },
        delayMs: event.delayMs,
      }))
      .filter((item) => !known.has(item.key)),
  );
}
