// Unloading and loading slots.
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { locations } from './reference';
import { users } from './users';

/** A location's weekly slot schedule (role 99 or the warehouse's master data). */
export const slotSchedules = pgTable('slot_schedules', {
  locationId: integer()
    .primaryKey()
    .references(() => locations.id),
  /** ISO weekdays, 1 Monday to 7 Sunday. */
  weekdays: integer().array().notNull(),
  /** "HH:MM" in SLOT_TIME_ZONE. */
  fromTime: text().notNull(),
  toTime: text().notNull(),
  minutes: integer().notNull(),
  capacity: integer().notNull(),
  modificationDate: createdAt(),
});

/** One time window at a location; made from the schedule when first listed. */
export const slots = pgTable(
  'slots',
  {
    id: serial().primaryKey(),
    locationId: integer()
      .notNull()
      .references(() => locations.id),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    capacity: integer().notNull(),
    /** Bookings held, counted in the transaction that books (the slot row locked). */
    booked: integer().notNull().default(0),
  },
  (t) => [uniqueIndex().on(t.locationId, t.startsAt)],
);

/** Days or hours a location takes no trucks (holidays, inventory). */
export const slotClosures = pgTable(
  'slot_closures',
  {
    id: serial().primaryKey(),
    locationId: integer()
      .notNull()
      .references(() => locations.id),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    reason: text().notNull(),
    creationDate: createdAt(),
  },
  (t) => [index().on(t.locationId, t.startsAt)],
);

/** An order's truck booked into a slot: one booking per order. */
export const slotBookings = pgTable(
  'slot_bookings',
  {
    id: serial().primaryKey(),
    kind: text({ enum: ['purch', 'sales'] }).notNull(),
    headId: integer().notNull(),
    slotId: integer()
      .notNull()
      .references(() => slots.id),
    /** Why the warehouse moved it, for the client to see; null when the client booked. */
    reason: text(),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    modificationDate: createdAt(),
  },
  (t) => [uniqueIndex().on(t.kind, t.headId), index().on(t.slotId)],
);
