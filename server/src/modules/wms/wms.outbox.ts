import { z } from 'zod';
import type { Executor } from '../../db/client';
import { defineQueue, enqueue, knownKeys } from '../../jobs/outbox';

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
  // Reports about one order are applied in their order, one at a time.
  chained: true,
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
  const known = await knownKeys(
    db,
    simulatedEventQueue,
    events.map((event) => event.eventId),
  );
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
