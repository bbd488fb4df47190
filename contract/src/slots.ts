import { z } from 'zod';
import { defineCall } from './call';
import { TimeString, zDate, zDateTime } from './codec';
import { Id, Ok } from './list';
import { ORDER_KINDS } from './orders';

/**
 * Unloading and loading slots: time windows at a warehouse location, each with a capacity (docks).
 * Role 99 (or the warehouse's master data) sets a weekly schedule per location and closes days or
 * windows; a user who may order books an order's truck into a slot. Times are instants on the wire;
 * schedules and days are read in the server's SLOT_TIME_ZONE (config.json `slotTimeZone`).
 */

/** ISO weekdays: 1 Monday to 7 Sunday. */
export const Weekday = z.int().min(1).max(7);
/** A schedule makes at most this many slots a day. */
export const MAX_SLOTS_A_DAY = 96;
/** list_slots answers at most this many days at once. */
export const MAX_LIST_DAYS = 62;
export const MAX_CAPACITY = 1000;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The fields of a weekly schedule, the same for set_schedule and master data. */
export const scheduleShape = {
  weekdays: z.array(Weekday).min(1).max(7),
  /** "HH:MM", the first slot's start. */
  from: TimeString,
  /** "HH:MM", the last slot ends at or before it. */
  to: TimeString,
  /** Length of each slot. */
  minutes: z
    .int()
    .min(5)
    .max(24 * 60),
  capacity: z.int().min(1).max(MAX_CAPACITY),
};

/** A schedule must make at least one slot, and not too many. */
export function scheduleProblem(schedule: { from: string; to: string; minutes: number }): string | null {
  const span = minutesOf(schedule.to) - minutesOf(schedule.from);
  if (span < schedule.minutes) return 'from and to leave no room for one slot';
  if (span / schedule.minutes > MAX_SLOTS_A_DAY) return `at most ${MAX_SLOTS_A_DAY} slots a day`;
  return null;
}

export const SetScheduleRequest = z
  .object({ location_id: Id, ...scheduleShape })
  .refine((value) => scheduleProblem(value) === null, {
    message: 'from and to must leave room for one slot, and at most 96 a day',
    path: ['to'],
  });
export type SetScheduleRequest = z.infer<typeof SetScheduleRequest>;

export const CloseWindowRequest = z
  .object({
    location_id: Id,
    starts_at: zDateTime,
    ends_at: zDateTime,
    reason: z.string().trim().min(1).max(500),
  })
  .refine((value) => value.ends_at > value.starts_at, {
    message: 'ends_at must be after starts_at',
    path: ['ends_at'],
  });
export type CloseWindowRequest = z.infer<typeof CloseWindowRequest>;
export const CloseWindowResponse = z.object({ closure_id: Id });

export const Schedule = z.object({ location_id: Id, ...scheduleShape });
export type Schedule = z.infer<typeof Schedule>;
export const Closure = z.object({
  closure_id: Id,
  location_id: Id,
  starts_at: zDateTime,
  ends_at: zDateTime,
  reason: z.string(),
});
export type Closure = z.infer<typeof Closure>;

export const GetScheduleRequest = z.object({ location_id: Id });
export const GetScheduleResponse = z.object({
  schedule: Schedule.nullable(),
  /** Closures that have not ended yet, earliest first. */
  closures: z.array(Closure),
  time_zone: z.string(),
});
export type GetScheduleResponse = z.infer<typeof GetScheduleResponse>;

export const ListSlotsRequest = z.object({
  filters: z
    .strictObject({ location_id: Id, date_from: zDate, date_to: zDate })
    .refine((f) => f.date_from <= f.date_to, { message: 'date_from after date_to', path: ['date_to'] })
    .refine((f) => (Date.parse(f.date_to) - Date.parse(f.date_from)) / 86_400_000 < MAX_LIST_DAYS, {
      message: `at most ${MAX_LIST_DAYS} days`,
      path: ['date_to'],
    }),
});
export type ListSlotsRequest = z.infer<typeof ListSlotsRequest>;

export const SlotRow = z.object({
  slot_id: Id,
  location_id: Id,
  starts_at: zDateTime,
  ends_at: zDateTime,
  capacity: z.int(),
  booked: z.int(),
});
export type SlotRow = z.infer<typeof SlotRow>;
export const ListSlotsResponse = z.object({
  items: z.array(SlotRow),
  /** The zone the schedule's days and hours are in (SLOT_TIME_ZONE). */
  time_zone: z.string(),
});
export type ListSlotsResponse = z.infer<typeof ListSlotsResponse>;

export const BookSlotRequest = z.object({ kind: z.enum(ORDER_KINDS), head_id: Id, slot_id: Id });
export type BookSlotRequest = z.infer<typeof BookSlotRequest>;
export const BookSlotResponse = z.object({ booking_id: Id });
export const CancelBookingRequest = z.object({ booking_id: Id });

/** A warehouse event's booking part: the order's new slot, or null to cancel it. */
export const WmsBooking = z.strictObject({ slot_id: Id }).nullable();

/** One location's schedule in the warehouse's master data, the location named by its label. */
export const MasterSlotSchedule = z
  .strictObject({ location: z.string().trim().min(1).max(100), ...scheduleShape })
  .refine((value) => scheduleProblem(value) === null, { message: 'from and to leave no room for one slot' });
export type MasterSlotSchedule = z.infer<typeof MasterSlotSchedule>;

const ORDERING = { access: 'session', permission: ['pord', 'sord'] } as const;
const ADMIN = { access: 'session' } as const;

export const setSchedule = defineCall({
  path: '/slots/set_schedule',
  summary: "Role 99: replaces a location's weekly slot schedule; slots already booked keep their bookings.",
  ...ADMIN,
  request: SetScheduleRequest,
  response: Ok,
});

export const closeWindow = defineCall({
  path: '/slots/close_window',
  summary: 'Role 99: closes a location for a day or a window (holiday, inventory): no booking in it.',
  ...ADMIN,
  request: CloseWindowRequest,
  response: CloseWindowResponse,
});

export const getSchedule = defineCall({
  path: '/slots/get_schedule',
  summary: "A location's weekly schedule and its closures to come.",
  ...ORDERING,
  request: GetScheduleRequest,
  response: GetScheduleResponse,
});

export const listSlots = defineCall({
  path: '/slots/list_slots',
  summary: "A location's slots of the days given (both included) with their capacity and bookings.",
  ...ORDERING,
  request: ListSlotsRequest,
  response: ListSlotsResponse,
});

export const bookSlot = defineCall({
  path: '/slots/book_slot',
  summary: "Books an order's truck into a slot; booking again moves it.",
  ...ORDERING,
  request: BookSlotRequest,
  response: BookSlotResponse,
});

export const cancelBooking = defineCall({
  path: '/slots/cancel_booking',
  summary: "Cancels an order's slot booking.",
  ...ORDERING,
  request: CancelBookingRequest,
  response: Ok,
});
