import type { orders } from '@extranet/contract';
import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { slotBookings, slotClosures, slotSchedules, slots } from '../../db/schema';

type OrderKind = orders.OrderKind;

export type ScheduleRecord = typeof slotSchedules.$inferSelect;
export type SlotRecord = typeof slots.$inferSelect;

export async function findSchedule(db: Executor, locationId: number) {
  const [row] = await db.select().from(slotSchedules).where(eq(slotSchedules.locationId, locationId));
  return row;
}

/** Replaces a location's schedule; answers whether it was added, changed or found as it is. */
export async function upsertSchedule(
  db: Executor,
  values: Omit<typeof slotSchedules.$inferInsert, 'modificationDate'>,
): Promise<'added' | 'changed' | 'unchanged'> {
  const before = await findSchedule(db, values.locationId);
  const same =
    before &&
    before.fromTime === values.fromTime &&
    before.toTime === values.toTime &&
    before.minutes === values.minutes &&
    before.capacity === values.capacity &&
    before.weekdays.join(',') === values.weekdays.join(',');
  if (same) return 'unchanged';
  await db
    .insert(slotSchedules)
    .values(values)
    .onConflictDoUpdate({
      target: slotSchedules.locationId,
      set: { ...values, modificationDate: sql`now()` },
    });
  return before ? 'changed' : 'added';
}

/** Drops a location's slots to come that nobody booked: the schedule makes them anew. */
export async function deleteUnbookedFutureSlots(db: Executor, locationId: number) {
  await db
    .delete(slots)
    .where(
      and(
        eq(slots.locationId, locationId),
        gt(slots.startsAt, sql`now()`),
        eq(slots.booked, 0),
        sql`not exists (select 1 from ${slotBookings} where ${slotBookings.slotId} = ${slots.id})`,
      ),
    );
}

/** Adds slots the schedule makes; a slot already there (booked, maybe) stays as it is. */
export async function insertSlots(
  db: Executor,
  rows: readonly { locationId: number; startsAt: Date; endsAt: Date; capacity: number }[],
) {
  if (rows.length === 0) return;
  await db
    .insert(slots)
    .values([...rows])
    .onConflictDoNothing({ target: [slots.locationId, slots.startsAt] });
}

/** A location's slots starting in [from, to), earliest first, without those a closure covers. */
export async function listOpenSlots(db: Executor, options: { locationId: number; from: Date; to: Date }) {
  return db
    .select()
    .from(slots)
    .where(
      and(
        eq(slots.locationId, options.locationId),
        sql`${slots.startsAt} >= ${options.from.toISOString()}`,
        lt(slots.startsAt, sql`${options.to.toISOString()}`),
        sql`not exists (select 1 from ${slotClosures} c where c.location_id = ${slots.locationId}
          and c.starts_at < ${slots.endsAt} and c.ends_at > ${slots.startsAt})`,
      ),
    )
    .orderBy(asc(slots.startsAt));
}

/**
 * Slots locked for the caller's transaction, in id order (so two bookings moving between the same
 * two slots lock them alike and never wait on each other crosswise).
 */
export async function lockSlots(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(slots)
    .where(inArray(slots.id, [...ids]))
    .orderBy(asc(slots.id))
    .for('update');
}

export async function isClosed(db: Executor, slot: Pick<SlotRecord, 'locationId' | 'startsAt' | 'endsAt'>) {
  const [row] = await db
    .select({ id: slotClosures.id })
    .from(slotClosures)
    .where(
      and(
        eq(slotClosures.locationId, slot.locationId),
        lt(slotClosures.startsAt, slot.endsAt),
        gt(slotClosures.endsAt, slot.startsAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function addToBooked(db: Executor, slotId: number, delta: 1 | -1) {
  await db
    .update(slots)
    .set({ booked: sql`greatest(${slots.booked} + ${delta}, 0)` })
    .where(eq(slots.id, slotId));
}

export async function findBookingOfOrder(db: Executor, kind: OrderKind, headId: number) {
  const [row] = await db
    .select()
    .from(slotBookings)
    .where(and(eq(slotBookings.kind, kind), eq(slotBookings.headId, headId)));
  return row;
}

export async function findBooking(db: Executor, bookingId: number) {
  const [row] = await db.select().from(slotBookings).where(eq(slotBookings.id, bookingId));
  return row;
}

export async function insertBooking(db: Executor, values: typeof slotBookings.$inferInsert) {
  const [row] = await db.insert(slotBookings).values(values).returning();
  return row!;
}

export async function moveBooking(
  db: Executor,
  bookingId: number,
  values: { slotId: number; reason: string | null; authorId: number | null },
) {
  await db
    .update(slotBookings)
    .set({ ...values, modificationDate: sql`now()` })
    .where(eq(slotBookings.id, bookingId));
}

export async function deleteBooking(db: Executor, bookingId: number) {
  await db.delete(slotBookings).where(eq(slotBookings.id, bookingId));
}

export async function insertClosure(db: Executor, values: typeof slotClosures.$inferInsert) {
  const [row] = await db.insert(slotClosures).values(values).returning({ id: slotClosures.id });
  return row!.id;
}

/** Closures of a location that have not ended, earliest first. */
export async function listComingClosures(db: Executor, locationId: number) {
  return db
    .select()
    .from(slotClosures)
    .where(and(eq(slotClosures.locationId, locationId), gt(slotClosures.endsAt, sql`now()`)))
    .orderBy(asc(slotClosures.startsAt))
    .limit(200);
}
