import type { Executor } from '../db/client';
import { slots } from '../db/schema';

const HOUR_MS = 3_600_000;

/** A slot at a location, by default an hour long, starting a day from now, one dock. */
export async function createSlot(
  db: Executor,
  overrides: Partial<typeof slots.$inferInsert> & { locationId: number },
) {
  const startsAt =
    overrides.startsAt ?? new Date(Date.now() + 24 * HOUR_MS + Math.floor(Math.random() * 1e6) * 60_000);
  const [row] = await db
    .insert(slots)
    .values({ startsAt, endsAt: new Date(startsAt.getTime() + HOUR_MS), capacity: 1, ...overrides })
    .returning();
  return row!;
}
